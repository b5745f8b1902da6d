import type { Overview, StructuredOverview } from '@aigo/client';
import type { NodeResult, NodeStatus } from './plan/node-types.js';

/** Why a node was skipped. */
export type SkipReason =
  /** Its incoming edges' conditions left it no active edge (or, for `join: 'all'`, not all). */
  | 'condition_not_met'
  /** A parent it needed failed (`continue_on_error`). */
  | 'upstream_failed'
  /** A parent it needed was skipped. */
  | 'upstream_skipped'
  /** The execution stopped (a failure under `fail_fast`, an abort, a timeout) before it started. */
  | 'execution_stopped';

/** How one node of an execution ended. */
export interface NodeReport {
  readonly id: string;
  readonly status: NodeStatus;
  /** The node's result, when it completed. */
  readonly result?: NodeResult;
  /** The error of its last attempt, when it failed (or was cancelled while running). */
  readonly error?: unknown;
  /** Wall time from its start to its end (attempts and backoff included), in ms; 0 if it never ran. */
  readonly durationMs: number;
  /** Attempts started (0 if it never ran). */
  readonly attempts: number;
  /** Why it was skipped, when it was. */
  readonly skipReason?: SkipReason;
  /**
   * The node's own overview (its model calls, priced with its client's prices), when it used
   * `input.overview` or `input.client`. Already merged into the execution's overview.
   */
  readonly overview?: Overview;
}

/** How an execution that produced its output went: every node completed, or not all did. */
export type GraphStatus = 'completed' | 'partial';

/**
 * The execution's overview — the usage and cost of every model call made inside nodes, merged —
 * plus every node's report. Carried by `GraphStoppedError` when an execution stops.
 */
export type GraphOverview = Overview & {
  /** Every node's report, by id (computed on first read). */
  readonly nodes: Readonly<Record<string, NodeReport>>;
};

/**
 * What `graph.execute()` resolves to: a `StructuredOverview<T>` whose `data` is the output node's
 * output, with every node's report and the execution's status.
 */
export type GraphResult<T> = StructuredOverview<T> &
  GraphOverview & {
    /** `completed` when every node completed; `partial` when some failed or were skipped. */
    readonly status: GraphStatus;
  };
