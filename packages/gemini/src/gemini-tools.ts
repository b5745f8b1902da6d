import { type ProviderTool, ValidationError } from '@aigo/ai';

/** The ids of the tools Gemini runs itself. */
export const GEMINI_PROVIDER_TOOL_IDS = Object.freeze({
  googleSearch: 'gemini.google_search',
  urlContext: 'gemini.url_context',
  codeExecution: 'gemini.code_execution',
} as const);

/** One of {@link GEMINI_PROVIDER_TOOL_IDS}. */
export type GeminiProviderToolId =
  (typeof GEMINI_PROVIDER_TOOL_IDS)[keyof typeof GEMINI_PROVIDER_TOOL_IDS];

/** Options of Google Search grounding (sent as the `googleSearch` tool's body). */
export interface GoogleSearchOptions {
  /** Only search results in this time range (`{ startTime, endTime }`, RFC 3339). */
  readonly timeRangeFilter?: { readonly startTime: string; readonly endTime: string };
}

function providerTool(id: GeminiProviderToolId, options?: object): ProviderTool {
  if (options === undefined) return Object.freeze({ type: 'provider', id });
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  return Object.freeze({
    type: 'provider',
    id,
    options: Object.freeze({ ...(options as { [key: string]: unknown }) }),
  });
}

/**
 * Gemini's built-in tools, as provider-tool values for `ChatRequest.tools`. Gemini runs them itself:
 * the answer comes back with `grounding` (Google Search, URL context) or `codeExecutions`. Another
 * provider given one of these rejects it with an error naming the tool.
 *
 * @example
 * ```ts
 * await provider.sendMessage({ model, messages, tools: [geminiTools.googleSearch()] });
 * ```
 */
export const geminiTools = Object.freeze({
  /** Grounding with Google Search (`{ googleSearch: {} }`). */
  googleSearch(options?: GoogleSearchOptions): ProviderTool {
    return providerTool(GEMINI_PROVIDER_TOOL_IDS.googleSearch, options);
  },
  /** Lets the model read the URLs named in the prompt (`{ urlContext: {} }`). */
  urlContext(): ProviderTool {
    return providerTool(GEMINI_PROVIDER_TOOL_IDS.urlContext);
  },
  /** Lets the model write and run Python (`{ codeExecution: {} }`). */
  codeExecution(): ProviderTool {
    return providerTool(GEMINI_PROVIDER_TOOL_IDS.codeExecution);
  },
});
