import type { InteractionResponses, Span, SuspendedRun } from '@aigo/ai';
import type { Client, Overview } from '@aigo/client';
import type { SharedState } from '../state/shared-state.js';

/**
 * Where a node is in its run. `pending` until it starts or is skipped; `suspended` when its agent
 * waits for decisions (the run is resumed with `graph.resume`).
 */
export type NodeStatus = 'pending' | 'running' | 'completed' | 'failed' | 'skipped' | 'suspended';

/** What a suspended node resumes with: its agent's suspended run and the responses to it. */
export interface NodeResume {
  /** What the node's agent suspended with (`AgentStoppedError.suspended`). */
  readonly suspended: SuspendedRun;
  /** The responses of `graph.resume` for this node, by request id. */
  readonly responses: InteractionResponses;
}

/** What a node produced: its output, and anything else it wants to report. */
export interface NodeResult<O = unknown> {
  readonly output: O;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/**
 * What the graph stores for a settled node (the state provider's `setNodeResult`): the executor's
 * result plus the measured duration, or, for a failed node, the error.
 */
export interface StoredNodeResult<O = unknown> extends NodeResult<O> {
  /** Wall time of the node, all attempts and backoff included, in milliseconds. */
  readonly durationMs: number;
  /** Set when the node failed. */
  readonly error?: unknown;
  /** Set when the node's agent suspended. */
  readonly suspended?: SuspendedRun;
}

/**
 * Everything a node receives. Properties are computed on first read, so a node pays only for what
 * it uses.
 */
export interface NodeInput {
  /** This node's id. */
  readonly nodeId: string;
  /** The attempt being run: 1, then 2… when the node has a `retry` policy. */
  readonly attempt: number;
  /**
   * `"<runId>/<nodeId>"`: the same on every attempt of this node in this run — retries and the
   * re-run after a crash of a durable run included. Pass it as the idempotency key of a side effect
   * (a payment, an e-mail) so that running the node again does not repeat it.
   */
  readonly attemptKey: string;
  /**
   * The result of every parent that completed, by parent id: `upstreamResults[parentId].output`.
   * A parent that failed or was skipped (possible with `join: 'any'`) is absent.
   */
  readonly upstreamResults: Readonly<Record<string, NodeResult>>;
  /** This execution's shared state (async get/set/getAll, backed by its state provider). */
  readonly sharedState: SharedState;
  /** The node's `params` (frozen; `{}` when none were given). */
  readonly params: Readonly<Record<string, unknown>>;
  /**
   * The node's client (its own `client` option, else the graph's `defaultClient`), **pre-bound**:
   * every call made through it (`sendMessage`, `streamMessage`, `continueConversation`,
   * `executeToolCalls`) records into {@link overview}, is cancelled by {@link signal}, and nests
   * its spans under the node's span — unless the call passes its own `overview` or `span` (a
   * `signal` it passes is combined with the node's). Reading it throws `ValidationError` when the
   * node has no client.
   */
  readonly client: Client;
  /**
   * Fires when the node must stop: its `timeout` passed (reason `TimeoutError`), the execution
   * timed out or was aborted, or, under `fail_fast`, another node failed (reason `AbortError`).
   * Created on first read; honour it to stop work the graph no longer waits for.
   */
  readonly signal: AbortSignal;
  /**
   * The node's overview, priced with the node's client's `modelCost`. The graph merges it into the
   * execution's overview when the node settles. Record into it by hand for calls made with another
   * client (`otherClient.sendMessage(p, { overview: input.overview })`).
   */
  readonly overview: Overview;
  /** The node's span (a child of the graph's span) when the graph has an observer. */
  readonly span: Span | undefined;
  /**
   * Set when the node runs again in a resumed run (`graph.resume`) after its agent suspended: the
   * agent's suspended run and the responses for it. Continue the agent with
   * `agent.resume(resume.suspended, resume.responses)` instead of starting it again (`agentNode`
   * does). Every attempt of the node in that execution receives it.
   */
  readonly resume: NodeResume | undefined;
}

/** A node as an object: `execute` resolves to the node's result. */
export interface NodeExecutor<O = unknown> {
  execute(input: NodeInput): Promise<NodeResult<O>>;
}

/** A node as a function: its return value (or what its promise resolves to) is the output. */
export type NodeFunction<O = unknown> = (input: NodeInput) => O | Promise<O>;

/** How a node with several incoming edges decides to run once they are all settled. */
export type JoinMode = 'all' | 'any';

/** When a node is retried after a failure, and how long it waits before each retry. */
export interface RetryOptions {
  /** Retries after the first attempt (at least 0). */
  readonly maxRetries: number;
  /** The wait before the first retry, in ms. Default 1 000. */
  readonly initialBackoffMs?: number;
  /** The wait grows by this factor per retry. Default 2. */
  readonly multiplier?: number;
  /** No wait exceeds this, in ms. Default 30 000. */
  readonly maxBackoffMs?: number;
  /** Wait a uniformly random time up to the computed backoff (full jitter). Default false. */
  readonly jitter?: boolean;
  /**
   * Whether an error deserves another attempt (default: every error). Never asked once the
   * execution is stopping; a node's own timeout is an ordinary error here.
   */
  readonly retryable?: (error: unknown, attempt: number) => boolean;
}

/** Options of `graph.addNode`. */
export interface NodeOptions {
  /** The client this node's `input.client` is bound to (default: the graph's `defaultClient`). */
  readonly client?: Client;
  /** Each attempt is aborted and failed with `TimeoutError` after this many ms. */
  readonly timeout?: number;
  /** Static parameters given to the node as `input.params`. */
  readonly params?: Readonly<Record<string, unknown>>;
  /** Retry the node after a failure, with exponential backoff. */
  readonly retry?: RetryOptions;
  /**
   * `'all'` (default): run when every incoming edge is active. `'any'`: run when at least one is
   * active and the others are settled. Otherwise the node is skipped.
   */
  readonly join?: JoinMode;
}

/** What an edge condition sees. */
export interface EdgeConditionInput {
  /** The edge's source (the parent that just completed). */
  readonly from: string;
  /** The edge's target. */
  readonly to: string;
  /** The source's result. */
  readonly result: NodeResult;
  /**
   * The result of every node of this execution completed so far, by id: a live, read-only view
   * (it grows as the execution goes on; copy what you keep).
   */
  readonly results: Readonly<Record<string, NodeResult>>;
  /** The execution's shared state. */
  readonly sharedState: SharedState;
}

/**
 * Decides, when the source completes, whether the edge is active. Evaluated once per execution.
 * A throw (or rejection) fails the edge's target node.
 */
export type EdgeCondition = (input: EdgeConditionInput) => boolean | Promise<boolean>;

/** Options of `graph.addEdge`. */
export interface EdgeOptions {
  /** Without one the edge is active whenever its source completes. */
  readonly condition?: EdgeCondition;
}
