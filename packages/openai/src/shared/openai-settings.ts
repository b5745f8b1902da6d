/**
 * What the request builders need to know about the provider they build for. Resolved once by
 * `openai()`; plain data, so builders stay pure and testable.
 */
export interface OpenAISettings {
  /** The provider id put on errors and read from `providerOptions` (`openai`). */
  readonly providerId: string;
  /** True when the base URL is OpenAI's own API (`api.openai.com`). */
  readonly isOpenAIHost: boolean;
  /** Responses API: keep responses on OpenAI's servers (`store`). */
  readonly store: boolean;
  /** Chat Completions streams: ask for the final usage chunk (`stream_options.include_usage`). */
  readonly includeStreamUsage: boolean;
  /** Send JSON schemas as `json_schema`; `false` falls back to `json_object` for older servers. */
  readonly structuredOutputs: boolean;
  /** The model used when a request names none. */
  readonly defaultModel: string | undefined;
}

/** Settings for tests and for building bodies without a provider: OpenAI's own host. */
export const DEFAULT_SETTINGS: OpenAISettings = Object.freeze({
  providerId: 'openai',
  isOpenAIHost: true,
  store: false,
  includeStreamUsage: true,
  structuredOutputs: true,
  defaultModel: undefined,
});
