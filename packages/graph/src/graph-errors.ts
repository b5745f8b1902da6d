import {
  AgentStoppedError,
  type AgentStopReason,
  type SuspendedRun,
  ValidationError,
} from '@aigo/ai';
import type { GraphOverview } from './graph-result.js';

/** What is wrong with a graph's shape. */
export type GraphProblem =
  | 'duplicate_node'
  | 'duplicate_edge'
  | 'unknown_node'
  | 'self_loop'
  | 'cycle'
  | 'missing_output_node'
  | 'unreachable_output_node'
  | 'empty_graph';

/**
 * A graph that cannot run: `problem` says what, `nodeIds` names the culprits (for a cycle, the
 * cycle's path, its first node repeated at the end). A `ValidationError`, so `argument` is
 * `'graph'`.
 */
export class GraphValidationError extends ValidationError {
  static override readonly marker: symbol = Symbol.for('@aigo/graph/GraphValidationError');
  readonly problem: GraphProblem;
  readonly nodeIds: readonly string[];

  constructor(problem: GraphProblem, detail: string, nodeIds: readonly string[]) {
    super('graph', detail);
    this.problem = problem;
    this.nodeIds = nodeIds;
  }
}

/** Why an execution stopped without a result. */
export type GraphStopReason =
  /** A node failed (`fail_fast`), or the output node failed (`continue_on_error`). */
  | 'node_failed'
  /** The output node was skipped (its incoming edges were inactive). */
  | 'output_skipped'
  /** The caller's signal aborted, or a stream's consumer stopped reading. */
  | 'aborted'
  /** `executionTimeout` passed. */
  | 'timeout'
  /** The state provider failed. */
  | 'state_error'
  /**
   * A node's agent waits for decisions and nothing else could run: the run is suspended (with a
   * checkpointer, resumable with `graph.resume`), not failed.
   */
  | 'suspended';

/** A node waiting for decisions in a suspended graph run. */
export interface GraphSuspension {
  readonly nodeId: string;
  /** What the node's agent suspended with: `suspended.requests` are what to ask. */
  readonly suspended: SuspendedRun;
}

/**
 * An execution ended without the output node's result. `reason` says why, `nodeId` names the node
 * concerned (for `node_failed` and `output_skipped`), `cause` is the underlying error (the node's
 * error, `AbortError`, `TimeoutError`…), and `overview` holds what the execution did up to then:
 * usage and cost of every model call, and every node's report (`overview.nodes`).
 *
 * It is an `AgentStoppedError` (code `agent_stopped`; `stopReason` `error`, `aborted` for `aborted`
 * and `timeout`, `suspended` for `suspended`), so code that handles stopped — or suspended — ReAct
 * runs handles graphs too. A suspended graph carries one {@link GraphSuspension} per waiting node
 * in `suspensions` (its `suspended` is undefined: a graph resumes with
 * `graph.resume(runId, { [nodeId]: responses })`, not `agent.resume`), and `runId`.
 */
export class GraphStoppedError extends AgentStoppedError<GraphOverview> {
  static override readonly marker: symbol = Symbol.for('@aigo/graph/GraphStoppedError');
  readonly reason: GraphStopReason;
  readonly nodeId: string | undefined;
  /** The nodes that wait for decisions (reason `suspended`; empty otherwise). */
  readonly suspensions: readonly GraphSuspension[];
  /** The run's id (`options.runId`, else the id the execution made up). */
  readonly runId: string | undefined;

  constructor(
    reason: GraphStopReason,
    message: string,
    overview: GraphOverview,
    options: {
      cause?: unknown;
      nodeId?: string | undefined;
      suspensions?: readonly GraphSuspension[];
      runId?: string | undefined;
    },
  ) {
    const stopReason: AgentStopReason =
      reason === 'aborted' || reason === 'timeout'
        ? 'aborted'
        : reason === 'suspended'
          ? 'suspended'
          : 'error';
    super(stopReason, message, overview, { cause: options.cause });
    this.reason = reason;
    this.nodeId = options.nodeId;
    this.suspensions = Object.freeze([...(options.suspensions ?? [])]);
    this.runId = options.runId;
  }

  /** Secret-free: of each suspension only the node, the agent's run id and its requests. */
  override toJSON(): Record<string, unknown> {
    const { suspensions: _suspensions, ...rest } = super.toJSON();
    if (this.suspensions.length === 0) return rest;
    return {
      ...rest,
      suspensions: this.suspensions.map(({ nodeId, suspended }) => ({
        nodeId,
        runId: suspended.runId,
        requests: suspended.requests,
      })),
    };
  }
}
