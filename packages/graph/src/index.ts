/**
 * `@aigo/graph` — DAG workflows: nodes run on a ready queue as soon as their parents settle, under
 * one concurrency limit, with conditional edges (`join: 'all' | 'any'`), fail-fast or
 * continue-on-error, per-node timeouts and retries, an execution timeout, shared state, progress
 * events, the merged usage and cost of every model call made inside the nodes, durable runs
 * (checkpoints, workers) and runs that suspend while an agent node waits for a person.
 *
 * @packageDocumentation
 */
export { type AgentNodeOptions, agentNode } from './agent-node.js';
export {
  awaitGraphRun,
  cancelGraphRun,
  type GraphRunEvent,
  type GraphRunHandle,
  type PollOptions,
  type ResumeGraphRunOptions,
  resumeGraphRun,
  type SubmitGraphRunOptions,
  submitGraphRun,
  watchGraphRun,
} from './durable/graph-runs.js';
export {
  createGraphWorker,
  type GraphWorker,
  type GraphWorkerOptions,
  type RunnableGraph,
} from './durable/graph-worker.js';
export { inMemoryCheckpointer } from './durable/in-memory-checkpointer.js';
export { inMemoryGraphRunQueue } from './durable/in-memory-graph-run-queue.js';
export { jsonProblem } from './durable/json-problem.js';
export type {
  GraphCompleteEvent,
  GraphEvent,
  GraphEventBase,
  GraphEventType,
  NodeCompleteEvent,
  NodeFailedEvent,
  NodeSkippedEvent,
  NodeStartEvent,
  NodeSuspendedEvent,
} from './events/graph-events.js';
export { GraphStream } from './events/graph-stream.js';
export { type GraphAgentOptions, graphAgent } from './graph-agent.js';
export {
  type GraphProblem,
  GraphStoppedError,
  type GraphStopReason,
  type GraphSuspension,
  GraphValidationError,
} from './graph-errors.js';
export type {
  GraphOverview,
  GraphResult,
  GraphStatus,
  NodeReport,
  SkipReason,
} from './graph-result.js';
export { createGraph, type Graph } from './plan/create-graph.js';
export type {
  ErrorStrategy,
  ExecuteOptions,
  GraphOptions,
  ResumeOptions,
} from './plan/graph-options.js';
export type {
  EdgeCondition,
  EdgeConditionInput,
  EdgeOptions,
  JoinMode,
  NodeExecutor,
  NodeFunction,
  NodeInput,
  NodeOptions,
  NodeResult,
  NodeResume,
  NodeStatus,
  RetryOptions,
  StoredNodeResult,
} from './plan/node-types.js';
export { RETRY_DEFAULTS, retryDelay } from './run/index.js';
export { InMemoryStateProvider, inMemoryStateProvider } from './state/in-memory-state-provider.js';
export type { SharedState } from './state/shared-state.js';
export type { StateProvider } from './state/state-provider.js';
