import type { InteractionResponses, SuspendedRun } from '../agent/suspended-run.js';
import type { Usage } from '../chat/usage.js';
import type { JsonObject, JsonValue } from '../json.js';

/**
 * How a checkpointed node settled. Nodes are recorded when they settle, never while they run.
 * `suspended`: its agent waits for decisions (`NodeCheckpoint.suspended`); the node runs again,
 * resuming the agent, when the run is resumed with the responses.
 */
export type CheckpointNodeStatus = 'completed' | 'failed' | 'skipped' | 'suspended';

/**
 * Where a durable graph run is: queued (submitted, never claimed), running, suspended (a node's
 * agent waits for decisions: the run is resumed with the responses, it is not finished), or
 * finished (completed, failed, cancelled).
 */
export type GraphRunStatus =
  | 'queued'
  | 'running'
  | 'suspended'
  | 'completed'
  | 'failed'
  | 'cancelled';

/** The responses of a graph run's resume: for each suspended node (by id), its agent's responses. */
export type GraphRunResponses = { readonly [nodeId: string]: InteractionResponses };

/** The finished statuses: a run in one of them never runs again. */
export const FINISHED_GRAPH_RUN_STATUSES: readonly GraphRunStatus[] = Object.freeze([
  'completed',
  'failed',
  'cancelled',
]);

/** An error as a checkpoint stores it: JSON, no stack, no cause chain. */
export interface StoredError {
  readonly name: string;
  readonly message: string;
  /** The aigo error code (`timeout`, `validation`, …) when the error had one. */
  readonly code?: string;
}

/** One model call a node made, as its checkpoint keeps it (restored into the resumed run's overview). */
export interface CheckpointModelCall {
  /** The model the call was recorded under (priced by it on restore). */
  readonly model: string;
  readonly usage?: Usage;
}

/** A settled node, as the checkpoint stores it: JSON only. */
export interface NodeCheckpoint {
  readonly nodeId: string;
  readonly status: CheckpointNodeStatus;
  /** The node's output (completed nodes). */
  readonly output?: JsonValue;
  readonly metadata?: JsonObject;
  /** Why the node failed (failed nodes). */
  readonly error?: StoredError;
  /** Why the node was skipped (skipped nodes): `condition_not_met`, `upstream_failed`, … */
  readonly skipReason?: string;
  /** Attempts made by the attempt of the run that settled it. */
  readonly attempts: number;
  readonly durationMs: number;
  /** The sum of the usage of the node's model calls, when it made any. */
  readonly usage?: Usage;
  /** What the node's model and tool calls cost, in `currency`. */
  readonly cost?: number;
  readonly currency?: string;
  /** Each model call, so a resumed run's overview counts it once more — and only once. */
  readonly calls?: readonly CheckpointModelCall[];
  /**
   * What the node's agent suspended with (suspended nodes): the value `agent.resume` takes. The
   * node's model calls until then are in `calls`, `usage` and `cost`; when the run resumes, the
   * resumed agent reports them again (its resumed run counts what it paid before suspending), so
   * the resumed node's checkpoint replaces them, and they are counted once.
   */
  readonly suspended?: SuspendedRun;
}

/** Which graph a run belongs to: resuming with a different graph is refused. */
export interface GraphIdentity {
  /** The graph's registered name. */
  readonly name: string;
  /** The graph's version, as its author declares it. */
  readonly version: string;
  /** A digest of the graph's structure (node ids, edges, output node). */
  readonly fingerprint: string;
}

/** Everything a checkpointer knows about one run. */
export interface GraphRunRecord {
  readonly runId: string;
  readonly graphName: string;
  /** Set by the first claim. */
  readonly graphVersion: string | undefined;
  readonly fingerprint: string | undefined;
  readonly status: GraphRunStatus;
  /** The run's input (its initial shared state). */
  readonly input: JsonObject;
  /** The shared state as of the last recorded change. */
  readonly state: JsonObject;
  /** The settled nodes by id. */
  readonly nodes: Readonly<Record<string, NodeCheckpoint>>;
  /** The fencing token of the latest claim (0 before the first). */
  readonly fencingToken: number;
  /** How many times the run was claimed. */
  readonly claims: number;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly updatedAt: number;
  /** When the run's timeout ends it, across every attempt (ms since the epoch). */
  readonly deadline: number | undefined;
  /** Someone asked to cancel the run. */
  readonly cancelRequested: boolean;
  /** The output node's output (completed runs). */
  readonly output?: JsonValue;
  /** Why the run failed or was cancelled. */
  readonly error?: StoredError;
  /** When the run last suspended (ms since the epoch), while it is `suspended`. */
  readonly suspendedAt?: number;
  /**
   * The responses of the resume that claimed the run last (cleared when it suspends again): a claim
   * after a crash mid-resume re-runs the suspended nodes with them.
   */
  readonly responses?: GraphRunResponses;
}

/** The light view of a run a running execution polls: cancellation and the current lease. */
export interface GraphRunStatusView {
  readonly status: GraphRunStatus;
  readonly fencingToken: number;
  readonly cancelRequested: boolean;
}
