import type { JsonSchema } from '../json.js';
import type { Message } from '../messages/message.js';
import type { RequestTool } from '../tools/tool-description.js';

/** Which tools the model may or must call. */
export type ToolChoice = 'auto' | 'none' | 'required' | { readonly name: string };

/** Plain text, or JSON that follows a schema. */
export type ResponseFormat =
  | { readonly type: 'text' }
  | {
      readonly type: 'json';
      /** The schema the answer must follow. Without one the provider is only asked for JSON. */
      readonly schema?: JsonSchema;
      /** A name for the schema (OpenAI requires one; defaults to `response`). */
      readonly name?: string;
      readonly description?: string;
      /** Ask the provider to enforce the schema exactly, where it can. */
      readonly strict?: boolean;
    };

/** How much the model should think before answering, where the model supports it. */
export interface ReasoningOptions {
  readonly effort?: 'minimal' | 'low' | 'medium' | 'high';
  /** A token budget for thinking (Gemini `thinkingBudget`); 0 disables, -1 lets the model decide. */
  readonly budgetTokens?: number;
  /** Return the model's thought summaries as `reasoning`. */
  readonly includeThoughts?: boolean;
}

/**
 * One model call. Unset fields are `undefined` — never 0 — so `temperature: 0` is a real request.
 * `messages` excludes the system prompt, which travels in `systemPrompt`.
 */
export interface ChatRequest {
  readonly model: string;
  readonly messages: readonly Message[];
  readonly systemPrompt?: string;
  readonly tools?: readonly RequestTool[];
  readonly toolChoice?: ToolChoice;
  readonly responseFormat?: ResponseFormat;
  readonly temperature?: number;
  readonly topP?: number;
  readonly maxOutputTokens?: number;
  readonly stop?: readonly string[];
  readonly seed?: number;
  readonly reasoning?: ReasoningOptions;
  /** Provider-specific settings, keyed by provider id (`{ openai: { … } }`). */
  readonly providerOptions?: { readonly [providerId: string]: { readonly [key: string]: unknown } };
}
