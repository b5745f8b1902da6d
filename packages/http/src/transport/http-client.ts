import type { Readable } from 'node:stream';
import { AbortError, AigoError, ProviderError, ValidationError } from '@aigo/ai';
import type { Dispatcher } from 'undici';
import {
  errorFromResponse,
  MAX_ERROR_BODY_CHARS,
  truncate,
} from '../errors/error-from-response.js';
import { parseErrorBody } from '../errors/parse-error-body.js';
import { redactText, redactUrl, secretsOf } from '../errors/redact.js';
import {
  describe,
  normalizeHeaders,
  optionalDuration,
  optionalInteger,
  optionalObject,
  optionalSignal,
  requireString,
} from '../options/validate.js';
import type { StreamFormat } from '../stream/frame-mapper.js';
import { BodyStreamResponse, type StreamResponse } from '../stream/stream-response.js';
import { type CallSignal, createCallSignal, MAX_TIMER_MS } from './call-signal.js';
import { loadedUndici, loadUndici, type UndiciModule } from './load-undici.js';
import { mapTransportError, type TransportContext } from './map-transport-error.js';
import { readBody } from './read-body.js';

/** The default deadline of a call: 10 minutes, so long reasoning calls are not cut off. */
export const DEFAULT_TIMEOUT_MS = 600_000;
/** The default time allowed to open a connection (TCP + TLS): 10 s. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** The default limit on a JSON response body: 64 MiB (inline images and audio are large). */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** How much of an error response is read to find its message and code: 64 KiB. */
const ERROR_READ_BYTES = 64 * 1024;

/** Options of {@link createHttpClient}. */
export interface HttpClientOptions {
  /** The provider id put on every error (`openai`, `gemini`). */
  readonly provider: string;
  /** Headers sent with every request (`authorization`, `x-goog-api-key`, ...). Names are case-insensitive. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /**
   * The deadline of each call in milliseconds, from sending the request to the end of the body
   * (a stream's last byte). Default 10 minutes; `Infinity` for none. undici's header and idle-body
   * timeouts follow it.
   */
  readonly timeoutMs?: number;
  /** Time allowed to open a connection. Default 10 s. Not applied to a `dispatcher` you pass. */
  readonly connectTimeoutMs?: number;
  /**
   * An undici dispatcher to send requests through (a proxy agent, a mock, a shared pool). The client
   * does not close a dispatcher it did not create.
   */
  readonly dispatcher?: Dispatcher;
  /** More strings to scrub from errors, besides the secret headers and query parameters of each request. */
  readonly secrets?: readonly string[];
  /** The largest JSON response body accepted, in bytes. Default 64 MiB. */
  readonly maxResponseBytes?: number;
  /** The longest SSE event accepted, in characters. Default 64 Mi. */
  readonly maxEventChars?: number;
}

/**
 * Per-call options. A provider's `CallOptions` (`signal`, `headers`, `timeoutMs`) can be passed as
 * they are.
 */
export interface RequestOptions {
  /** Aborting it destroys the connection at once; the call rejects with `AbortError` (cause: the reason). */
  readonly signal?: AbortSignal;
  /** This call's deadline, overriding the client's. */
  readonly timeoutMs?: number;
  /** Extra headers for this call; they override the client's. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
}

/** A parsed JSON response. */
export interface JsonResponse<T> {
  readonly status: number;
  /** Response headers, lower-case names. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed body: an object or an array, not checked further. */
  readonly data: T;
}

interface PreparedRequest {
  readonly url: string;
  readonly target: RequestTarget;
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
}

interface RequestTarget {
  readonly origin: string;
  readonly path: string;
}

/** How many parsed URLs a client keeps (a provider calls a few; more means URLs built per call). */
const MAX_CACHED_TARGETS = 64;

/** undici's header and body timeouts for a deadline: 0 (off) when there is none a timer can hold. */
function undiciTimeout(timeoutMs: number): number {
  return timeoutMs <= MAX_TIMER_MS ? timeoutMs : 0;
}

interface SentRequest {
  readonly response: Dispatcher.ResponseData;
  readonly call: CallSignal | undefined;
  readonly context: TransportContext;
}

/**
 * The HTTP client a provider creates once and closes in its own `close()`: JSON POSTs and streaming
 * POSTs over one keep-alive undici `Agent`, with typed errors. undici itself is loaded at the first
 * request, so importing `@aigo/http` stays cheap. Safe to share across concurrent calls.
 */
export class HttpClient {
  /** The provider id put on errors. */
  readonly provider: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #jsonHeaders: Readonly<Record<string, string>>;
  readonly #sseHeaders: Readonly<Record<string, string>>;
  readonly #timeoutMs: number;
  readonly #connectTimeoutMs: number;
  readonly #secrets: readonly string[];
  readonly #maxResponseBytes: number;
  readonly #maxEventChars: number | undefined;
  readonly #externalDispatcher: Dispatcher | undefined;
  #ownDispatcher: Dispatcher | undefined;
  readonly #targets = new Map<string, RequestTarget>();
  #closed = false;

  constructor(options: HttpClientOptions) {
    optionalObject(options, 'options');
    if (options === undefined) throw new ValidationError('options', 'are required ({ provider })');
    this.provider = requireString(options.provider, 'options.provider');
    this.#headers = normalizeHeaders(options.headers, 'options.headers') ?? {};
    this.#jsonHeaders = {
      'content-type': 'application/json',
      accept: 'application/json',
      ...this.#headers,
    };
    this.#sseHeaders = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...this.#headers,
    };
    this.#timeoutMs =
      optionalDuration(options.timeoutMs, 'options.timeoutMs') ?? DEFAULT_TIMEOUT_MS;
    this.#connectTimeoutMs =
      optionalDuration(options.connectTimeoutMs, 'options.connectTimeoutMs') ??
      DEFAULT_CONNECT_TIMEOUT_MS;
    const secrets = options.secrets ?? [];
    if (!Array.isArray(secrets) || secrets.some((s) => typeof s !== 'string')) {
      throw new ValidationError('options.secrets', 'must be an array of strings');
    }
    this.#secrets = [...secrets];
    this.#maxResponseBytes =
      optionalInteger(options.maxResponseBytes, 'options.maxResponseBytes', 1) ??
      DEFAULT_MAX_RESPONSE_BYTES;
    this.#maxEventChars = optionalInteger(options.maxEventChars, 'options.maxEventChars', 1);
    const dispatcher = options.dispatcher;
    if (
      dispatcher !== undefined &&
      (dispatcher === null || typeof (dispatcher as { dispatch?: unknown }).dispatch !== 'function')
    ) {
      throw new ValidationError(
        'options.dispatcher',
        `must be an undici Dispatcher, got ${describe(dispatcher)}`,
      );
    }
    this.#externalDispatcher = dispatcher;
  }

  /**
   * POSTs `body` as JSON and resolves to the parsed JSON answer.
   *
   * Rejects with `ProviderError` for a non-2xx status (see `errorFromResponse`), for a 2xx body that
   * is not a JSON object or array (`invalid_response`, with an excerpt) and for a broken connection
   * (`connection_error`); `AbortError` when `options.signal` aborts; `TimeoutError` at the deadline.
   */
  async postJson<T = unknown>(
    url: string,
    body: unknown,
    options?: RequestOptions,
  ): Promise<JsonResponse<T>> {
    const prepared = this.#prepare(url, body, options, this.#jsonHeaders);
    const undici = loadedUndici() ?? (await loadUndici());
    const { response, call, context } = await this.#send(undici, prepared);
    try {
      const { statusCode, headers } = response;
      if (statusCode < 200 || statusCode > 299) {
        throw await this.#statusError(response, prepared);
      }
      let text: string;
      let truncated: boolean;
      try {
        ({ text, truncated } = await readBody(response.body, this.#maxResponseBytes));
      } catch (error) {
        throw mapTransportError(error, context);
      }
      if (truncated) {
        throw this.#invalidResponse(
          statusCode,
          text,
          prepared,
          `is larger than ${this.#maxResponseBytes} bytes`,
        );
      }
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        throw this.#invalidResponse(statusCode, text, prepared, 'is not JSON');
      }
      if (data === null || typeof data !== 'object') {
        throw this.#invalidResponse(statusCode, text, prepared, 'is not a JSON object');
      }
      return { status: statusCode, headers, data: data as T };
    } finally {
      call?.dispose();
    }
  }

  /**
   * POSTs `body` as JSON with `accept: text/event-stream` and resolves, once the response headers
   * arrived with a 2xx status, to a {@link StreamResponse}: call its `toChatStream(onFrame)` to get
   * the `ChatStream`. A non-2xx status rejects with the `ProviderError` of `errorFromResponse`; a 2xx
   * answer that is JSON or HTML instead of an event stream rejects with `invalid_response` (or the
   * error the JSON describes).
   */
  postSse(url: string, body: unknown, options?: RequestOptions): Promise<StreamResponse> {
    return this.#postStream(url, body, options, 'sse');
  }

  /**
   * Like {@link postSse} for a body that is one JSON array streamed element by element (Gemini's
   * `streamGenerateContent` without `alt=sse`): each element is a frame whose `data` is its JSON text.
   */
  postJsonStream(url: string, body: unknown, options?: RequestOptions): Promise<StreamResponse> {
    return this.#postStream(url, body, options, 'json-array');
  }

  /**
   * Closes the connection pool the client created, after the requests in flight finished. Calls
   * made afterwards reject. A `dispatcher` passed in the options is left open.
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const own = this.#ownDispatcher;
    this.#ownDispatcher = undefined;
    await own?.close();
  }

  /** Closes the pool at once, destroying the connections of requests in flight. */
  async destroy(): Promise<void> {
    this.#closed = true;
    const own = this.#ownDispatcher;
    this.#ownDispatcher = undefined;
    await own?.destroy();
  }

  /** Same as {@link close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #postStream(
    url: string,
    body: unknown,
    options: RequestOptions | undefined,
    format: StreamFormat,
  ): Promise<StreamResponse> {
    const prepared = this.#prepare(
      url,
      body,
      options,
      format === 'sse' ? this.#sseHeaders : this.#jsonHeaders,
    );
    const undici = loadedUndici() ?? (await loadUndici());
    const { response, call, context } = await this.#send(undici, prepared);
    const { statusCode, headers } = response;
    if (statusCode < 200 || statusCode > 299) {
      try {
        throw await this.#statusError(response, prepared);
      } finally {
        call?.dispose();
      }
    }
    if (format === 'sse') {
      const contentType = String(headers['content-type'] ?? '').toLowerCase();
      if (contentType.includes('json') || contentType.includes('html')) {
        try {
          throw await this.#notAnEventStream(response, prepared, contentType);
        } finally {
          call?.dispose();
        }
      }
    }
    return new BodyStreamResponse({
      status: statusCode,
      headers,
      body: response.body,
      format,
      call,
      context,
      maxEventChars: this.#maxEventChars,
    });
  }

  #prepare(
    url: string,
    body: unknown,
    options: RequestOptions | undefined,
    baseHeaders: Readonly<Record<string, string>>,
  ): PreparedRequest {
    if (typeof url !== 'string' || !/^https?:\/\/[^/\s]/i.test(url)) {
      throw new ValidationError(
        'url',
        `must be an absolute http(s) URL string, got ${describe(url)}`,
      );
    }
    const target = this.#target(url);
    if (body === undefined) throw new ValidationError('body', 'is required');
    let json: string;
    try {
      json = JSON.stringify(body);
    } catch (error) {
      throw new ValidationError(
        'body',
        `cannot be serialized as JSON (${(error as Error).message})`,
        {
          cause: error,
        },
      );
    }
    if (json === undefined)
      throw new ValidationError('body', `cannot be serialized as JSON, got ${describe(body)}`);
    let headers = baseHeaders as Record<string, string>;
    let timeoutMs = this.#timeoutMs;
    let signal: AbortSignal | undefined;
    if (options !== undefined) {
      optionalObject(options, 'options');
      signal = optionalSignal(options.signal, 'options.signal');
      timeoutMs = optionalDuration(options.timeoutMs, 'options.timeoutMs') ?? timeoutMs;
      const extra = normalizeHeaders(options.headers, 'options.headers');
      if (extra !== undefined) headers = { ...baseHeaders, ...extra };
    }
    if (this.#closed) {
      throw new AigoError('unsupported', `The ${this.provider} HTTP client is closed`);
    }
    if (signal?.aborted) throw AbortError.fromSignal(signal);
    return { url, target, headers, body: json, signal, timeoutMs };
  }

  async #send(undici: UndiciModule, prepared: PreparedRequest): Promise<SentRequest> {
    const call = createCallSignal(prepared.signal, prepared.timeoutMs, this.provider);
    try {
      const dispatcher = this.#dispatcher(undici);
      const { origin, path } = prepared.target;
      // Dispatcher.request with the URL already split: what undici.request(url) does after parsing the
      // URL again on every call. undici's header and body timers follow the deadline; the pool this
      // client made already has the client's own, so they are set per call only when they differ.
      const timers =
        dispatcher === this.#ownDispatcher && prepared.timeoutMs === this.#timeoutMs
          ? undefined
          : undiciTimeout(prepared.timeoutMs);
      const response = await dispatcher.request({
        origin,
        path,
        method: 'POST',
        headers: prepared.headers,
        body: prepared.body,
        signal: call ?? null,
        ...(timers === undefined ? {} : { headersTimeout: timers, bodyTimeout: timers }),
      });
      return { response, call, context: this.#context(prepared, call, true) };
    } catch (error) {
      call?.dispose();
      throw mapTransportError(error, this.#context(prepared, call, false));
    }
  }

  /** The origin and path of `url`, parsed once per distinct URL (a provider calls a handful). */
  #target(url: string): RequestTarget {
    let target = this.#targets.get(url);
    if (target === undefined) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch (error) {
        throw new ValidationError('url', `is not a valid URL: ${describe(redactUrl(url))}`, {
          cause: error,
        });
      }
      target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
      if (this.#targets.size >= MAX_CACHED_TARGETS) this.#targets.clear();
      this.#targets.set(url, target);
    }
    return target;
  }

  /** What a transport failure of this request is mapped with (secrets are found only if one happens). */
  #context(
    prepared: PreparedRequest,
    call: CallSignal | undefined,
    responseStarted: boolean,
  ): TransportContext {
    return {
      provider: this.provider,
      signal: call,
      timeoutMs: prepared.timeoutMs,
      responseStarted,
      url: prepared.url,
      headers: prepared.headers,
      secrets: this.#secrets,
    };
  }

  #dispatcher(undici: UndiciModule): Dispatcher {
    if (this.#externalDispatcher !== undefined) return this.#externalDispatcher;
    if (this.#ownDispatcher === undefined) {
      if (this.#closed)
        throw new AigoError('unsupported', `The ${this.provider} HTTP client is closed`);
      const timers = undiciTimeout(this.#timeoutMs);
      this.#ownDispatcher = new undici.Agent({
        connect: { timeout: this.#connectTimeoutMs },
        headersTimeout: timers,
        bodyTimeout: timers,
      });
    }
    return this.#ownDispatcher;
  }

  /** Reads (a bounded part of) an error response and maps it. */
  async #statusError(
    response: Dispatcher.ResponseData,
    prepared: PreparedRequest,
  ): Promise<ProviderError> {
    let text = '';
    try {
      ({ text } = await readBody(response.body as Readable, ERROR_READ_BYTES));
    } catch {
      // The status is the error; a body that broke off adds nothing we can trust.
    }
    return errorFromResponse({
      provider: this.provider,
      status: response.statusCode,
      headers: response.headers,
      body: text,
      secrets: secretsOf(prepared.url, prepared.headers, this.#secrets),
    });
  }

  /** A 2xx answer to a streaming request that is JSON or HTML, not an event stream. */
  async #notAnEventStream(
    response: Dispatcher.ResponseData,
    prepared: PreparedRequest,
    contentType: string,
  ): Promise<ProviderError> {
    let text = '';
    try {
      ({ text } = await readBody(response.body as Readable, ERROR_READ_BYTES));
    } catch {
      // Reported below as a response that is not an event stream.
    }
    const info = parseErrorBody(text);
    if (info.message !== undefined || info.providerCode !== undefined) {
      return errorFromResponse({
        provider: this.provider,
        headers: response.headers,
        body: text,
        secrets: secretsOf(prepared.url, prepared.headers, this.#secrets),
      });
    }
    return this.#invalidResponse(
      response.statusCode,
      text,
      prepared,
      `is ${contentType.split(';')[0]}, not an event stream`,
    );
  }

  #invalidResponse(
    status: number,
    text: string,
    prepared: PreparedRequest,
    problem: string,
  ): ProviderError {
    const secrets = secretsOf(prepared.url, prepared.headers, this.#secrets);
    // Redact before cutting, so no prefix of a secret survives the cut.
    const head = redactText(
      text.length > ERROR_READ_BYTES ? text.slice(0, ERROR_READ_BYTES) : text,
      secrets,
    );
    const excerpt = truncate(head.replace(/\s+/g, ' ').trim(), 200);
    return new ProviderError({
      code: 'invalid_response',
      message: `The ${this.provider} response (HTTP ${status}) ${problem}${excerpt === '' ? ' (empty body)' : `: ${excerpt}`}`,
      provider: this.provider,
      status,
      body: truncate(head, MAX_ERROR_BODY_CHARS),
      retryable: false,
    });
  }
}

/** Creates the {@link HttpClient} a provider owns. See {@link HttpClientOptions}. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  return new HttpClient(options);
}
