import type { A2ARequest } from '../agent/a2a-request.js';
import type { ParentRun } from '../agent/parent-run.js';
import type { Prompt } from '../agent/prompt.js';
import type { SteerResult } from '../agent/run-state.js';
import type { ToolMetrics } from '../cost/cost.js';
import type { Principal } from '../guardrails/principal.js';
import type { JsonObject } from '../json.js';
import type { Span } from '../observability/observer.js';
import type { ToolDescription } from './tool-description.js';
import type { ToolProgress } from './tool-progress.js';
import type { ToolResult } from './tool-result.js';

export type { ToolProgress } from './tool-progress.js';

/** What a tool's `execute` receives besides its input. */
export interface ToolContext<Context = unknown> {
  /** Fires when the run is cancelled; long-running tools should stop. Always present. */
  readonly signal: AbortSignal;
  /** The id of the model's call, when the tool runs for one. */
  readonly toolCallId: string | undefined;
  /** The span of this tool execution (nest your own spans under it). */
  readonly span: Span | undefined;
  /** Whatever the application passed to the run. */
  readonly context: Context;
  /**
   * The A2A request the run answers, when the agent is served over A2A (`serveA2A`): the caller's
   * message id, context, task, referenced tasks, metadata and principal. `undefined` otherwise.
   */
  readonly a2a: A2ARequest | undefined;
  /**
   * The id of the run (agent run, graph run) the call belongs to, stable across the run's calls and
   * across a suspended run's resumption: a tool that keeps state per run (a remote task) keys it by
   * this id. `undefined` outside a run.
   */
  readonly runId: string | undefined;
  /** Who the run acts for (its `principal` option); `undefined` when the run names none. */
  readonly principal: Principal | undefined;
  /** Reports progress; cheap, and a no-op when nobody listens. */
  progress(update: ToolProgress): void;
  /**
   * The run's state: one JSON object per agent run that its tools, hooks and policies read and write
   * (`ctx.state.plan = …`), kept in suspended values and run states and returned as `result.state`.
   * Outside a run, an empty object of this call only.
   */
  readonly state: JsonObject;
  /**
   * Queues a message (text, content parts or a user message) into the run: it joins the
   * conversation at the next model call, after every tool result of this step. `finished` when the
   * run already ended — or outside a run, where there is nothing to steer.
   *
   * @throws ValidationError (argument `message`) when the message is not a prompt.
   */
  steer(message: Prompt): SteerResult;
  /**
   * The agent run this call belongs to, for tools that run agents (`agentTool`, remote agents): where
   * their sub-run's events and cost go. `undefined` outside an agent run.
   */
  readonly parentRun?: ParentRun;
}

/** The optional context of `tool.call`. */
export interface ToolCallOptions<Context = unknown> {
  readonly signal?: AbortSignal;
  readonly toolCallId?: string;
  readonly span?: Span;
  readonly context?: Context;
  /** The A2A request the run answers (`ToolContext.a2a`). */
  readonly a2a?: A2ARequest;
  /** The run the call belongs to (`ToolContext.runId`). */
  readonly runId?: string;
  /** Who the run acts for (`ToolContext.principal`). */
  readonly principal?: Principal;
  /** Receives the tool's progress reports (`ToolContext.progress`). */
  readonly onProgress?: (update: ToolProgress) => void;
  /** The run's state (`ToolContext.state`); an empty object of the call when unset. */
  readonly state?: JsonObject;
  /** Steers the run (`ToolContext.steer`); unset, `ctx.steer` answers `finished`. */
  readonly steer?: (message: Prompt) => SteerResult;
  /** The agent run the call belongs to (`ToolContext.parentRun`). */
  readonly parentRun?: ParentRun;
}

/**
 * A function tool: what an agent or client needs to offer it to a model and to run it. Third-party
 * tool packages export values of this shape (usually made with `defineTool`).
 */
export interface Tool<Context = unknown> {
  readonly name: string;
  readonly description: ToolDescription;
  readonly metrics: ToolMetrics | undefined;
  /**
   * Runs the tool on the model's JSON arguments. Resolves to the output as JSON, or to the error
   * envelope `{"ok":false,"error":{"code","message"}}` the model can read; rejects only with
   * `AbortError` when the signal aborts, so the run stops.
   */
  call(argumentsJson: string, options?: ToolCallOptions<Context>): Promise<string>;
  /**
   * Optional richer form of `call`: the same text as `output`, plus media parts and structured
   * content. Callers that can use parts (the client, MCP and A2A servers) call it when it is
   * present, through `callTool`; a tool that has it must resolve `call` to its `output`.
   */
  callWithResult?(argumentsJson: string, options?: ToolCallOptions<Context>): Promise<ToolResult>;
}
