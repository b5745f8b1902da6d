import type { ToolMetrics } from '../cost/cost.js';
import type { JsonSchema } from '../json.js';

/**
 * What a model is told about a function tool: its name, what it does, and the JSON Schema of its
 * arguments. `metrics` never goes on the wire; it feeds cost tracking and system-prompt enrichment.
 */
export interface ToolDescription {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  /** Ask the provider to enforce the schema exactly (OpenAI `strict`), where it can. */
  readonly strict?: boolean;
  readonly metrics?: ToolMetrics;
}

/**
 * A tool the provider runs itself (Gemini's Google Search, URL context, code execution). Made by
 * factories in the provider's own package; a provider given an id it does not know rejects it with an
 * error naming the tool.
 */
export interface ProviderTool {
  readonly type: 'provider';
  /** `<provider>.<tool>`, e.g. `gemini.google_search`. */
  readonly id: string;
  readonly options?: { readonly [key: string]: unknown };
}

/** A tool in a request: a function the application runs, or a tool the provider runs. */
export type RequestTool = ToolDescription | ProviderTool;

/** True for provider-run tools. */
export function isProviderTool(tool: RequestTool): tool is ProviderTool {
  return (tool as ProviderTool).type === 'provider';
}
