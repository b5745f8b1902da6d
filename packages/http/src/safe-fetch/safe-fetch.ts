import type { Readable } from 'node:stream';
import { AbortError, AigoError, ProviderError, ValidationError } from '@aigo/ai';
import type { Dispatcher } from 'undici';
import { isSecretHeader, redactUrl } from '../errors/redact.js';
import {
  describe,
  normalizeHeaders,
  optionalDuration,
  optionalFunction,
  optionalInteger,
  optionalObject,
  optionalSignal,
} from '../options/validate.js';
import { createCallSignal } from '../transport/call-signal.js';
import { loadedUndici, loadUndici } from '../transport/load-undici.js';
import { mapTransportError, type TransportContext } from '../transport/map-transport-error.js';
import { type ContentType, decodeText, parseContentType } from './content-type.js';
import { pinnedLookup } from './pinned-lookup.js';
import { readBytes } from './read-bytes.js';
import {
  type AddressPolicy,
  type HostResolver,
  hostKey,
  parseTarget,
  type ResolvedAddress,
  resolveTarget,
  systemResolver,
} from './resolve-target.js';

/** Default deadline of a whole `safeFetch` call, redirects and body included: 30 s. */
export const SAFE_FETCH_DEFAULT_TIMEOUT_MS = 30_000;
/** Default limit on a response body: 10 MiB. */
export const SAFE_FETCH_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
/** Default number of redirects followed: 10. */
export const SAFE_FETCH_DEFAULT_MAX_REDIRECTS = 10;

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/** Headers that must not follow a redirect to another origin. */
const ORIGIN_BOUND_HEADERS: ReadonlySet<string> = new Set(['host', 'origin', 'referer']);

/** The address checks of {@link SafeFetchOptions}, shared by every function that fetches safely. */
export interface SafeNetworkOptions {
  /**
   * Skip the address checks: loopback, private, link-local and other non-public addresses may be
   * reached. Off by default; for tests and self-hosted deployments that fetch from their own network.
   * Schemes, credentials and the limits are still enforced, and connections still go to the resolved
   * address that was looked up once.
   */
  readonly allowPrivateNetwork?: boolean;
  /**
   * Host names (or IP literals) exempt from the address checks — an API base URL configured by the
   * application, a test server. Compared case-insensitively. Every other host, redirect targets
   * included, is still checked.
   */
  readonly allowedPrivateHosts?: readonly string[];
  /** Resolves host names; default `dns.lookup` (every address). Inject one for tests. */
  readonly lookup?: HostResolver;
}

/** Options of {@link safeFetch}. */
export interface SafeFetchOptions extends SafeNetworkOptions {
  /** `GET` (default), `HEAD` or `POST`. */
  readonly method?: 'GET' | 'HEAD' | 'POST';
  /** Request headers. Secret ones (`authorization`, `x-api-key`, ...) are dropped on a redirect to another origin. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /** The request body (POST only). */
  readonly body?: string | Uint8Array;
  readonly signal?: AbortSignal;
  /** Deadline of the whole call (every hop and the body), ms. Default 30 s. */
  readonly timeoutMs?: number;
  /** Time to open one connection, ms. Default 10 s. */
  readonly connectTimeoutMs?: number;
  /** Redirects followed before giving up. Default 10; 0 returns the redirect response itself. */
  readonly maxRedirects?: number;
  /** Largest body accepted, bytes. Default 10 MiB; a larger body fails the call (`invalid_response`). */
  readonly maxResponseBytes?: number;
  /**
   * Checked on the final 2xx response before its body is read: return false to refuse the media type
   * (lower-case, `''` when the server sent none). The call then fails with `unsupported`.
   */
  readonly acceptContentType?: (mediaType: string) => boolean;
  /** The name put on errors (`webfetch`, `brave`). Default `fetch`. */
  readonly provider?: string;
  /** More strings to scrub from errors (an API key sent in the body). */
  readonly secrets?: readonly string[];
}

/** The final response of {@link safeFetch}, its body read. */
export interface SafeFetchResponse {
  /** The URL that answered, after redirects. */
  readonly url: string;
  readonly status: number;
  /** Response headers, lower-case names. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The media type, lower-case (`text/html`); `''` when none was sent. */
  readonly mediaType: string;
  /** The `charset` of the `Content-Type`, lower-case, when given. */
  readonly charset: string | undefined;
  /** Every URL that redirected, in order (empty without redirects). */
  readonly redirects: readonly string[];
  /** The address the final request was sent to. */
  readonly address: string;
  /** The body (empty for HEAD). */
  readonly body: Uint8Array;
  /** The body decoded with the response's charset (UTF-8 when none or unknown). */
  text(): string;
}

interface Settings {
  readonly method: 'GET' | 'HEAD' | 'POST';
  readonly headers: Record<string, string>;
  readonly body: string | Uint8Array | undefined;
  readonly signal: AbortSignal | undefined;
  readonly timeoutMs: number;
  readonly connectTimeoutMs: number;
  readonly maxRedirects: number;
  readonly maxResponseBytes: number;
  readonly acceptContentType: ((mediaType: string) => boolean) | undefined;
  readonly provider: string;
  readonly secrets: readonly string[];
  readonly policy: AddressPolicy;
}

/**
 * Fetches a URL that someone else chose (a model, a page's link) without letting it reach the
 * machine's own network (SSRF):
 *
 * - only `http:` and `https:`, no `user:password@`;
 * - before every connection — the first URL and each redirect, followed by hand up to `maxRedirects`
 *   — the host is resolved once and every address must be public: loopback, private (10/8, 172.16/12,
 *   192.168/16), link-local (169.254/16, cloud metadata), CGNAT (100.64/10), 0.0.0.0/8, multicast,
 *   reserved, broadcast, documentation ranges and their IPv6 equivalents (IPv4-mapped, NAT64 and
 *   6to4 forms judged by the IPv4 address inside) are refused with {@link UnsafeUrlError};
 * - the socket connects to exactly the address that was checked (a lookup pinned to it), so a DNS
 *   answer that changes between check and connect (rebinding) is never used;
 * - a name that cannot be resolved is refused (fail closed);
 * - the whole call has a deadline (`timeoutMs`), the body a size limit, the 2xx media type an
 *   optional check.
 *
 * Any final status is returned (the caller decides what a 404 means); the body is read in full.
 * Errors: `UnsafeUrlError` (a `ValidationError`), `ProviderError` (`connection_error`, or
 * `invalid_response` for too many redirects or a body over the limit), `AigoError` `unsupported`
 * (refused media type), `AbortError`, `TimeoutError`.
 */
export async function safeFetch(
  url: string | URL,
  options?: SafeFetchOptions,
): Promise<SafeFetchResponse> {
  const settings = readSettings(url, options);
  const call = createCallSignal(settings.signal, settings.timeoutMs, settings.provider);
  const signal = call?.signal;
  const pinned = new Map<string, ResolvedAddress>();
  let agent: Dispatcher | undefined;
  try {
    const undici = loadedUndici() ?? (await loadUndici());
    agent = new undici.Agent({
      connect: { timeout: settings.connectTimeoutMs, lookup: pinnedLookup(pinned) },
      headersTimeout: 0,
      bodyTimeout: 0,
      pipelining: 0,
    });
    let target = parseTarget(url);
    let method = settings.method;
    let body = settings.body;
    let headers = settings.headers;
    const redirects: string[] = [];
    for (;;) {
      const resolved = await resolveTarget(target, settings.policy, signal);
      pinned.set(hostKey(target.hostname), resolved);
      if (signal?.aborted) throw AbortError.fromSignal(signal);
      const context: TransportContext = {
        provider: settings.provider,
        signal: call,
        timeoutMs: settings.timeoutMs,
        responseStarted: false,
        url: target.href,
        headers,
        secrets: settings.secrets,
      };
      let response: Dispatcher.ResponseData;
      try {
        response = await undici.request(target, {
          method,
          headers,
          body: body ?? null,
          dispatcher: agent,
          signal: call ?? null,
        });
      } catch (error) {
        throw mapTransportError(error, context);
      }
      const location = headerText(response.headers.location);
      if (
        REDIRECT_STATUSES.has(response.statusCode) &&
        location !== undefined &&
        settings.maxRedirects > 0
      ) {
        discard(response.body);
        if (redirects.length >= settings.maxRedirects) {
          throw new ProviderError({
            code: 'invalid_response',
            message: `${redactUrl(String(url))} redirected more than ${settings.maxRedirects} times`,
            provider: settings.provider,
            status: response.statusCode,
            retryable: false,
          });
        }
        redirects.push(target.href);
        const next = parseTarget(location, target);
        if (
          response.statusCode === 303 ||
          ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')
        ) {
          if (method !== 'HEAD') method = 'GET';
          body = undefined;
          headers = withoutHeaders(headers, (name) => name === 'content-type');
        }
        if (next.origin !== target.origin) {
          headers = withoutHeaders(
            headers,
            (name) => isSecretHeader(name) || ORIGIN_BOUND_HEADERS.has(name),
          );
        }
        target = next;
        continue;
      }
      return await finish(response, target, redirects, resolved, settings, context, method);
    }
  } finally {
    call?.dispose();
    agent?.destroy().catch(noop);
  }
}

async function finish(
  response: Dispatcher.ResponseData,
  target: URL,
  redirects: readonly string[],
  resolved: ResolvedAddress,
  settings: Settings,
  context: TransportContext,
  method: string,
): Promise<SafeFetchResponse> {
  const contentType: ContentType = parseContentType(response.headers['content-type']);
  const status = response.statusCode;
  const shown = redactUrl(target.href);
  if (
    status >= 200 &&
    status < 300 &&
    settings.acceptContentType !== undefined &&
    !settings.acceptContentType(contentType.mediaType)
  ) {
    discard(response.body);
    throw new AigoError(
      'unsupported',
      `${shown} answered with ${contentType.mediaType || 'no content type'}, which is not accepted here`,
    );
  }
  const declared = Number(headerText(response.headers['content-length']));
  if (Number.isFinite(declared) && declared > settings.maxResponseBytes) {
    discard(response.body);
    throw tooLarge(shown, status, settings);
  }
  let bytes: Buffer = Buffer.alloc(0);
  if (method !== 'HEAD') {
    let truncated: boolean;
    try {
      ({ bytes, truncated } = await readBytes(
        response.body as Readable,
        settings.maxResponseBytes,
      ));
    } catch (error) {
      throw mapTransportError(error, { ...context, responseStarted: true });
    }
    if (truncated) throw tooLarge(shown, status, settings);
  } else {
    discard(response.body);
  }
  const { mediaType, charset } = contentType;
  return {
    url: target.href,
    status,
    headers: response.headers,
    mediaType,
    charset,
    redirects,
    address: resolved.address,
    body: bytes,
    text: () => decodeText(bytes, charset),
  };
}

function tooLarge(shown: string, status: number, settings: Settings): ProviderError {
  return new ProviderError({
    code: 'invalid_response',
    message: `The response from ${shown} is larger than ${settings.maxResponseBytes} bytes`,
    provider: settings.provider,
    status,
    retryable: false,
  });
}

function readSettings(url: unknown, options: SafeFetchOptions | undefined): Settings {
  if (typeof url !== 'string' && !(url instanceof URL)) {
    throw new ValidationError('url', `must be a string or a URL, got ${describe(url)}`);
  }
  optionalObject(options, 'options');
  const method = options?.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw new ValidationError('options.method', 'must be GET, HEAD or POST');
  }
  const body = options?.body;
  if (body !== undefined) {
    if (typeof body !== 'string' && !(body instanceof Uint8Array)) {
      throw new ValidationError('options.body', `must be a string or bytes, got ${describe(body)}`);
    }
    if (method !== 'POST') throw new ValidationError('options.body', 'is only sent with POST');
  }
  const allowPrivateNetwork = options?.allowPrivateNetwork ?? false;
  if (typeof allowPrivateNetwork !== 'boolean') {
    throw new ValidationError('options.allowPrivateNetwork', 'must be a boolean');
  }
  const allowed = options?.allowedPrivateHosts ?? [];
  if (!Array.isArray(allowed) || allowed.some((host) => typeof host !== 'string' || host === '')) {
    throw new ValidationError('options.allowedPrivateHosts', 'must be an array of host names');
  }
  const secrets = options?.secrets ?? [];
  if (!Array.isArray(secrets) || secrets.some((secret) => typeof secret !== 'string')) {
    throw new ValidationError('options.secrets', 'must be an array of strings');
  }
  const provider = options?.provider ?? 'fetch';
  if (typeof provider !== 'string' || provider === '') {
    throw new ValidationError('options.provider', 'must be a non-empty string');
  }
  return {
    method,
    headers: normalizeHeaders(options?.headers, 'options.headers') ?? {},
    body,
    signal: optionalSignal(options?.signal, 'options.signal'),
    timeoutMs:
      optionalDuration(options?.timeoutMs, 'options.timeoutMs') ?? SAFE_FETCH_DEFAULT_TIMEOUT_MS,
    connectTimeoutMs:
      optionalDuration(options?.connectTimeoutMs, 'options.connectTimeoutMs') ?? 10_000,
    maxRedirects:
      optionalInteger(options?.maxRedirects, 'options.maxRedirects', 0) ??
      SAFE_FETCH_DEFAULT_MAX_REDIRECTS,
    maxResponseBytes:
      optionalInteger(options?.maxResponseBytes, 'options.maxResponseBytes', 1) ??
      SAFE_FETCH_DEFAULT_MAX_BYTES,
    acceptContentType: optionalFunction<(mediaType: string) => boolean>(
      options?.acceptContentType,
      'options.acceptContentType',
    ),
    provider,
    secrets,
    policy: {
      allowPrivateNetwork,
      allowedPrivateHosts: new Set(allowed.map(hostKey)),
      resolver: optionalFunction<HostResolver>(options?.lookup, 'options.lookup') ?? systemResolver,
    },
  };
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function withoutHeaders(
  headers: Record<string, string>,
  drop: (name: string) => boolean,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!drop(name)) kept[name] = value;
  return kept;
}

function discard(body: Dispatcher.ResponseData['body']): void {
  (body as Readable).on('error', noop);
  (body as Readable).destroy();
}

function noop(): void {}
