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
  type ImageProvider,
  type ImageRequest,
  type ImageResult,
  type ModelCatalog,
  type ModelCost,
  type ModelLimits,
  modelCatalog,
  priceListOption,
  type SpeechProvider,
  type SpeechRequest,
  type SpeechResult,
  type StreamProvider,
  type TokenCount,
  type TranscriptionProvider,
  type TranscriptionRequest,
  type TranscriptionResult,
  throwIfAborted,
  toContextOverflow,
} from '@aigo/ai';
import {
  connectProvider,
  type KeyedHttpClient,
  type ProviderEndpoint,
  toRequestOptions,
} from '@aigo/http';
import { openAIChatStrategy } from './chat/openai-chat-strategy.js';
import { openAIEmbed } from './embeddings/openai-embed.js';
import {
  OPENAI_MAX_EMBEDDING_TOKENS_PER_CALL,
  OPENAI_MAX_EMBEDDINGS_PER_CALL,
} from './embeddings/openai-embeddings-request.js';
import { openAIGenerateImage } from './media/openai-generate-image.js';
import { openAIGenerateSpeech } from './media/openai-generate-speech.js';
import type { OpenAIMediaContext } from './media/openai-media-context.js';
import { openAITranscribe } from './media/openai-transcribe.js';
import { type OpenAIApi, type OpenAIOptions, validateOpenAIOptions } from './openai-options.js';
import { OPENAI_PRICE_DATA } from './prices/openai-prices.generated.js';
import { validateRequest } from './request/validate-request.js';
import { openAIResponsesStrategy } from './responses/openai-responses-strategy.js';
import type { OpenAIApiStrategy } from './shared/openai-api-strategy.js';
import type { OpenAISettings } from './shared/openai-settings.js';
import { countOpenAITokens } from './tokens/count-openai-tokens.js';

/** OpenAI's own API. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** The environment variables the API key is read from, in order. */
export const OPENAI_API_KEY_ENV: readonly string[] = Object.freeze(['OPENAI_API_KEY']);
/**
 * The environment variables the base URL is read from, in order: `OPENAI_BASE_URL`, the standard
 * name (the official SDKs read it), then `OPENAI_API_BASE_URL`, the name aigo's Go original used,
 * kept as a fallback. The first that is set (not blank) wins; the `baseURL` option wins over both.
 */
export const OPENAI_BASE_URL_ENV: readonly string[] = Object.freeze([
  'OPENAI_BASE_URL',
  'OPENAI_API_BASE_URL',
]);

const PROVIDER_ID = 'openai';

/** True when `baseURL` is OpenAI's own API (`api.openai.com`). */
function isOpenAIHost(baseURL: string): boolean {
  return new URL(baseURL).hostname.toLowerCase() === 'api.openai.com';
}

/** How the provider reaches the API: where, with which key, in which header. */
const ENDPOINT: ProviderEndpoint = {
  provider: PROVIDER_ID,
  description: 'OpenAI',
  baseURL: OPENAI_BASE_URL,
  baseURLEnv: OPENAI_BASE_URL_ENV,
  apiKeyEnv: OPENAI_API_KEY_ENV,
  authHeaders: (key) => ({ authorization: `Bearer ${key}` }),
  // Compatible servers (Ollama, vLLM, LM Studio) are called without a key.
  keyRequired: isOpenAIHost,
};

/**
 * An OpenAI (or OpenAI-compatible) model provider: `sendMessage` and `streamMessage` over the Chat
 * Completions or Responses API, through one keep-alive connection pool that `close()` releases.
 * Immutable and safe to share across concurrent calls. Build it with {@link openai}.
 */
export class OpenAIProvider
  implements StreamProvider, EmbeddingProvider, ImageProvider, SpeechProvider, TranscriptionProvider
{
  /** `openai`: the key of `providerOptions` and `providerMetadata`, and the provider on errors. */
  readonly id: string = PROVIDER_ID;
  /** The API this provider calls. */
  readonly api: OpenAIApi;
  /** The base URL, without a trailing slash. */
  readonly baseURL: string;
  /** The most values one `/embeddings` request carries (`maxEmbeddingsPerCall`, default 2048). */
  readonly maxEmbeddingsPerCall: number;
  /** The most input tokens of one `/embeddings` request: OpenAI's limit, 300,000. */
  readonly maxTokensPerCall: number = OPENAI_MAX_EMBEDDING_TOKENS_PER_CALL;
  readonly #settings: OpenAISettings;
  readonly #strategy: OpenAIApiStrategy;
  readonly #url: string;
  readonly #http: KeyedHttpClient;
  readonly #models: ModelCatalog;

  /** @internal Use {@link openai}. */
  constructor(options: OpenAIOptions, env: Readonly<Record<string, string | undefined>>) {
    const { baseURL, http } = connectProvider(ENDPOINT, options, {
      headers: {
        'openai-organization': options.organization,
        'openai-project': options.project,
      },
      env,
    });
    this.baseURL = baseURL;
    this.#http = http;
    const openAIHost = isOpenAIHost(baseURL);
    const api =
      options.api === undefined || options.api === 'auto'
        ? openAIHost
          ? 'responses'
          : 'chat'
        : options.api;
    // The one place the API matters: every call goes through the strategy chosen here.
    this.#strategy = api === 'responses' ? openAIResponsesStrategy : openAIChatStrategy;
    this.api = this.#strategy.api;
    this.#url = `${baseURL}${this.#strategy.path}`;
    this.maxEmbeddingsPerCall = options.maxEmbeddingsPerCall ?? OPENAI_MAX_EMBEDDINGS_PER_CALL;
    this.#models = modelCatalog({
      prices: priceListOption(OPENAI_PRICE_DATA, options.prices, baseURL),
      limits: checkModelLimitsOption(options.modelLimits),
    });
    this.#settings = Object.freeze({
      providerId: PROVIDER_ID,
      isOpenAIHost: openAIHost,
      store: options.store ?? false,
      includeStreamUsage: options.includeStreamUsage ?? true,
      structuredOutputs: options.structuredOutputs ?? true,
      defaultModel: options.defaultModel,
    });
  }

  /** Sends a request and resolves to the whole answer. */
  async sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse> {
    const strategy = this.#strategy;
    const body = strategy.buildBody(request, this.#settings, false);
    const http = this.#http;
    try {
      const { data } = await http.client().postJson(this.#url, body, toRequestOptions(options));
      return strategy.mapResponse(data, PROVIDER_ID, http.secrets, body);
    } catch (error) {
      throw toContextOverflow(error);
    }
  }

  /**
   * Sends a request and resolves, once the response headers arrived, to a `ChatStream` of its
   * answer. Errors before the first byte (status, network, missing key) reject this call; errors
   * inside the stream reject the iterator, with the partial answer on the error.
   */
  async streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream> {
    const strategy = this.#strategy;
    const body = strategy.buildBody(request, this.#settings, true);
    const http = this.#http;
    try {
      const response = await http.client().postSse(this.#url, body, toRequestOptions(options));
      return response.toChatStream(strategy.createStreamMapper(PROVIDER_ID, http.secrets));
    } catch (error) {
      throw toContextOverflow(error);
    }
  }

  /**
   * Embeds `request.values` with `POST {baseURL}/embeddings` (OpenAI, and OpenAI-compatible servers:
   * Ollama, vLLM, LM Studio, OpenRouter), in requests of at most `maxEmbeddingsPerCall` values sent
   * one after the other; the vectors come back in input order, with the summed usage and, where the
   * price list knows the model, the cost.
   *
   * ```ts
   * const { embeddings } = await provider.embed({ model: 'text-embedding-3-small', values: ['hi'] });
   * ```
   *
   * @throws ValidationError for a bad request, before any call; `ProviderError` for an API error;
   *   `AbortError` when `options.signal` fires.
   */
  embed(request: EmbedRequest, options?: CallOptions): Promise<EmbedResult> {
    return openAIEmbed(
      {
        providerId: PROVIDER_ID,
        url: `${this.baseURL}/embeddings`,
        http: this.#http,
        batchSize: this.maxEmbeddingsPerCall,
        modelCost: (model) => this.#models.modelCost(model),
      },
      request,
      options,
    );
  }

  /**
   * Generates images with `POST {baseURL}/images/generations` (`gpt-image-1`, `dall-e-3`): base64
   * images with their `revisedPrompt`, token usage where the API reports it, and the cost where the
   * price list prices the model (else `undefined`). `providerOptions.openai` adds wire fields
   * (`output_format`, `moderation`, `output_compression`).
   *
   * @throws ValidationError naming the bad field, before any request; `ProviderError`; `AbortError`.
   */
  generateImage(request: ImageRequest, options?: CallOptions): Promise<ImageResult> {
    return openAIGenerateImage(this.#media(), request, options);
  }

  /**
   * Speaks `request.text` with `POST {baseURL}/audio/speech` (`gpt-4o-mini-tts`, `tts-1`): the audio
   * as base64 with its MIME type. Formats: mp3 (default), opus, aac, flac, wav, pcm.
   *
   * @throws ValidationError naming the bad field, before any request; `ProviderError`; `AbortError`.
   */
  generateSpeech(request: SpeechRequest, options?: CallOptions): Promise<SpeechResult> {
    return openAIGenerateSpeech(this.#media(), request, options);
  }

  /**
   * Transcribes audio with a multipart upload to `{baseURL}/audio/transcriptions`
   * (`gpt-4o-transcribe`, `whisper-1`); the audio is checked (type, base64, empty, 25 MB) before
   * any upload.
   *
   * @throws ValidationError naming the bad field (`request.audio.data`); `ProviderError`; `AbortError`.
   */
  transcribe(request: TranscriptionRequest, options?: CallOptions): Promise<TranscriptionResult> {
    return openAITranscribe(this.#media(), request, options);
  }

  #media(): OpenAIMediaContext {
    return {
      providerId: PROVIDER_ID,
      baseURL: this.baseURL,
      http: this.#http,
      modelCost: (model) => this.#models.modelCost(model),
    };
  }

  /**
   * The list price of `model` (the dated names the API answers with and their aliases alike), from
   * the price list this provider's `prices` option picked — by default the one of the provider at
   * its base URL, and none for a server the price data does not know — or `undefined`. The price
   * carries its `origin`: the list, its entry for the model and the date of the data.
   *
   * @throws ValidationError when `model` is not a string.
   */
  modelCost(model: string): ModelCost | undefined {
    return this.#models.modelCost(model);
  }

  /**
   * The context window and output limit of `model`: the `modelLimits` option's entry over the price
   * list's (the same maintained model database as the prices), or `undefined` for a model neither
   * knows.
   *
   * @throws ValidationError when `model` is not a string.
   */
  modelLimits(model: string): ModelLimits | undefined {
    return this.#models.modelLimits(model);
  }

  /**
   * Counts the input tokens of `request` without a request: exactly with `gpt-tokenizer` (an
   * optional peer, loaded at the first count) for OpenAI's model families — each message apart —
   * else by an estimate. Tool schemas, the response format and media are estimated (the result's
   * `estimated` says which).
   *
   * @throws ValidationError naming the bad field of `request`.
   */
  async countTokens(request: ChatRequest, options?: CountTokensOptions): Promise<TokenCount> {
    const model = validateRequest(request, this.#settings);
    throwIfAborted(options?.signal);
    return countOpenAITokens(model === request.model ? request : { ...request, model });
  }

  /** Releases the connection pool after the calls in flight finished. Later calls reject. */
  close(): Promise<void> {
    return this.#http.close();
  }

  /** Same as {@link close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/**
 * Builds an OpenAI provider. With no options it calls api.openai.com's Responses API with the
 * `OPENAI_API_KEY` key; with a `baseURL` it calls any OpenAI-compatible server's Chat Completions.
 *
 * ```ts
 * const provider = openai({ defaultModel: 'gpt-5-mini' });
 * const ollama = openai({ baseURL: 'http://localhost:11434/v1', defaultModel: 'qwen3' });
 * ```
 *
 * Throws a `ValidationError` naming the option for an option of the wrong kind. The API key is
 * read at the first call, so a provider can be built before the key is configured.
 */
export function openai(options: OpenAIOptions = {}): OpenAIProvider {
  validateOpenAIOptions(options);
  return new OpenAIProvider(options, process.env);
}
