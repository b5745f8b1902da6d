import type { Tool, ToolCall } from '@aigo/ai';

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
}

/** What `afterToolCall` learns: the call, its result (JSON or an error envelope) and how it went. */
export interface ToolCallOutcome<Context = unknown> extends ToolCallInfo<Context> {
  /** What the model will read: the tool's JSON output or `{"ok":false,"error":…}`. */
  readonly result: string;
  /** True when `result` is an error envelope. */
  readonly failed: boolean;
  /** True when `beforeToolCall` supplied the result and the tool did not run. */
  readonly skipped: boolean;
  readonly durationMs: number;
}

/**
 * Hooks around every tool execution. `beforeToolCall` may return a result (a string the model will
 * read) to skip the execution, or throw to block it: the model then reads an envelope with code
 * `tool_blocked` and the error's message. `afterToolCall` may return a string to replace the result
 * (throwing blocks the result the same way). Hooks may be async. An `AbortError` thrown by a hook
 * stops the whole run.
 */
export interface ToolHooks<Context = unknown> {
  beforeToolCall?(call: ToolCallInfo<Context>): string | undefined | Promise<string | undefined>;
  afterToolCall?(
    outcome: ToolCallOutcome<Context>,
  ): string | undefined | Promise<string | undefined>;
}
