import {
  AigoError,
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  type ChatStream,
  type StreamProvider,
  ValidationError,
} from '@aigo/ai';
import {
  createHttpClient,
  errorFromResponse,
  type HttpClient,
  type HttpClientOptions,
  loadApiKey,
  type RequestOptions,
} from '@aigo/http';
import type { GeminiResponse } from './gemini-api.js';
import {
  GEMINI_DEFAULT_BASE_URL,
  GEMINI_DEFAULT_MODEL,
  generateContentUrl,
  normaliseBaseUrl,
  streamGenerateContentUrl,
} from './gemini-endpoints.js';
import { normaliseGeminiHttpError } from './gemini-http-error.js';
import { buildGeminiRequest } from './gemini-request.js';
import { GEMINI_PROVIDER_ID } from './gemini-response-mapper.js';
import { GeminiStreamMapper } from './gemini-stream-mapper.js';
import { mapGeminiResponse } from './map-gemini-response.js';

/** The environment variable `gemini()` reads the API key from. */
export const GEMINI_API_KEY_ENV = 'GEMINI_API_KEY';
/** The environment variable `gemini()` reads the base URL from. */
export const GEMINI_API_BASE_URL_ENV = 'GEMINI_API_BASE_URL';

const KEY_HEADER = 'x-goog-api-key';

/** Options of {@link gemini}. Explicit options win over the environment. */
export interface GeminiOptions {
  /** The API key. Default: `GEMINI_API_KEY`. Sent in the `x-goog-api-key` header, never in the URL. */
  readonly apiKey?: string;
  /**
   * The API root. Default: `GEMINI_API_BASE_URL`, then
   * `https://generativelanguage.googleapis.com/v1beta`.
   */
  readonly baseURL?: string;
  /** The model used when a request's `model` is empty. Default `gemini-2.5-flash-lite`. */
  readonly defaultModel?: string;
  /** Headers sent with every request (a proxy's own auth, say). */
  readonly headers?: Readonly<Record<string, string>>;
  /** An undici dispatcher to send requests through (a proxy agent, a shared pool); not closed by `close()`. */
  readonly dispatcher?: HttpClientOptions['dispatcher'];
  /** The deadline of each call in milliseconds (default 10 minutes); `CallOptions.timeoutMs` overrides it. */
  readonly timeoutMs?: number;
  /**
   * How `streamMessage` asks for the stream: `'sse'` (default, `?alt=sse`) or `'json-array'` (the
   * endpoint's native streamed JSON array, for proxies that do not pass `alt=sse` through).
   */
  readonly streamFormat?: 'sse' | 'json-array';
}

/**
 * A Gemini provider: `sendMessage` calls `models/{model}:generateContent`, `streamMessage` calls
 * `models/{model}:streamGenerateContent?alt=sse`. Immutable and safe to share across concurrent
 * calls; `close()` releases its connection pool.
 */
export interface GeminiProvider extends StreamProvider {
  readonly id: 'gemini';
  /** The API root requests go to. */
  readonly baseURL: string;
  /** The model used when a request names none. */
  readonly defaultModel: string;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Creates a Gemini provider. The key comes from `options.apiKey` or `GEMINI_API_KEY`; a missing key
 * fails the first call (`missing_api_key`, naming `GEMINI_API_KEY`), so the provider can be built
 * before the key is configured.
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
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
  if (options.apiKey !== undefined && typeof options.apiKey !== 'string') {
    throw new ValidationError('options.apiKey', 'must be a string');
  }
  if (
    options.defaultModel !== undefined &&
    (typeof options.defaultModel !== 'string' || options.defaultModel.trim() === '')
  ) {
    throw new ValidationError('options.defaultModel', 'must be a non-empty string');
  }
  if (
    options.streamFormat !== undefined &&
    options.streamFormat !== 'sse' &&
    options.streamFormat !== 'json-array'
  ) {
    throw new ValidationError('options.streamFormat', "must be 'sse' or 'json-array'");
  }
  const headers = options.headers ?? {};
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers)) {
    throw new ValidationError('options.headers', 'must be an object of header names to strings');
  }
  const env = process.env;
  const apiKey = loadApiKey({
    apiKey: options.apiKey,
    envVar: GEMINI_API_KEY_ENV,
    description: 'Gemini',
    required: false,
  });
  const envBase = env[GEMINI_API_BASE_URL_ENV]?.trim();
  const baseURL =
    options.baseURL !== undefined
      ? normaliseBaseUrl(options.baseURL, 'options.baseURL')
      : envBase
        ? normaliseBaseUrl(envBase, GEMINI_API_BASE_URL_ENV)
        : GEMINI_DEFAULT_BASE_URL;
  const hasKeyHeader = Object.keys(headers).some((name) => name.toLowerCase() === KEY_HEADER);
  const http = createHttpClient({
    provider: GEMINI_PROVIDER_ID,
    headers: apiKey === undefined ? { ...headers } : { [KEY_HEADER]: apiKey, ...headers },
    ...(apiKey === undefined ? {} : { secrets: [apiKey] }),
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  return new GeminiProviderImpl({
    http,
    baseURL,
    defaultModel: options.defaultModel?.trim() ?? GEMINI_DEFAULT_MODEL,
    hasKey: apiKey !== undefined || hasKeyHeader,
    streamFormat: options.streamFormat ?? 'sse',
  });
}

interface ProviderSettings {
  readonly http: HttpClient;
  readonly baseURL: string;
  readonly defaultModel: string;
  readonly hasKey: boolean;
  readonly streamFormat: 'sse' | 'json-array';
}

class GeminiProviderImpl implements GeminiProvider {
  readonly id = 'gemini' as const;
  readonly baseURL: string;
  readonly defaultModel: string;
  readonly #settings: ProviderSettings;

  constructor(settings: ProviderSettings) {
    this.#settings = settings;
    this.baseURL = settings.baseURL;
    this.defaultModel = settings.defaultModel;
    Object.freeze(this);
  }

  async sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse> {
    const { model, body } = this.#prepare(request);
    const response = await this.#settings.http
      .postJson<unknown>(generateContentUrl(this.baseURL, model), body, requestOptions(options))
      .catch((error: unknown) => {
        throw normaliseGeminiHttpError(error);
      });
    const data = response.data;
    if (Array.isArray(data) || (data !== null && typeof data === 'object' && 'error' in data)) {
      // Gemini answers an error inside a 2xx body in the shapes its streams use.
      throw errorFromResponse({ provider: GEMINI_PROVIDER_ID, body: data });
    }
    return mapGeminiResponse(data as GeminiResponse, model);
  }

  async streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream> {
    const { model, body } = this.#prepare(request);
    const sse = this.#settings.streamFormat === 'sse';
    const url = streamGenerateContentUrl(this.baseURL, model, sse);
    const http = this.#settings.http;
    const response = await (sse
      ? http.postSse(url, body, requestOptions(options))
      : http.postJsonStream(url, body, requestOptions(options))
    ).catch((error: unknown) => {
      throw normaliseGeminiHttpError(error);
    });
    return response.toChatStream(new GeminiStreamMapper(model));
  }

  close(): Promise<void> {
    return this.#settings.http.close();
  }

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
    if (!this.#settings.hasKey) {
      throw new AigoError(
        'missing_api_key',
        `Gemini API key is missing: pass the apiKey option or set the ${GEMINI_API_KEY_ENV} environment variable`,
      );
    }
    const model = request.model?.trim() || this.defaultModel;
    return { model, body: buildGeminiRequest(request) };
  }
}

function requestOptions(options: CallOptions | undefined): RequestOptions | undefined {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  return {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
  };
}
