import {
  checkModelLimitsOption,
  type ModelLimitsOption,
  type PriceListChoice,
  ValidationError,
} from '@aigo/ai';
import { checkProviderOptions, type ProviderConnectionOptions } from '@aigo/http';
import type { OpenAIPriceListId } from './prices/openai-prices.generated.js';

/** Which OpenAI API a provider calls. */
export type OpenAIApi = 'chat' | 'responses';

/**
 * Whose list prices `modelCost(model)` answers with: `'auto'` (the default) picks the list by the
 * base URL — OpenAI's for api.openai.com, DeepSeek's for api.deepseek.com, OpenRouter's, Groq's,
 * xAI's, … — and none for any other server; a list id names the list; `false` turns list prices off.
 */
export type OpenAIPrices = PriceListChoice<OpenAIPriceListId>;

/**
 * Options of {@link openai}. Every option is optional: `openai()` alone talks to api.openai.com with
 * `OPENAI_API_KEY`. Explicit options always win over the environment; `timeoutMs` and `dispatcher`
 * are those of every adapter.
 */
export interface OpenAIOptions extends ProviderConnectionOptions {
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
   * The most values one `/embeddings` request carries; `embed` splits longer requests. Default
   * 2048 (OpenAI's limit); lower it for a compatible server with a smaller one.
   */
  readonly maxEmbeddingsPerCall?: number;
}

/**
 * Checks the options of `openai()`: those of every adapter (`checkProviderOptions`), then OpenAI's
 * own. The base URL and `prices` are checked where they are resolved.
 *
 * @throws ValidationError naming the first option of the wrong kind (`options.api`,
 * `options.headers.x-name`, …), or one `openai()` does not take.
 */
export function validateOpenAIOptions(options: OpenAIOptions): void {
  checkProviderOptions(options, {
    factory: 'openai',
    known: [
      'api',
      'store',
      'organization',
      'project',
      'defaultModel',
      'includeStreamUsage',
      'structuredOutputs',
      'prices',
      'modelLimits',
      'maxEmbeddingsPerCall',
    ],
    strings: ['organization', 'project', 'defaultModel'],
    booleans: ['store', 'includeStreamUsage', 'structuredOutputs'],
  });
  if (
    options.api !== undefined &&
    options.api !== 'auto' &&
    options.api !== 'chat' &&
    options.api !== 'responses'
  ) {
    throw new ValidationError('options.api', 'must be "chat", "responses" or "auto"');
  }
  checkModelLimitsOption(options.modelLimits);
  const batch = options.maxEmbeddingsPerCall;
  if (batch !== undefined && (typeof batch !== 'number' || !Number.isInteger(batch) || batch < 1)) {
    throw new ValidationError('options.maxEmbeddingsPerCall', 'must be a positive integer');
  }
}
