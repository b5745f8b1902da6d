import { ValidationError } from '@aigo/ai';
import type { Dispatcher } from 'undici';
import {
  describe,
  normalizeHeaders,
  optionalDuration,
  optionalFunction,
  optionalInteger,
  optionalObject,
  requireString,
} from '../options/validate.js';
import type { RequestSigner } from './request-signer.js';

/** The default deadline of a call: 10 minutes, so long reasoning calls are not cut off. */
export const DEFAULT_TIMEOUT_MS = 600_000;
/** The default time allowed to open a connection (TCP + TLS): 10 s. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** The default limit on a JSON response body: 64 MiB (inline images and audio are large). */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

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
  /**
   * Authorises each request with headers computed for it (a cloud's signature or access token),
   * called after the body is serialised: see {@link RequestSigner}.
   */
  readonly signRequest?: RequestSigner;
}

/** A parsed JSON response. */
export interface JsonResponse<T> {
  readonly status: number;
  /** Response headers, lower-case names. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed body: an object or an array, not checked further. */
  readonly data: T;
}

/** {@link HttpClientOptions} checked, with every default filled in. */
export interface HttpClientSettings {
  readonly provider: string;
  /** The headers of a JSON call (`content-type`, `accept: application/json`, then the client's). */
  readonly jsonHeaders: Readonly<Record<string, string>>;
  /** The headers of an SSE call (`accept: text/event-stream`). */
  readonly sseHeaders: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly secrets: readonly string[];
  readonly maxResponseBytes: number;
  readonly maxEventChars: number | undefined;
  readonly dispatcher: Dispatcher | undefined;
  readonly signRequest: RequestSigner | undefined;
}

/**
 * Checks the options of an `HttpClient` and fills in the defaults.
 *
 * @throws ValidationError naming the bad option.
 */
export function readHttpClientOptions(options: HttpClientOptions): HttpClientSettings {
  optionalObject(options, 'options');
  if (options === undefined) throw new ValidationError('options', 'are required ({ provider })');
  const provider = requireString(options.provider, 'options.provider');
  const headers = normalizeHeaders(options.headers, 'options.headers') ?? {};
  const timeoutMs = optionalDuration(options.timeoutMs, 'options.timeoutMs') ?? DEFAULT_TIMEOUT_MS;
  const connectTimeoutMs =
    optionalDuration(options.connectTimeoutMs, 'options.connectTimeoutMs') ??
    DEFAULT_CONNECT_TIMEOUT_MS;
  const secrets = options.secrets ?? [];
  if (!Array.isArray(secrets) || secrets.some((s) => typeof s !== 'string')) {
    throw new ValidationError('options.secrets', 'must be an array of strings');
  }
  const maxResponseBytes =
    optionalInteger(options.maxResponseBytes, 'options.maxResponseBytes', 1) ??
    DEFAULT_MAX_RESPONSE_BYTES;
  const maxEventChars = optionalInteger(options.maxEventChars, 'options.maxEventChars', 1);
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
  const signRequest = optionalFunction<RequestSigner>(options.signRequest, 'options.signRequest');
  return {
    provider,
    jsonHeaders: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    sseHeaders: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    timeoutMs,
    connectTimeoutMs,
    secrets: [...secrets],
    maxResponseBytes,
    maxEventChars,
    dispatcher,
    signRequest,
  };
}
