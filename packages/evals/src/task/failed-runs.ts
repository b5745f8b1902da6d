import type { FailedRunDetails } from './task-types.js';

// What a run did before it failed, keyed by the error it failed with: a task rethrows the target's
// own error (so results show what the target said), and the experiment reads the details here.
const details = new WeakMap<object, FailedRunDetails>();

/** Attaches what a run did before failing to the error it failed with; returns the error. */
export function withFailedRun(error: unknown, run: FailedRunDetails): unknown {
  if (error !== null && typeof error === 'object') details.set(error, run);
  return error;
}

/** What the run that failed with `error` did, if its task said. */
export function failedRunOf(error: unknown): FailedRunDetails | undefined {
  return error !== null && typeof error === 'object' ? details.get(error) : undefined;
}
