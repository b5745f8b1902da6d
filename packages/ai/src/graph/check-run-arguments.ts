import { ValidationError } from '../errors/validation-error.js';
import { MAX_RUN_ID_LENGTH } from '../runs/run-id.js';
import type { NewGraphRun } from './graph-checkpointer.js';
import type { GraphRunHandler, GraphRunJob, GraphRunWorkOptions } from './graph-run-queue.js';
import type { GraphRunResponses } from './graph-run-record.js';

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

/**
 * Checks the responses of a graph run's resume: an object whose every entry (by suspended node id)
 * is an object of interaction responses by request id; else a `ValidationError` naming the entry.
 */
export function checkGraphRunResponses(
  responses: unknown,
  argument = 'responses',
): asserts responses is GraphRunResponses {
  if (responses === null || typeof responses !== 'object' || Array.isArray(responses)) {
    throw new ValidationError(argument, 'must be an object of responses by suspended node id');
  }
  for (const [nodeId, answers] of Object.entries(responses)) {
    if (answers === null || typeof answers !== 'object' || Array.isArray(answers)) {
      throw new ValidationError(
        `${argument}[${JSON.stringify(nodeId)}]`,
        'must be an object of interaction responses by request id',
      );
    }
    for (const [requestId, answer] of Object.entries(answers as Record<string, unknown>)) {
      if (
        answer === null ||
        typeof answer !== 'object' ||
        typeof (answer as { approved?: unknown }).approved !== 'boolean'
      ) {
        throw new ValidationError(
          `${argument}[${JSON.stringify(nodeId)}][${JSON.stringify(requestId)}]`,
          'must be { approved: true, arguments? } or { approved: false, reason? }',
        );
      }
    }
  }
}

/**
 * Checks the resume fields of a queued job: `responses` and `suspension` (a positive integer, the
 * token of the suspension it answers) go together.
 */
export function checkResumeJob(job: {
  readonly responses?: unknown;
  readonly suspension?: unknown;
}): void {
  if (job.responses === undefined && job.suspension === undefined) return;
  checkGraphRunResponses(job.responses, 'job.responses');
  const suspension = job.suspension;
  if (typeof suspension !== 'number' || !Number.isSafeInteger(suspension) || suspension < 1) {
    throw new ValidationError(
      'job.suspension',
      'must be a positive integer (the fencing token of the suspension the resume answers), with job.responses',
    );
  }
}

/**
 * Checks a job given to a `GraphRunQueue`'s `enqueue`: an object with a run id, a graph name, a JSON
 * object as input, and the resume fields together or not at all ({@link checkResumeJob}).
 *
 * @throws ValidationError naming `job` or its bad field.
 */
export function checkGraphRunJob(job: GraphRunJob): void {
  if (job === null || typeof job !== 'object') {
    throw new ValidationError('job', 'must be an object');
  }
  checkRunId(job.runId, 'job.runId');
  if (typeof job.graph !== 'string' || job.graph === '') {
    throw new ValidationError('job.graph', 'must be a non-empty string');
  }
  if (job.input === null || typeof job.input !== 'object' || Array.isArray(job.input)) {
    throw new ValidationError('job.input', 'must be a JSON object');
  }
  checkResumeJob(job);
}

/**
 * Checks the arguments of a `GraphRunQueue`'s `work`: a handler function, and a concurrency of at
 * least 1.
 *
 * @throws ValidationError naming `handler` or `options.concurrency`.
 */
export function checkGraphRunWork(handler: GraphRunHandler, options: GraphRunWorkOptions): void {
  if (typeof handler !== 'function') throw new ValidationError('handler', 'must be a function');
  if (!Number.isInteger(options?.concurrency) || options.concurrency < 1) {
    throw new ValidationError('options.concurrency', 'must be an integer of at least 1');
  }
}
