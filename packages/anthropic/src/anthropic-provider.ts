import {
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  ChatStream,
  type CountTokensOptions,
  checkModelLimitsOption,
  type ModelCatalog,
  type ModelCost,
  type ModelLimits,
  modelCatalog,
  priceListOption,
  type StreamProvider,
  type TokenCount,
  throwIfAborted,
  ValidationError,
} from '@aigo/ai';
import {
  connectProvider,
  type KeyedHttpClient,
  type ProviderEndpoint,
  type RequestOptions,
  toRequestOptions,
  withRequestHeaders,
} from '@aigo/http';
import { type AnthropicOptions, validateAnthropicOptions } from './anthropic-options.js';
import {
  type AnthropicRequestOptions,
  parseAnthropicRequestOptions,
} from './anthropic-request-options.js';
import { claudeModelLimits } from './prices/anthropic-model-limits.js';
import { ANTHROPIC_PRICE_DATA } from './prices/anthropic-prices.generated.js';
import { buildAnthropicRequest } from './request/build-anthropic-request.js';
import { toAnthropicContextOverflow } from './response/anthropic-context-overflow.js';
import { AnthropicStreamMapper } from './response/anthropic-stream-mapper.js';
import { mapAnthropicResponse } from './response/map-anthropic-response.js';
import { continuePausedTurns } from './response/pause-turn.js';
import { PausedTurnSource, type StreamedPart } from './response/paused-turn-source.js';
import { ClaudeTokenCounter } from './tokens/count-claude-tokens.js';
import { estimateClaudeTokens } from './tokens/estimate-claude-tokens.js';
import type { AnthropicRequestBody } from './wire/anthropic-api.js';

/** Anthropic's own API. */
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
/** The environment variables the API key is read from, in order. */
export const ANTHROPIC_API_KEY_ENV: readonly string[] = Object.freeze(['ANTHROPIC_API_KEY']);
/** The environment variables the base URL is read from, in order (the official SDKs' name). */
export const ANTHROPIC_BASE_URL_ENV: readonly string[] = Object.freeze(['ANTHROPIC_BASE_URL']);
/** The `anthropic-version` sent unless `apiVersion` says otherwise. */
export const ANTHROPIC_API_VERSION = '2023-06-01';

const PROVIDER_ID = 'anthropic';
const MESSAGES_PATH = '/v1/messages';
const COUNT_TOKENS_PATH = '/v1/messages/count_tokens';

/** How the provider reaches the API: where, with which key, in which header. */
const ENDPOINT: ProviderEndpoint = {
  provider: PROVIDER_ID,
  description: 'Anthropic',
  baseURL: ANTHROPIC_BASE_URL,
  baseURLEnv: ANTHROPIC_BASE_URL_ENV,
  apiKeyEnv: ANTHROPIC_API_KEY_ENV,
  authHeaders: (key) => ({ 'x-api-key': key }),
};

/**
 * An Anthropic model provider: `sendMessage` and `streamMessage` over the Messages API
 * (`POST /v1/messages`), through one keep-alive connection pool that `close()` releases. Immutable
 * and safe to share across concurrent calls. Build it with {@link anthropic}.
 */
export class AnthropicProvider implements StreamProvider {
  /** `anthropic`: the key of `providerOptions` and `providerMetadata`, and the provider on errors. */
  readonly id: string = PROVIDER_ID;
  /** The base URL, without a trailing slash. */
  readonly baseURL: string;
  /** The model used when a request names none, when set. */
  readonly defaultModel: string | undefined;
  readonly #url: string;
  readonly #http: KeyedHttpClient;
  readonly #models: ModelCatalog;
  readonly #betas: readonly string[];
  readonly #maxPauses: number;
  /** The counting endpoint's counter, with `countTokens: 'endpoint'`. */
  readonly #endpointCounter: ClaudeTokenCounter | undefined;

  /** @internal Use {@link anthropic}. */
  constructor(options: AnthropicOptions, env: Readonly<Record<string, string | undefined>>) {
    this.#betas = Object.freeze([...(options.betas ?? [])]);
    const { baseURL, http } = connectProvider(ENDPOINT, options, {
      headers: {
        'anthropic-version': options.apiVersion ?? ANTHROPIC_API_VERSION,
        'anthropic-beta': this.#betas.length > 0 ? this.#betas.join(',') : undefined,
      },
      env,
    });
    this.baseURL = baseURL;
    this.#http = http;
    this.#url = `${baseURL}${MESSAGES_PATH}`;
    this.defaultModel = options.defaultModel?.trim() || undefined;
    const prices = priceListOption(ANTHROPIC_PRICE_DATA, options.prices, baseURL);
    this.#models = modelCatalog({
      prices,
      limits: checkModelLimitsOption(options.modelLimits),
      knownLimits: (model) => claudeModelLimits(prices, model, this.#betas),
    });
    this.#maxPauses = options.maxPauseContinuations ?? 5;
    this.#endpointCounter =
      options.countTokens === 'endpoint'
        ? new ClaudeTokenCounter(this.#http, `${this.baseURL}${COUNT_TOKENS_PATH}`, PROVIDER_ID)
        : undefined;
  }

  /**
   * Sends a request and resolves to the whole answer. A turn the API paused (`pause_turn`) is
   * continued, up to `maxPauseContinuations` times, and returned as one answer.
   */
  async sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse> {
    const { body, jsonToolName, requestOptions } = this.#prepare(request, false, options);
    const client = this.#http.client();
    try {
      const { data } = await client.postJson(this.#url, body, requestOptions);
      const whole = await continuePausedTurns(data, body, this.#maxPauses, async (next) => {
        return (await client.postJson(this.#url, next, requestOptions)).data;
      });
      return mapAnthropicResponse(whole, PROVIDER_ID, jsonToolName);
    } catch (error) {
      throw toAnthropicContextOverflow(error);
    }
  }

  /**
   * Sends a request and resolves, once the response headers arrived, to a `ChatStream` of its
   * answer. Errors before the first byte (status, network, missing key) reject this call; errors
   * inside the stream (an `error` event) reject the iterator, with the partial answer on the error.
   * With server tools in the request, a turn the API paused (`pause_turn`) is continued, up to
   * `maxPauseContinuations` times, and streamed as one answer.
   */
  async streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream> {
    const { body, jsonToolName, requestOptions } = this.#prepare(request, true, options);
    // Only server tools make the API pause a turn: other streams keep the direct path.
    const continuing = this.#maxPauses > 0 && body.tools?.some((tool) => 'type' in tool) === true;
    const first = await this.#streamPart(
      body,
      requestOptions,
      jsonToolName,
      undefined,
      continuing,
    ).catch((error: unknown) => {
      throw toAnthropicContextOverflow(error);
    });
    if (!continuing) return first.stream;
    const source = new PausedTurnSource(first, body, this.#maxPauses, (next, previous) =>
      this.#streamPart(next, requestOptions, jsonToolName, previous, true),
    );
    return new ChatStream(source, {
      provider: PROVIDER_ID,
      ...(options?.signal === undefined ? {} : { signal: options.signal }),
    });
  }

  /** One streamed request; a continued one's mapper takes over the turn of `previous`. */
  async #streamPart(
    body: AnthropicRequestBody,
    requestOptions: RequestOptions | undefined,
    jsonToolName: string | undefined,
    previous: AnthropicStreamMapper | undefined,
    continuePaused: boolean,
  ): Promise<StreamedPart> {
    const http = this.#http;
    const response = await http.client().postSse(this.#url, body, requestOptions);
    const mapper = new AnthropicStreamMapper(
      PROVIDER_ID,
      http.secrets,
      jsonToolName,
      previous === undefined ? undefined : { turn: previous.turn, usage: previous.usage },
      continuePaused,
    );
    return { stream: response.toChatStream(mapper), mapper };
  }

  /**
   * The context window and output limit of `model`: the `modelLimits` option's entry over what the
   * price list knows (the same maintained model data as the prices) — the window (1M for Claude
   * Sonnet 4 and 4.5 when the provider sends a `context-1m-…` beta) and the model family's output
   * limit — or `undefined` for a model neither knows, or when the provider has no price list (another
   * server than Anthropic's, unless `prices` names the list).
   *
   * @throws ValidationError when `model` is not a string.
   */
  modelLimits(model: string): ModelLimits | undefined {
    return this.#models.modelLimits(model);
  }

  /**
   * The list price of `model` (dated names and aliases alike) from Anthropic's price list — when the
   * base URL is Anthropic's or `prices: 'anthropic'` was given — or `undefined`. The price carries
   * its `origin` (the list, its entry for the model, the date of the data) and the cache-write rates
   * of both lifetimes.
   *
   * @throws ValidationError when `model` is not a string.
   */
  modelCost(model: string): ModelCost | undefined {
    return this.#models.modelCost(model);
  }

  /**
   * Counts the input tokens of `request`. By default without a request: an estimate (about 3.5
   * characters a token, fixed sizes for images, documents and the tool-use system prompt), each
   * message apart, `method: 'estimate'`. With `countTokens: 'endpoint'`: exactly, with Anthropic's
   * `POST /v1/messages/count_tokens` on the request's Messages body (`method: 'endpoint'`, no
   * per-message counts); a request counted before (the same model, system prompt, messages, tools
   * and betas) is answered from the provider's counts without a call.
   *
   * @throws ValidationError naming the bad field of `request`; with the endpoint, `ProviderError`
   *   for an API error and `AbortError` when `options.signal` fires.
   */
  async countTokens(request: ChatRequest, options?: CountTokensOptions): Promise<TokenCount> {
    const counter = this.#endpointCounter;
    if (counter === undefined) {
      this.#modelOf(request);
      throwIfAborted(options?.signal);
      return estimateClaudeTokens(request);
    }
    const { body, requestOptions } = this.#prepare(
      request,
      false,
      options?.signal === undefined ? undefined : { signal: options.signal },
    );
    try {
      return await counter.count(body, requestOptions);
    } catch (error) {
      throw toAnthropicContextOverflow(error);
    }
  }

  /** Releases the connection pool after the calls in flight finished. Later calls reject. */
  close(): Promise<void> {
    return this.#http.close();
  }

  /** Same as {@link close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** The model a request goes to: its own, else the default. */
  #modelOf(request: ChatRequest): string {
    if (request === null || typeof request !== 'object') {
      throw new ValidationError('request', 'must be a ChatRequest');
    }
    if (request.model !== undefined && typeof request.model !== 'string') {
      throw new ValidationError('request.model', 'must be a string');
    }
    const model = request.model?.trim() || this.defaultModel;
    if (model === undefined) {
      throw new ValidationError(
        'request.model',
        'must name a model: set defaultModel on the client (createClient(provider, { defaultModel })), or on the provider, or give the request a model',
      );
    }
    return model;
  }

  #prepare(request: ChatRequest, stream: boolean, options: CallOptions | undefined) {
    const model = this.#modelOf(request);
    const parsed = parseAnthropicRequestOptions(request, PROVIDER_ID);
    const { body, jsonToolName } = buildAnthropicRequest(request, model, parsed, stream);
    return { body, jsonToolName, requestOptions: this.#requestOptions(options, parsed) };
  }

  /** The call's options, with the request's beta features added to the provider's. */
  #requestOptions(
    options: CallOptions | undefined,
    parsed: AnthropicRequestOptions,
  ): RequestOptions | undefined {
    const checked = toRequestOptions(options);
    if (parsed.betas === undefined || parsed.betas.length === 0) return checked;
    const betas = [...new Set([...this.#betas, ...parsed.betas])].join(',');
    return withRequestHeaders(checked, { 'anthropic-beta': betas });
  }
}

/**
 * Builds an Anthropic provider. With no options it calls api.anthropic.com with the
 * `ANTHROPIC_API_KEY` key (or `ANTHROPIC_BASE_URL` when that is set).
 *
 * ```ts
 * const provider = anthropic({ defaultModel: 'claude-sonnet-4-5' });
 * ```
 *
 * Throws a `ValidationError` naming the option for an option of the wrong kind. The API key is
 * read at the first call, so a provider can be built before the key is configured.
 */
export function anthropic(options: AnthropicOptions = {}): AnthropicProvider {
  validateAnthropicOptions(options);
  return new AnthropicProvider(options, process.env);
}
