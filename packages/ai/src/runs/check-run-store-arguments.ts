import { SUSPENDED_RUN_FORMAT, type SuspendedRun } from '../agent/suspended-run.js';
import { ValidationError } from '../errors/validation-error.js';
import { MAX_RUN_ID_LENGTH } from './run-id.js';

/**
 * Checks what a `RunStore` method is given — a `SuspendedRun` to save, a run id, a revision, the
 * options — so every store refuses the same bad input the same way.
 *
 * @throws ValidationError naming the argument.
 */
export const checkRunStoreArguments = {
  suspended(value: unknown): SuspendedRun {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ValidationError('suspended', 'must be a SuspendedRun');
    }
    const run = value as Partial<SuspendedRun>;
    if (run.format !== SUSPENDED_RUN_FORMAT) {
      throw new ValidationError('suspended.format', `must be "${SUSPENDED_RUN_FORMAT}"`);
    }
    checkRunId(run.runId, 'suspended.runId');
    if (!Array.isArray(run.requests)) {
      throw new ValidationError('suspended.requests', 'must be an array');
    }
    if (run.state === null || typeof run.state !== 'object' || Array.isArray(run.state)) {
      throw new ValidationError('suspended.state', 'must be an object');
    }
    return run as SuspendedRun;
  },
  runId(value: unknown): string {
    return checkRunId(value, 'runId');
  },
  revision(value: unknown, argument = 'revision'): number {
    if (!Number.isSafeInteger(value) || (value as number) < 0) {
      throw new ValidationError(argument, `must be a non-negative integer, got ${String(value)}`);
    }
    return value as number;
  },
  signal(options: unknown): AbortSignal | undefined {
    if (options === undefined) return undefined;
    if (options === null || typeof options !== 'object') {
      throw new ValidationError('options', 'must be an object');
    }
    const signal = (options as { signal?: unknown }).signal;
    if (signal !== undefined && !(signal instanceof AbortSignal)) {
      throw new ValidationError('signal', 'must be an AbortSignal');
    }
    return signal;
  },
};

function checkRunId(value: unknown, argument: string): string {
  if (typeof value !== 'string' || value === '' || value.length > MAX_RUN_ID_LENGTH) {
    throw new ValidationError(
      argument,
      `must be a non-empty string of at most ${MAX_RUN_ID_LENGTH} characters`,
    );
  }
  return value;
}
