import { ValidationError } from '../errors/validation-error.js';
import type { NewGraphRun } from './graph-checkpointer.js';

/** The longest run id checkpointers and queues accept (it is a primary key and a queue key). */
export const MAX_RUN_ID_LENGTH = 200;

/** Checks a run id: a non-empty string of at most {@link MAX_RUN_ID_LENGTH} characters; else a `ValidationError` naming `argument`. */
export function checkRunId(runId: unknown, argument = 'runId'): asserts runId is string {
  if (typeof runId !== 'string' || runId === '' || runId.length > MAX_RUN_ID_LENGTH) {
    throw new ValidationError(
      argument,
      `must be a non-empty string of at most ${MAX_RUN_ID_LENGTH} characters`,
    );
  }
}

/** Checks the run id and fencing token of a checkpoint write. */
export function checkWrite(runId: unknown, fencingToken: unknown): void {
  checkRunId(runId);
  if (typeof fencingToken !== 'number' || !Number.isSafeInteger(fencingToken) || fencingToken < 1) {
    throw new ValidationError('fencingToken', 'must be a positive integer (the token of a claim)');
  }
}

/** Checks a run to create. */
export function checkNewRun(run: NewGraphRun): void {
  if (run === null || typeof run !== 'object')
    throw new ValidationError('run', 'must be an object');
  checkRunId(run.runId, 'run.runId');
  if (typeof run.graphName !== 'string' || run.graphName === '') {
    throw new ValidationError('run.graphName', 'must be a non-empty string');
  }
  if (run.input === null || typeof run.input !== 'object' || Array.isArray(run.input)) {
    throw new ValidationError('run.input', 'must be a JSON object');
  }
  if (run.timeoutMs !== undefined && !(Number.isFinite(run.timeoutMs) && run.timeoutMs > 0)) {
    throw new ValidationError('run.timeoutMs', 'must be a positive number of milliseconds');
  }
}
