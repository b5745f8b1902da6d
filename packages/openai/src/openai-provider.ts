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
  type HttpClient,
  loadApiKey,
  type RequestOptions,
  redactUrl,
} from '@aigo/http';
import { mapOpenAIChatResponse } from './chat/map-openai-chat-response.js';
import { buildOpenAIChatRequestBody } from './chat/openai-chat-request.js';
import { createOpenAIChatStreamMapper } from './chat/openai-chat-stream-mapper.js';
import type { OpenAIApi, OpenAIProviderOptions } from './openai-provider-options.js';
import { mapOpenAIResponsesResponse } from './responses/map-openai-responses-response.js';
import { buildOpenAIResponsesRequestBody } from './responses/openai-responses-request.js';
import { createOpenAIResponsesStreamMapper } from './responses/openai-responses-stream-mapper.js';
import { isRecord } from './shared/json-guards.js';
import type { OpenAISettings } from './shared/openai-settings.js';
import type { StreamMapper } from './shared/stream-mapper.js';

/** OpenAI's own API. */
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** The environment variable the API key is read from. */
export const OPENAI_API_KEY_ENV = 'OPENAI_API_KEY';

const PROVIDER_ID = 'openai';

/**
 * An OpenAI (or OpenAI-compatible) model provider: `sendMessage` and `streamMessage` over the Chat
 * Completions or Responses API, through one keep-alive connection pool that `close()` releases.
 * Immutable and safe to share across concurrent calls. Build it with {@link openai}.
 */
export class OpenAIProvider implements StreamProvider {
  /** `openai`: the key of `providerOptions` and `providerMetadata`, and the provider on errors. */
  readonly id: string = PROVIDER_ID;
  /** The API this provider calls. */
  readonly api: OpenAIApi;
  /** The base URL, without a trailing slash. */
  readonly baseURL: string;
  readonly #settings: OpenAISettings;
  readonly #url: string;
  readonly #options: OpenAIProviderOptions;
  readonly #headers: Readonly<Record<string, string>>;
  #client: HttpClient | undefined;
  #apiKey: string | undefined;
  #closed = false;

  /** @internal Use {@link openai}. */
  constructor(options: OpenAIProviderOptions, env: Readonly<Record<string, string | undefined>>) {
    this.#options = options;
    const [baseURL, source] = chooseBaseURL(options, env);
    this.baseURL = normalizeBaseURL(baseURL, source);
    const isOpenAIHost = new URL(this.baseURL).hostname.toLowerCase() === 'api.openai.com';
    this.api =
      options.api === undefined || options.api === 'auto'
        ? isOpenAIHost
          ? 'responses'
          : 'chat'
        : options.api;
    this.#url = `${this.baseURL}${this.api === 'responses' ? '/responses' : '/chat/completions'}`;
    this.#settings = Object.freeze({
      providerId: PROVIDER_ID,
      isOpenAIHost,
      store: options.store ?? false,
      includeStreamUsage: options.includeStreamUsage ?? true,
      structuredOutputs: options.structuredOutputs ?? true,
      defaultModel: options.defaultModel,
    });
    const headers: Record<string, string> = {};
    if (options.organization !== undefined) headers['openai-organization'] = options.organization;
    if (options.project !== undefined) headers['openai-project'] = options.project;
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      headers[name.toLowerCase()] = value;
    }
    this.#headers = headers;
  }

  /** Sends a request and resolves to the whole answer. */
  async sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse> {
    const body = this.#body(request, false);
    const client = this.#connect();
    const { data } = await client.postJson(this.#url, body, requestOptions(options));
    const secrets = this.#secrets();
    return this.api === 'responses'
      ? mapOpenAIResponsesResponse(data, PROVIDER_ID, secrets)
      : mapOpenAIChatResponse(data, PROVIDER_ID, secrets);
  }

  /**
   * Sends a request and resolves, once the response headers arrived, to a `ChatStream` of its
   * answer. Errors before the first byte (status, network, missing key) reject this call; errors
   * inside the stream reject the iterator, with the partial answer on the error.
   */
  async streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream> {
    const body = this.#body(request, true);
    const client = this.#connect();
    const response = await client.postSse(this.#url, body, requestOptions(options));
    const secrets = this.#secrets();
    const mapper: StreamMapper =
      this.api === 'responses'
        ? createOpenAIResponsesStreamMapper(PROVIDER_ID, secrets)
        : createOpenAIChatStreamMapper(PROVIDER_ID, secrets);
    return response.toChatStream(mapper);
  }

  /** Releases the connection pool after the calls in flight finished. Later calls reject. */
  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = undefined;
    await client?.close();
  }

  /** Same as {@link close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #body(request: ChatRequest, stream: boolean): object {
    return this.api === 'responses'
      ? buildOpenAIResponsesRequestBody(request, this.#settings, stream)
      : buildOpenAIChatRequestBody(request, this.#settings, stream);
  }

  /** The HTTP client, made at the first call once the API key is known. */
  #connect(): HttpClient {
    if (this.#client !== undefined) return this.#client;
    if (this.#closed) {
      throw new AigoError(
        'unsupported',
        'This OpenAI provider is closed: build a new one with openai()',
      );
    }
    const apiKey = loadApiKey({
      apiKey: this.#options.apiKey,
      envVar: OPENAI_API_KEY_ENV,
      description: 'OpenAI',
      required: this.#settings.isOpenAIHost,
    });
    this.#apiKey = apiKey;
    const headers =
      apiKey === undefined
        ? this.#headers
        : { authorization: `Bearer ${apiKey}`, ...this.#headers };
    this.#client = createHttpClient({
      provider: PROVIDER_ID,
      headers,
      ...(apiKey === undefined ? {} : { secrets: [apiKey] }),
      ...(this.#options.timeoutMs === undefined ? {} : { timeoutMs: this.#options.timeoutMs }),
      ...(this.#options.dispatcher === undefined ? {} : { dispatcher: this.#options.dispatcher }),
    });
    return this.#client;
  }

  #secrets(): readonly string[] {
    return this.#apiKey === undefined ? [] : [this.#apiKey];
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
export function openai(options: OpenAIProviderOptions = {}): OpenAIProvider {
  validateOptions(options);
  return new OpenAIProvider(options, process.env);
}

function validateOptions(options: OpenAIProviderOptions): void {
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
  if (
    options.timeoutMs !== undefined &&
    (typeof options.timeoutMs !== 'number' || !(options.timeoutMs > 0))
  ) {
    throw new ValidationError('options.timeoutMs', 'must be a positive number of milliseconds');
  }
  if (options.baseURL !== undefined) normalizeBaseURL(options.baseURL, 'options.baseURL');
}

/** The base URL to use and where it came from (for error messages). */
function chooseBaseURL(
  options: OpenAIProviderOptions,
  env: Readonly<Record<string, string | undefined>>,
): [string, string] {
  if (options.baseURL !== undefined) return [options.baseURL.trim(), 'options.baseURL'];
  for (const name of ['OPENAI_API_BASE_URL', 'OPENAI_BASE_URL']) {
    const value = env[name]?.trim();
    if (value) return [value, name];
  }
  return [OPENAI_BASE_URL, 'baseURL'];
}

function normalizeBaseURL(baseURL: string, source: string): string {
  let url: URL | undefined;
  try {
    url = new URL(baseURL);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ValidationError(source, `must be an http(s) URL, got "${redactUrl(baseURL)}"`);
  }
  return baseURL.replace(/\/+$/, '');
}

function requestOptions(options: CallOptions | undefined): RequestOptions | undefined {
  if (options === undefined) return undefined;
  if (!isRecord(options as unknown)) throw new ValidationError('options', 'must be CallOptions');
  const { signal, headers, timeoutMs } = options;
  return {
    ...(signal === undefined ? {} : { signal }),
    ...(headers === undefined ? {} : { headers }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
}
