import type { ProgressEvents } from '../events/progress-events.js';
import type { GraphPlan } from '../plan/graph-plan.js';
import type { StateProvider } from '../state/state-provider.js';
import type { ExecutionOutcome } from './execution-outcome.js';
import type { ExecutionRecords } from './execution-records.js';
import type { ReadyQueue } from './ready-queue.js';

/** What the scheduler and the edge joins of one execution share. */
export interface ExecutionParts {
  readonly plan: GraphPlan;
  readonly records: ExecutionRecords;
  readonly state: StateProvider;
  readonly queue: ReadyQueue;
  readonly outcome: ExecutionOutcome;
  /** Progress events, when the execution is streamed. */
  readonly events: ProgressEvents | undefined;
  /** `errorStrategy: 'fail_fast'`: the first failure stops the execution. */
  readonly failFast: boolean;
}
