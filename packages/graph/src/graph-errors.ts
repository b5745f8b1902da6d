import { AgentStoppedError, type AgentStopReason, ValidationError } from '@aigo/ai';
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
  | 'state_error';

/**
 * An execution ended without the output node's result. `reason` says why, `nodeId` names the node
 * concerned (for `node_failed` and `output_skipped`), `cause` is the underlying error (the node's
 * error, `AbortError`, `TimeoutError`…), and `overview` holds what the execution did up to then:
 * usage and cost of every model call, and every node's report (`overview.nodes`).
 *
 * It is an `AgentStoppedError` (code `agent_stopped`; `stopReason` `error`, or `aborted` for
 * `aborted` and `timeout`), so code that handles stopped ReAct runs handles stopped graphs too.
 */
export class GraphStoppedError extends AgentStoppedError<GraphOverview> {
  static override readonly marker: symbol = Symbol.for('@aigo/graph/GraphStoppedError');
  readonly reason: GraphStopReason;
  readonly nodeId: string | undefined;

  constructor(
    reason: GraphStopReason,
    message: string,
    overview: GraphOverview,
    options: { cause?: unknown; nodeId?: string | undefined },
  ) {
    const stopReason: AgentStopReason =
      reason === 'aborted' || reason === 'timeout' ? 'aborted' : 'error';
    super(stopReason, message, overview, { cause: options.cause });
    this.reason = reason;
    this.nodeId = options.nodeId;
  }
}
