import { checkModelLimitsOption, type ModelLimitsOption, ValidationError } from '@aigo/ai';
import type { HttpClientOptions } from '@aigo/http';
import { type OpenAIPrices, validateOpenAIPrices } from './prices/openai-price-list.js';
import { isRecord } from './shared/json-guards.js';

/** Which OpenAI API a provider calls. */
export type OpenAIApi = 'chat' | 'responses';

/**
 * Options of {@link openai}. Every option is optional: `openai()` alone talks to api.openai.com with
 * `OPENAI_API_KEY`. Explicit options always win over the environment.
 */
export interface OpenAIProviderOptions {
  /**
   * The API key, sent as `Authorization: Bearer <key>`. Default: the `OPENAI_API_KEY` environment
   * variable, read at the first call. Against api.openai.com a missing key fails that call before
   * any request, with an error naming `OPENAI_API_KEY`; other servers (Ollama, vLLM, LM Studio) are
   * called without one.
   */
  readonly apiKey?: string;
  /**
   * The API's base URL, to which `/chat/completions` or `/responses` is appended. Default:
   * `OPENAI_BASE_URL` (the standard name, as in the official SDKs), then `OPENAI_API_BASE_URL`
   * (the older name, still read), then `https://api.openai.com/v1`. For Ollama:
   * `http://localhost:11434/v1`.
   */
  readonly baseURL?: string;
  /**
   * `'chat'` (Chat Completions), `'responses'` (Responses API), or `'auto'` (the default): the
   * Responses API for api.openai.com, Chat Completions for every other base URL (compatible
   * servers implement that one). `sendMessage` and `streamMessage` always use the same API.
   */
  readonly api?: OpenAIApi | 'auto';
  /**
   * Responses API: let OpenAI store responses (`store`). Default `false`: OpenAI stores by default,
   * and an application should opt in, not out. With `false`, reasoning items travel back encrypted.
   */
  readonly store?: boolean;
  /** Sent as `OpenAI-Organization`. */
  readonly organization?: string;
  /** Sent as `OpenAI-Project`. */
  readonly project?: string;
  /** Extra headers sent with every request (an Azure `api-key`, a gateway's own header). */
  readonly headers?: { readonly [name: string]: string };
  /** The model used when a request's `model` is empty. */
  readonly defaultModel?: string;
  /**
   * Chat Completions streams: send `stream_options: { include_usage: true }` so every stream ends
   * with its token usage. Default `true`; turn it off for a server that rejects the option.
   */
  readonly includeStreamUsage?: boolean;
  /**
   * Send JSON-schema response formats as `json_schema` (default `true`). `false` sends
   * `json_object` instead, for compatible servers that lack structured outputs.
   */
  readonly structuredOutputs?: boolean;
  /** The default deadline of each call in milliseconds (10 minutes unless set). */
  readonly timeoutMs?: number;
  /**
   * Whose list prices `modelCost(model)` answers with. `'auto'` (the default) picks the list by
   * the base URL: OpenAI's for api.openai.com, DeepSeek's for api.deepseek.com, OpenRouter's,
   * Groq's, xAI's, … (the package README lists them) — and none for any other server (Ollama,
   * vLLM, a proxy): a server that is not OpenAI never gets OpenAI's prices. A list id (`'openai'`,
   * `'deepseek'`, …) names the list, for a gateway that forwards to that provider; `false` turns
   * list prices off.
   */
  readonly prices?: OpenAIPrices;
  /**
   * Context windows and output limits by model name, over those of the price list `prices` picked
   * (`modelLimits(model)`; a client fits its requests into them). For a model neither knows, a
   * client trims nothing unless the application sets a budget.
   */
  readonly modelLimits?: ModelLimitsOption;
  /**
   * An undici `Dispatcher` to send requests through (a `ProxyAgent`, a shared `Agent`, a mock).
   * The provider does not close a dispatcher it was given.
   */
  readonly dispatcher?: HttpClientOptions['dispatcher'];
  /**
   * The most values one `/embeddings` request carries; `embed` splits longer requests. Default
   * 2048 (OpenAI's limit); lower it for a compatible server with a smaller one.
   */
  readonly maxEmbeddingsPerCall?: number;
}

/**
 * Checks the options of `openai()`.
 *
 * @throws ValidationError naming the first option of the wrong kind (`options.api`,
 * `options.headers.x-name`, …). The base URL is checked where it is resolved, with the environment.
 */
export function validateOpenAIProviderOptions(options: OpenAIProviderOptions): void {
  if (!isRecord(options as unknown)) throw new ValidationError('options', 'must be an object');
  for (const key of ['apiKey', 'baseURL', 'organization', 'project', 'defaultModel'] as const) {
    const value = options[key];
    if (value !== undefined && typeof value !== 'string') {
      throw new ValidationError(`options.${key}`, 'must be a string');
    }
  }
  for (const key of ['store', 'includeStreamUsage', 'structuredOutputs'] as const) {
    const value = options[key];
    if (value !== undefined && typeof value !== 'boolean') {
      throw new ValidationError(`options.${key}`, 'must be a boolean');
    }
  }
  if (
    options.api !== undefined &&
    options.api !== 'auto' &&
    options.api !== 'chat' &&
    options.api !== 'responses'
  ) {
    throw new ValidationError('options.api', 'must be "chat", "responses" or "auto"');
  }
  if (options.headers !== undefined) {
    if (!isRecord(options.headers as unknown))
      throw new ValidationError('options.headers', 'must be an object');
    for (const [name, value] of Object.entries(options.headers)) {
      if (typeof value !== 'string') {
        throw new ValidationError(`options.headers.${name}`, 'must be a string');
      }
    }
  }
  validateOpenAIPrices(options.prices);
  checkModelLimitsOption(options.modelLimits);
  if (
    options.timeoutMs !== undefined &&
    (typeof options.timeoutMs !== 'number' || !(options.timeoutMs > 0))
  ) {
    throw new ValidationError('options.timeoutMs', 'must be a positive number of milliseconds');
  }
  const batch = options.maxEmbeddingsPerCall;
  if (batch !== undefined && (typeof batch !== 'number' || !Number.isInteger(batch) || batch < 1)) {
    throw new ValidationError('options.maxEmbeddingsPerCall', 'must be a positive integer');
  }
}
