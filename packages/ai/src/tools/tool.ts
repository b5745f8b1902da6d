import type { ToolMetrics } from '../cost.js';
import type { Span } from '../observability/observer.js';
import type { ToolDescription } from '../tool-description.js';

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
}

/** The optional context of `tool.call`. */
export interface ToolCallOptions<Context = unknown> {
  readonly signal?: AbortSignal;
  readonly toolCallId?: string;
  readonly span?: Span;
  readonly context?: Context;
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
}
