import { AbortError, AigoError, type ProviderError, raceAbort, ValidationError } from '@aigo/ai';
import type { Dispatcher } from 'undici';
import type { RequestOptions } from '../options/request-options.js';
import type { StreamFormat } from '../stream/frame-mapper.js';
import type { StreamDecoding } from '../stream/stream-decoding.js';
import { BodyStreamResponse, type StreamResponse } from '../stream/stream-response.js';
import { type CallSignal, createCallSignal, MAX_TIMER_MS } from './call-signal.js';
import {
  type HttpClientOptions,
  type HttpClientSettings,
  type JsonResponse,
  readHttpClientOptions,
} from './http-client-options.js';
import { loadedUndici, loadUndici, type UndiciModule } from './load-undici.js';
import { mapTransportError, type TransportContext } from './map-transport-error.js';
import { type PreparedRequest, prepareRequest, RequestTargets } from './prepared-request.js';
import { raceCall } from './race-call.js';
import { readBody } from './read-body.js';
import type { RequestSigner } from './request-signer.js';
import { invalidResponse, notAnEventStream, statusError } from './response-errors.js';

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
  readonly #settings: HttpClientSettings;
  #ownDispatcher: Dispatcher | undefined;
  readonly #targets = new RequestTargets();
  #closed = false;

  constructor(options: HttpClientOptions) {
    this.#settings = readHttpClientOptions(options);
    this.provider = this.#settings.provider;
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
    const settings = this.#settings;
    let prepared = this.#prepare(url, body, options, settings.jsonHeaders);
    if (settings.signRequest !== undefined) prepared = await signed(prepared, settings.signRequest);
    const undici = loadedUndici() ?? (await loadUndici());
    const { response, call, context } = await this.#send(undici, prepared);
    try {
      const { statusCode, headers } = response;
      if (statusCode < 200 || statusCode > 299) {
        throw await statusError(this.provider, response, prepared, settings.secrets);
      }
      let text: string;
      let truncated: boolean;
      try {
        ({ text, truncated } = await readBody(response.body, settings.maxResponseBytes));
      } catch (error) {
        throw mapTransportError(error, context);
      }
      if (truncated) {
        throw this.#invalidResponse(
          statusCode,
          text,
          prepared,
          `is larger than ${settings.maxResponseBytes} bytes`,
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
   * Like {@link postSse} for a body in another streamed format (AWS's binary event stream): the
   * request asks for `decoding.accept`, and `decoding.decoder` turns the body into frames.
   */
  postDecodedStream(
    url: string,
    body: unknown,
    decoding: StreamDecoding,
    options?: RequestOptions,
  ): Promise<StreamResponse> {
    if (
      decoding === null ||
      typeof decoding !== 'object' ||
      typeof decoding.accept !== 'string' ||
      typeof decoding.decoder !== 'function'
    ) {
      throw new ValidationError('decoding', 'must be { accept, decoder }');
    }
    return this.#postStream(url, body, options, decoding);
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
    const settings = this.#settings;
    let prepared = this.#prepare(
      url,
      body,
      options,
      format === 'sse'
        ? settings.sseHeaders
        : typeof format === 'object'
          ? { ...settings.jsonHeaders, accept: format.accept }
          : settings.jsonHeaders,
    );
    if (settings.signRequest !== undefined) prepared = await signed(prepared, settings.signRequest);
    const undici = loadedUndici() ?? (await loadUndici());
    const { response, call, context } = await this.#send(undici, prepared);
    const { statusCode, headers } = response;
    if (statusCode < 200 || statusCode > 299) {
      try {
        throw await statusError(this.provider, response, prepared, settings.secrets);
      } finally {
        call?.dispose();
      }
    }
    if (format === 'sse') {
      const contentType = String(headers['content-type'] ?? '').toLowerCase();
      if (contentType.includes('json') || contentType.includes('html')) {
        try {
          throw await notAnEventStream(
            this.provider,
            response,
            prepared,
            settings.secrets,
            contentType,
          );
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
      maxEventChars: settings.maxEventChars,
    });
  }

  /** The call's request, checked; then whether the client can still send it. */
  #prepare(
    url: string,
    body: unknown,
    options: RequestOptions | undefined,
    baseHeaders: Readonly<Record<string, string>>,
  ): PreparedRequest {
    const prepared = prepareRequest(
      url,
      body,
      options,
      baseHeaders,
      this.#settings.timeoutMs,
      this.#targets,
    );
    if (this.#closed) {
      throw new AigoError('unsupported', `The ${this.provider} HTTP client is closed`);
    }
    if (prepared.signal?.aborted) throw AbortError.fromSignal(prepared.signal);
    return prepared;
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
        dispatcher === this.#ownDispatcher && prepared.timeoutMs === this.#settings.timeoutMs
          ? undefined
          : undiciTimeout(prepared.timeoutMs);
      const request = dispatcher.request({
        origin,
        path,
        method: 'POST',
        headers: prepared.headers,
        body: prepared.body,
        signal: call ?? null,
        ...(timers === undefined ? {} : { headersTimeout: timers, bodyTimeout: timers }),
      });
      // undici reads the signal only once the request has a connection: until then the abort is ours.
      const response = await (call === undefined ? request : raceCall(request, call));
      return { response, call, context: this.#context(prepared, call, true) };
    } catch (error) {
      call?.dispose();
      throw mapTransportError(error, this.#context(prepared, call, false));
    }
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
      secrets: this.#settings.secrets,
    };
  }

  #dispatcher(undici: UndiciModule): Dispatcher {
    const external = this.#settings.dispatcher;
    if (external !== undefined) return external;
    if (this.#ownDispatcher === undefined) {
      if (this.#closed)
        throw new AigoError('unsupported', `The ${this.provider} HTTP client is closed`);
      const timers = undiciTimeout(this.#settings.timeoutMs);
      this.#ownDispatcher = new undici.Agent({
        connect: { timeout: this.#settings.connectTimeoutMs },
        headersTimeout: timers,
        bodyTimeout: timers,
      });
    }
    return this.#ownDispatcher;
  }

  #invalidResponse(
    status: number,
    text: string,
    prepared: PreparedRequest,
    problem: string,
  ): ProviderError {
    return invalidResponse(this.provider, status, text, prepared, this.#settings.secrets, problem);
  }
}

/** The request with the signer's headers added; an abort while signing rejects the call. */
async function signed(prepared: PreparedRequest, sign: RequestSigner): Promise<PreparedRequest> {
  const added = await raceAbort(
    sign({
      method: 'POST',
      url: prepared.url,
      origin: prepared.target.origin,
      path: prepared.target.path,
      headers: prepared.headers,
      body: prepared.body,
      signal: prepared.signal,
    }),
    prepared.signal,
  );
  if (prepared.signal?.aborted) throw AbortError.fromSignal(prepared.signal);
  return { ...prepared, headers: { ...prepared.headers, ...added } };
}

/** Creates the {@link HttpClient} a provider owns. See {@link HttpClientOptions}. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  return new HttpClient(options);
}
