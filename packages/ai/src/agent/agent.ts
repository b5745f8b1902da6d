import type { Usage } from '../chat/usage.js';
import type { CostSummary } from '../cost/cost.js';
import type { Principal } from '../guardrails/principal.js';
import type { JsonObject } from '../json.js';
import type { MemoryProvider } from '../memory/memory.js';
import type { Span } from '../observability/observer.js';
import type { RunStore } from '../runs/run-store.js';
import type { ToolDescription } from '../tools/tool-description.js';
import type { A2ARequest } from './a2a-request.js';
import type { AgentEvent } from './agent-event.js';
import type { Prompt } from './prompt.js';
import type { SteerResult } from './run-state.js';
import type { InteractionResponses, SuspendedRun } from './suspended-run.js';

/** Per-run options every agent takes. */
export interface AgentRunOptions {
  /** Aborting it stops the run: the model call and the running tools. */
  readonly signal?: AbortSignal;
  /**
   * The conversation of this run, overriding the agent's own memory; `null` runs stateless. A server
   * that maps its conversations to memories (A2A context ids) passes one per conversation.
   */
  readonly memory?: MemoryProvider | null;
  /** Passed to every tool as `ctx.context`. */
  readonly context?: unknown;
  /** The A2A request the run answers (`serveA2A` passes it): every tool's `ctx.a2a`. */
  readonly a2a?: A2ARequest;
  /** A parent span for the run's span (a graph node's, or one continued from a remote caller). */
  readonly span?: Span;
  /** The run's id (`ToolContext.runId`); a fresh one when unset. */
  readonly runId?: string;
  /**
   * Where suspended runs are kept, overriding the agent's own. A run that suspends is saved there
   * before `execute` rejects; `resume` claims the run there (`RunStore.claim`) before any tool runs,
   * so of two racing resumes exactly one proceeds (the other rejects with `RunConflictError`), and
   * deletes it once the resumed run ends with a final answer.
   */
  readonly runStore?: RunStore;
  /**
   * The run's state when it starts (`ctx.state` of its tools and hooks): a JSON object the run reads
   * and writes, returned as `result.state`. Agents that keep no state ignore it. A session passes the
   * state its last prompt left.
   */
  readonly state?: JsonObject;
  /**
   * The agents this run serves as a tool, outermost first (`agentTool` sets it from the parent's
   * `ToolContext.parentRun`): the run's tools see the path with this agent added, and nesting deeper
   * than an agent tool's `maxDepth` is refused. Empty or unset for a top-level run.
   */
  readonly agentPath?: readonly string[];
  /**
   * Who the run acts for (`{ id, roles?, tenant? }`): in every tool's and hook's context, on the
   * run's span (`enduser.id`), saved with a suspended run and checked when it resumes. Agents that
   * know no principal ignore it.
   */
  readonly principal?: Principal;
}

/** What a finished run resolves to: its typed data, usage and cost. */
export interface AgentResult<T> {
  readonly data: T;
  /** The run's state as it ended (`ctx.state`), for agents that keep one. */
  readonly state?: JsonObject;
  /** Tokens of every model call of the run. */
  readonly totalUsage: Usage;
  /** What the run cost: models, tools, compute. */
  costSummary(): CostSummary;
}

/**
 * A streamed run: its events as they happen, ending with `final_answer`, `interaction_requested` or
 * `error`. `collect()` resolves or rejects as `execute` does.
 */
export interface AgentStream<T> extends AsyncIterable<AgentEvent<T>> {
  collect(): Promise<AgentResult<T>>;
  /**
   * Queues a message into the running run (agents that can be steered): it joins the conversation
   * at the next model call, announced by a `steering_message` event; `finished` once the run ended.
   */
  steer?(message: Prompt): SteerResult;
}

/**
 * An agent, structurally: what a server (A2A), a tool adapter or a graph needs to run, stream and
 * resume it without importing the package that made it. `createReAct` agents are agents; so is any
 * object of this shape.
 *
 * A run that stops without a final answer rejects with `AgentStoppedError`; one that waits for
 * decisions rejects with `stopReason: 'suspended'` and the `SuspendedRun` to resume.
 */
export interface Agent<T = unknown> {
  readonly name: string;
  /** What the agent does, for people and for other agents (an A2A card). */
  readonly description: string | undefined;
  /** The tools the agent can call, described (an A2A card lists them as skills). */
  readonly toolDescriptions: readonly ToolDescription[];
  execute(prompt: Prompt, options?: AgentRunOptions): Promise<AgentResult<T>>;
  executeStream(prompt: Prompt, options?: AgentRunOptions): AgentStream<T>;
  /** Continues a suspended run with a decision for each of its requests. */
  resume(
    suspended: SuspendedRun,
    responses: InteractionResponses,
    options?: AgentRunOptions,
  ): Promise<AgentResult<T>>;
  /** The streaming twin of `resume`. */
  resumeStream(
    suspended: SuspendedRun,
    responses: InteractionResponses,
    options?: AgentRunOptions,
  ): AgentStream<T>;
}
