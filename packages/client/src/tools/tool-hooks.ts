import {
  type ContentPart,
  type JsonObject,
  type Principal,
  type Steer,
  type Tool,
  type ToolCall,
  type ToolProgress,
  ValidationError,
} from '@aigo/ai';

/** What the tool hooks learn about a call before it runs. */
export interface ToolCallInfo<Context = unknown> {
  /** The model's call (id, name, JSON arguments). */
  readonly toolCall: ToolCall;
  /** The tool that will run it; `undefined` when the catalog has no tool of that name. */
  readonly tool: Tool<Context> | undefined;
  /** Whatever the application passed as `context`. */
  readonly context: Context | undefined;
  /** The run's signal. */
  readonly signal: AbortSignal | undefined;
  /** The id of the run the call belongs to (`ToolContext.runId`), when it runs in one. */
  readonly runId: string | undefined;
  /** Who the run acts for (`ToolContext.principal`), when it names one. */
  readonly principal: Principal | undefined;
  /** The run's state (`ToolContext.state`): the object the run's tools and hooks share. */
  readonly state: JsonObject;
  /** Steers the run (`ToolContext.steer`): `finished` outside a run. */
  readonly steer: Steer;
}

/** What `afterToolCall` learns: the call, its result (JSON or an error envelope) and how it went. */
export interface ToolCallOutcome<Context = unknown> extends ToolCallInfo<Context> {
  /** What the model will read: the tool's JSON output or `{"ok":false,"error":…}`. */
  readonly result: string;
  /** Media parts the tool gave besides the text (`withContent`); sent after `result`. */
  readonly content: readonly ContentPart[] | undefined;
  /** True when `result` is an error envelope. */
  readonly failed: boolean;
  /** True when `beforeToolCall` supplied the result and the tool did not run. */
  readonly skipped: boolean;
  readonly durationMs: number;
}

/** What `onToolProgress` learns: the call and the running tool's report (`ctx.progress`). */
export interface ToolProgressInfo<Context = unknown> extends ToolCallInfo<Context> {
  readonly tool: Tool<Context>;
  readonly progress: ToolProgress;
}

/**
 * Hooks around every tool execution. `beforeToolCall` may return a result (a string the model will
 * read) to skip the execution, or throw to block it: the model then reads an envelope with code
 * `tool_blocked` and the error's message. `afterToolCall` may return a string to replace the result
 * — the whole of it: content parts the tool gave are dropped — (throwing blocks the result the same
 * way). Hooks may be async. An `AbortError` thrown by a hook stops the whole run. `onToolProgress`
 * hears each progress report of a running tool, synchronously; what it throws is ignored.
 */
export interface ToolHooks<Context = unknown> {
  beforeToolCall?(call: ToolCallInfo<Context>): string | undefined | Promise<string | undefined>;
  afterToolCall?(
    outcome: ToolCallOutcome<Context>,
  ): string | undefined | Promise<string | undefined>;
  onToolProgress?(info: ToolProgressInfo<Context>): void;
}

/** The option names of the tool hooks. */
export const TOOL_HOOK_NAMES: readonly (keyof ToolHooks)[] = Object.freeze([
  'beforeToolCall',
  'afterToolCall',
  'onToolProgress',
]);

/**
 * The tool hooks set in `options` (client options, `executeToolCalls` options), alone and frozen.
 *
 * @throws ValidationError naming a hook that is set but not a function.
 */
export function pickToolHooks<Context>(options: ToolHooks<Context>): ToolHooks<Context> {
  const hooks: Record<string, unknown> = {};
  for (const name of TOOL_HOOK_NAMES) {
    const hook = options[name];
    if (hook === undefined) continue;
    if (typeof hook !== 'function') throw new ValidationError(name, 'must be a function');
    hooks[name] = hook;
  }
  return Object.freeze(hooks) as ToolHooks<Context>;
}
