import {
  AigoError,
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  type ChatStream,
  type CountTokensOptions,
  checkModelLimitsOption,
  type EmbeddingProvider,
  type EmbedRequest,
  type EmbedResult,
  type ModelCatalog,
  type ModelCost,
  type ModelLimits,
  modelCatalog,
  priceListOption,
  type StreamProvider,
  type TokenCount,
  toContextOverflow,
  ValidationError,
} from '@aigo/ai';
import {
  connectProvider,
  errorFromResponse,
  type KeyedHttpClient,
  type ProviderEndpoint,
  toRequestOptions,
} from '@aigo/http';
import { geminiEmbed } from './embeddings/gemini-embed.js';
import { GEMINI_MAX_EMBEDDINGS_PER_CALL } from './embeddings/gemini-embeddings-request.js';
import { type GeminiOptions, validateGeminiOptions } from './gemini-options.js';
import { GEMINI_PRICE_DATA } from './prices/gemini-prices.generated.js';
import { countGeminiTokens } from './request/count-gemini-tokens.js';
import { buildGeminiRequest } from './request/gemini-request.js';
import { normaliseGeminiHttpError } from './response/gemini-http-error.js';
import { GEMINI_PROVIDER_ID } from './response/gemini-response-mapper.js';
import { GeminiStreamMapper } from './response/gemini-stream-mapper.js';
import { mapGeminiResponse } from './response/map-gemini-response.js';
import {
  GEMINI_BASE_URL,
  GEMINI_DEFAULT_MODEL,
  generateContentUrl,
  streamGenerateContentUrl,
} from './shared/gemini-endpoints.js';
import { vertexEndpoint } from './vertex/gemini-vertex.js';
import type { GeminiResponse } from './wire/gemini-api.js';

/**
 * The environment variables `gemini()` reads the API key from, in order: `GEMINI_API_KEY`, then
 * `GOOGLE_API_KEY` (Google's own SDKs), then `GOOGLE_GENERATIVE_AI_API_KEY` (the Vercel AI SDK's
 * Google provider). The first that is set (not blank) wins.
 */
export const GEMINI_API_KEY_ENV: readonly string[] = Object.freeze([
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'GOOGLE_GENERATIVE_AI_API_KEY',
]);
/** The environment variables `gemini()` reads the base URL from, in order. */
export const GEMINI_BASE_URL_ENV: readonly string[] = Object.freeze(['GEMINI_API_BASE_URL']);

/** How the provider reaches the API: where, with which key, in which header. */
const ENDPOINT: ProviderEndpoint = {
  provider: GEMINI_PROVIDER_ID,
  description: 'Gemini',
  baseURL: GEMINI_BASE_URL,
  baseURLEnv: GEMINI_BASE_URL_ENV,
  apiKeyEnv: GEMINI_API_KEY_ENV,
  authHeaders: (key) => ({ 'x-goog-api-key': key }),
};

/** Strips the `models/` prefix the API's own names carry. */
function bareModelName(model: string): string {
  return model.startsWith('models/') ? model.slice('models/'.length) : model;
}

/**
 * A Gemini provider: `sendMessage` calls `models/{model}:generateContent`, `streamMessage` calls
 * `models/{model}:streamGenerateContent?alt=sse`, `embed` the embedding endpoints. Immutable and
 * safe to share across concurrent calls; `close()` releases its connection pool. Build it with
 * {@link gemini}.
 */
export class GeminiProvider implements StreamProvider, EmbeddingProvider {
  /** `gemini`: the key of `providerOptions` and `providerMetadata`, and the provider on errors. */
  readonly id = 'gemini' as const;
  /** The API root requests go to, without a trailing slash. */
  readonly baseURL: string;
  /** True when the provider calls Vertex AI (`gemini({ vertex })`). */
  readonly vertex: boolean;
  /** The model used when a request names none. */
  readonly defaultModel: string;
  /** The most values one `batchEmbedContents` call carries (`maxEmbeddingsPerCall`, default 100). */
  readonly maxEmbeddingsPerCall: number;
  /**
   * Only with `countTokens: 'endpoint'`: the request's input tokens as Gemini's `countTokens`
   * endpoint counts them (exact; one request).
   */
  readonly countTokens?: (
    request: ChatRequest,
    options?: CountTokensOptions,
  ) => Promise<TokenCount>;
  readonly #http: KeyedHttpClient;
  readonly #streamFormat: 'sse' | 'json-array';
  readonly #models: ModelCatalog;

  /** @internal Use {@link gemini}. */
  constructor(options: GeminiOptions, env: Readonly<Record<string, string | undefined>>) {
    const vertex =
      options.vertex === undefined
        ? undefined
        : vertexEndpoint(
            options.vertex,
            options.baseURL,
            options.apiKey !== undefined || options.headers?.authorization !== undefined,
            env,
          );
    const { baseURL, http } =
      vertex === undefined
        ? connectProvider(ENDPOINT, options, { env })
        : connectProvider(
            {
              ...ENDPOINT,
              description: 'Vertex AI',
              baseURL: vertex.baseURL,
              keyRequired: () => false,
            },
            { ...options, baseURL: vertex.baseURL },
            // No GEMINI_* variable applies to Vertex: its key and base URL are the Developer API's.
            {
              env: {},
              ...(vertex.signRequest === undefined ? {} : { signRequest: vertex.signRequest }),
            },
          );
    this.baseURL = baseURL;
    this.vertex = vertex !== undefined;
    this.#http = http;
    this.defaultModel = options.defaultModel?.trim() ?? GEMINI_DEFAULT_MODEL;
    this.#streamFormat = options.streamFormat ?? 'sse';
    this.#models = modelCatalog({
      prices: priceListOption(
        GEMINI_PRICE_DATA,
        vertex !== undefined && (options.prices ?? 'auto') === 'auto' ? false : options.prices,
        baseURL,
      ),
      limits: checkModelLimitsOption(options.modelLimits),
      listName: bareModelName,
    });
    this.maxEmbeddingsPerCall = options.maxEmbeddingsPerCall ?? GEMINI_MAX_EMBEDDINGS_PER_CALL;
    if (options.countTokens === 'endpoint') {
      this.countTokens = async (request, callOptions) => {
        const { model, body } = this.#prepare(request);
        return countGeminiTokens(http, baseURL, model, body, callOptions?.signal).catch(
          (error: unknown) => {
            throw toContextOverflow(normaliseGeminiHttpError(error));
          },
        );
      };
    }
    Object.freeze(this);
  }

  /**
   * The context window and output limit of `model` (`models/` prefix allowed): the `modelLimits`
   * option's entry over Google's price list's — when the provider has that list — or `undefined`.
   *
   * @throws ValidationError when `model` is not a string.
   */
  modelLimits(model: string): ModelLimits | undefined {
    return this.#models.modelLimits(model);
  }

  /**
   * The list price of `model` (`models/` prefix, dated and preview names allowed) from Google's
   * price list — when the base URL is Google's or `prices: 'google'` was given — or `undefined`.
   * The price carries its `origin`: the list, its entry for the model and the date of the data.
   *
   * @throws ValidationError when `model` is not a string.
   */
  modelCost(model: string): ModelCost | undefined {
    return this.#models.modelCost(model);
  }

  /** Sends a request and resolves to the whole answer. */
  async sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse> {
    const { model, body } = this.#prepare(request);
    const http = this.#http;
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

  /**
   * Sends a request and resolves, once the response headers arrived, to a `ChatStream` of its
   * answer. Errors before the first byte (status, network, missing key) reject this call; errors
   * inside the stream reject the iterator, with the partial answer on the error.
   */
  async streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream> {
    const { model, body } = this.#prepare(request);
    const sse = this.#streamFormat === 'sse';
    const url = streamGenerateContentUrl(this.baseURL, model, sse);
    const http = this.#http.client();
    const response = await (sse
      ? http.postSse(url, body, toRequestOptions(options))
      : http.postJsonStream(url, body, toRequestOptions(options))
    ).catch((error: unknown) => {
      throw toContextOverflow(normaliseGeminiHttpError(error));
    });
    return response.toChatStream(new GeminiStreamMapper(model));
  }

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
  embed(request: EmbedRequest, options?: CallOptions): Promise<EmbedResult> {
    if (this.vertex) {
      return Promise.reject(
        new AigoError(
          'unsupported',
          'gemini({ vertex }) does not embed: Vertex AI embeds with :predict',
        ),
      );
    }
    return geminiEmbed(
      {
        baseURL: this.baseURL,
        http: this.#http,
        batchSize: this.maxEmbeddingsPerCall,
        modelCost: (model) => this.modelCost(model),
      },
      request,
      options,
    );
  }

  /** Releases the connection pool after the calls in flight finished. Later calls reject. */
  close(): Promise<void> {
    return this.#http.close();
  }

  /** Same as {@link close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #prepare(request: ChatRequest): { model: string; body: ReturnType<typeof buildGeminiRequest> } {
    if (request === null || typeof request !== 'object') {
      throw new ValidationError('request', 'must be a ChatRequest');
    }
    if (request.model !== undefined && typeof request.model !== 'string') {
      throw new ValidationError('model', 'must be a string');
    }
    const model = request.model?.trim() || this.defaultModel;
    return { model, body: buildGeminiRequest(request, model) };
  }
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
  return new GeminiProvider(options, process.env);
}
