import type { GraphStopReason } from '../graph-errors.js';
import type { AttemptHost } from './node-attempt.js';

/** What the scheduler needs from its execution: what attempts need, and the execution's end. */
export interface SchedulerHost extends AttemptHost {
  /** Ends the execution without its output (once). */
  stop(reason: GraphStopReason, cause: unknown, failedNode?: number): void;
  /** Finishes the execution once every node settled and no write or condition is pending. */
  maybeFinish(): void;
}
