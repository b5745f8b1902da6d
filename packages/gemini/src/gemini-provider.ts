import {
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  type ChatStream,
  type CountTokensOptions,
  checkModelLimitsOption,
  type EmbeddingProvider,
  type EmbedRequest,
  type EmbedResult,
  type ModelCost,
  type ModelLimits,
  type ModelLimitsOption,
  type PriceList,
  resolveModelLimits,
  type StreamProvider,
  type TokenCount,
  toContextOverflow,
  ValidationError,
} from '@aigo/ai';
import {
  createKeyedHttpClient,
  errorFromResponse,
  type KeyedHttpClient,
  resolveBaseURL,
  toRequestOptions,
} from '@aigo/http';
import { countGeminiTokens } from './request/count-gemini-tokens.js';
import { geminiEmbed } from './embeddings/gemini-embed.js';
import { GEMINI_MAX_EMBEDDINGS_PER_CALL } from './embeddings/gemini-embeddings-request.js';
import type { GeminiResponse } from './wire/gemini-api.js';
import {
  GEMINI_DEFAULT_BASE_URL,
  GEMINI_DEFAULT_MODEL,
  generateContentUrl,
  streamGenerateContentUrl,
} from './shared/gemini-endpoints.js';
import { normaliseGeminiHttpError } from './response/gemini-http-error.js';
import { type GeminiOptions, validateGeminiOptions } from './gemini-options.js';
import { buildGeminiRequestFor } from './request/gemini-request.js';
import { GEMINI_PROVIDER_ID } from './response/gemini-response-mapper.js';
import { GeminiStreamMapper } from './response/gemini-stream-mapper.js';
import { mapGeminiResponse } from './response/map-gemini-response.js';
import { priceListFor } from './prices/gemini-price-list.js';

export type { GeminiOptions } from './gemini-options.js';

/** The environment variable `gemini()` reads the API key from first. */
export const GEMINI_API_KEY_ENV = 'GEMINI_API_KEY';
/**
 * Every environment variable `gemini()` reads the API key from, in order: `GEMINI_API_KEY`, then
 * `GOOGLE_API_KEY` (Google's own SDKs), then `GOOGLE_GENERATIVE_AI_API_KEY` (the Vercel AI SDK's
 * Google provider). The first that is set (not blank) wins.
 */
export const GEMINI_API_KEY_ENV_VARS = Object.freeze([
  GEMINI_API_KEY_ENV,
  'GOOGLE_API_KEY',
  'GOOGLE_GENERATIVE_AI_API_KEY',
] as const);
/** The environment variable `gemini()` reads the base URL from. */
export const GEMINI_API_BASE_URL_ENV = 'GEMINI_API_BASE_URL';

const KEY_HEADER = 'x-goog-api-key';

/** The header that carries a key. */
function keyHeader(key: string): Record<string, string> {
  return { [KEY_HEADER]: key };
}

/**
 * A Gemini provider: `sendMessage` calls `models/{model}:generateContent`, `streamMessage` calls
 * `models/{model}:streamGenerateContent?alt=sse`. Immutable and safe to share across concurrent
 * calls; `close()` releases its connection pool.
 */
export interface GeminiProvider extends StreamProvider, EmbeddingProvider {
  readonly id: 'gemini';
  /** The API root requests go to. */
  readonly baseURL: string;
  /** The model used when a request names none. */
  readonly defaultModel: string;
  /**
   * The list price of `model` (`models/` prefix, dated and preview names allowed) from Google's
   * price list — when the base URL is Google's or `prices: 'google'` was given — or `undefined`.
   * The price carries its `origin`: the list, its entry for the model and the date of the data.
   */
  modelCost(model: string): ModelCost | undefined;
  /**
   * The context window and output limit of `model` (`models/` prefix allowed): the `modelLimits`
   * option's entry over Google's price list's — when the provider has that list — or `undefined`.
   */
  modelLimits(model: string): ModelLimits | undefined;
  /**
   * Only with `countTokens: 'endpoint'`: the request's input tokens as Gemini's `countTokens`
   * endpoint counts them (exact; one request).
   */
  readonly countTokens?: (
    request: ChatRequest,
    options?: CountTokensOptions,
  ) => Promise<TokenCount>;
  /** The most values one `batchEmbedContents` call carries (`maxEmbeddingsPerCall`, default 100). */
  readonly maxEmbeddingsPerCall: number;
  /**
   * Embeds `request.values`: one value with `models/{model}:embedContent`, several with
   * `models/{model}:batchEmbedContents` in calls of at most `maxEmbeddingsPerCall`, one after the
   * other. `request.purpose` picks the task type (`RETRIEVAL_QUERY` / `RETRIEVAL_DOCUMENT`);
   * `providerOptions.gemini.taskType` (any of Gemini's task types) and `title` override it.
   * `dimensions` is sent as `outputDimensionality`. Gemini reports no token counts for embeddings,
   * so `usage` (and `cost`) are `undefined` unless the answer has `usageMetadata`.
   *
   * @throws ValidationError for a bad request, before any call; `ProviderError` for an API error;
   *   `AbortError` when `options.signal` fires.
   */
  embed(request: EmbedRequest, options?: CallOptions): Promise<EmbedResult>;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Creates a Gemini provider. The key comes from `options.apiKey`, else `GEMINI_API_KEY`,
 * `GOOGLE_API_KEY` or `GOOGLE_GENERATIVE_AI_API_KEY` (the first set, in that order), read at the
 * first call; a missing key fails that call (`missing_api_key`, naming all three) before any
 * request, so the provider can be built before the key is configured. A `x-goog-api-key` in
 * `options.headers` (a proxy that adds its own) stands in for the key.
 *
 * @example
 * ```ts
 * import { userMessage } from '@aigo/ai';
 * import { gemini } from '@aigo/gemini';
 *
 * await using provider = gemini();
 * const answer = await provider.sendMessage({
 *   model: 'gemini-2.5-flash',
 *   messages: [userMessage('Name three moons of Jupiter.')],
 * });
 * console.log(answer.content);
 * ```
 */
export function gemini(options: GeminiOptions = {}): GeminiProvider {
  validateGeminiOptions(options);
  const headers = options.headers ?? {};
  const baseURL = resolveBaseURL({
    baseURL: options.baseURL,
    envVars: [GEMINI_API_BASE_URL_ENV],
    defaultURL: GEMINI_DEFAULT_BASE_URL,
  });
  const hasKeyHeader = Object.keys(headers).some((name) => name.toLowerCase() === KEY_HEADER);
  const http = createKeyedHttpClient({
    provider: GEMINI_PROVIDER_ID,
    apiKey: {
      apiKey: options.apiKey,
      envVar: GEMINI_API_KEY_ENV,
      fallbackEnvVars: GEMINI_API_KEY_ENV_VARS.slice(1),
      description: 'Gemini',
      required: !hasKeyHeader,
    },
    authHeaders: keyHeader,
    headers: { ...headers },
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  return new GeminiProviderImpl({
    http,
    baseURL,
    defaultModel: options.defaultModel?.trim() ?? GEMINI_DEFAULT_MODEL,
    streamFormat: options.streamFormat ?? 'sse',
    prices: priceListFor(options.prices ?? 'auto', baseURL),
    limits: checkModelLimitsOption(options.modelLimits),
    countWithEndpoint: options.countTokens === 'endpoint',
    maxEmbeddingsPerCall: options.maxEmbeddingsPerCall ?? GEMINI_MAX_EMBEDDINGS_PER_CALL,
  });
}

interface ProviderSettings {
  readonly http: KeyedHttpClient;
  readonly baseURL: string;
  readonly defaultModel: string;
  readonly streamFormat: 'sse' | 'json-array';
  readonly prices: PriceList | undefined;
  readonly limits: ModelLimitsOption | undefined;
  readonly countWithEndpoint: boolean;
  readonly maxEmbeddingsPerCall: number;
}

class GeminiProviderImpl implements GeminiProvider {
  readonly id = 'gemini' as const;
  readonly baseURL: string;
  readonly defaultModel: string;
  readonly maxEmbeddingsPerCall: number;
  readonly #settings: ProviderSettings;
  readonly countTokens?: (
    request: ChatRequest,
    options?: CountTokensOptions,
  ) => Promise<TokenCount>;

  constructor(settings: ProviderSettings) {
    this.#settings = settings;
    this.maxEmbeddingsPerCall = settings.maxEmbeddingsPerCall;
    this.baseURL = settings.baseURL;
    this.defaultModel = settings.defaultModel;
    if (settings.countWithEndpoint) {
      this.countTokens = async (request, options) => {
        const { model, body } = this.#prepare(request);
        return countGeminiTokens(settings.http, this.baseURL, model, body, options?.signal).catch(
          (error: unknown) => {
            throw toContextOverflow(normaliseGeminiHttpError(error));
          },
        );
      };
    }
    Object.freeze(this);
  }

  modelLimits(model: string): ModelLimits | undefined {
    if (typeof model !== 'string') throw new ValidationError('model', 'must be a string');
    const name = model.startsWith('models/') ? model.slice('models/'.length) : model;
    return resolveModelLimits(
      this.#settings.limits,
      model,
      resolveModelLimits(this.#settings.limits, name, this.#settings.prices?.modelLimits(name)),
    );
  }

  modelCost(model: string): ModelCost | undefined {
    if (typeof model !== 'string') throw new ValidationError('model', 'must be a string');
    const name = model.startsWith('models/') ? model.slice('models/'.length) : model;
    return this.#settings.prices?.modelCost(name);
  }

  async sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse> {
    const { model, body } = this.#prepare(request);
    const http = this.#settings.http;
    const response = await http
      .client()
      .postJson<unknown>(generateContentUrl(this.baseURL, model), body, toRequestOptions(options))
      .catch((error: unknown) => {
        throw toContextOverflow(normaliseGeminiHttpError(error));
      });
    const data = response.data;
    if (Array.isArray(data) || (data !== null && typeof data === 'object' && 'error' in data)) {
      // Gemini answers an error inside a 2xx body in the shapes its streams use.
      throw toContextOverflow(
        errorFromResponse({ provider: GEMINI_PROVIDER_ID, body: data, secrets: http.secrets }),
      );
    }
    return mapGeminiResponse(data as GeminiResponse, model);
  }

  async streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream> {
    const { model, body } = this.#prepare(request);
    const sse = this.#settings.streamFormat === 'sse';
    const url = streamGenerateContentUrl(this.baseURL, model, sse);
    const http = this.#settings.http.client();
    const response = await (sse
      ? http.postSse(url, body, toRequestOptions(options))
      : http.postJsonStream(url, body, toRequestOptions(options))
    ).catch((error: unknown) => {
      throw toContextOverflow(normaliseGeminiHttpError(error));
    });
    return response.toChatStream(new GeminiStreamMapper(model));
  }

  embed(request: EmbedRequest, options?: CallOptions): Promise<EmbedResult> {
    return geminiEmbed(
      {
        baseURL: this.baseURL,
        http: this.#settings.http,
        batchSize: this.maxEmbeddingsPerCall,
        modelCost: (model) => this.modelCost(model),
      },
      request,
      options,
    );
  }

  close(): Promise<void> {
    return this.#settings.http.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #prepare(request: ChatRequest): {
    model: string;
    body: ReturnType<typeof buildGeminiRequestFor>;
  } {
    if (request === null || typeof request !== 'object') {
      throw new ValidationError('request', 'must be a ChatRequest');
    }
    if (request.model !== undefined && typeof request.model !== 'string') {
      throw new ValidationError('model', 'must be a string');
    }
    const model = request.model?.trim() || this.defaultModel;
    return { model, body: buildGeminiRequestFor(request, model) };
  }
}
