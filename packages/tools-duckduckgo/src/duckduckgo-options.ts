import { ValidationError } from '@aigo/ai';
import { type HostResolver, safeFetchJson } from '@aigo/http';
import type { DuckDuckGoResponse } from './duckduckgo-api.js';

/** The Instant Answer API. */
export const DUCKDUCKGO_DEFAULT_BASE_URL = 'https://api.duckduckgo.com';
/** Default deadline of one call: 15 s. */
export const DUCKDUCKGO_DEFAULT_TIMEOUT_MS = 15_000;
/** The user agent sent by default (the Go tool's). */
export const DUCKDUCKGO_DEFAULT_USER_AGENT = 'aigo-duckduckgo-tool/1.0';

/** Options of the DuckDuckGo tool factories. No key: the Instant Answer API is free. */
export interface DuckDuckGoToolOptions {
  /** Where the API lives (a proxy, a test server). Default `https://api.duckduckgo.com`. */
  readonly baseUrl?: string;
  /** Deadline of one call, ms. Default 15 s. */
  readonly timeoutMs?: number;
  /** `User-Agent` header. Default `aigo-duckduckgo-tool/1.0`. */
  readonly userAgent?: string;
  /** The tool's name as the model sees it. */
  readonly name?: string;
  /** Host resolver for the SSRF checks (tests). Default: the system resolver. */
  readonly lookup?: HostResolver;
}

/** Asks the Instant Answer API about a query; settled once by the factory. */
export type InstantAnswer = (query: string, signal: AbortSignal) => Promise<DuckDuckGoResponse>;

/** Settles the options into the one call both tools make. */
export function duckDuckGoClient(options: DuckDuckGoToolOptions | undefined): InstantAnswer {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  let base: URL | undefined;
  try {
    base = new URL(options?.baseUrl ?? DUCKDUCKGO_DEFAULT_BASE_URL);
  } catch {
    base = undefined;
  }
  if (base === undefined || (base.protocol !== 'http:' && base.protocol !== 'https:')) {
    throw new ValidationError('options.baseUrl', 'must be an absolute http(s) URL');
  }
  if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`;
  base.search = '';
  const baseUrl = base;
  const timeoutMs = options?.timeoutMs ?? DUCKDUCKGO_DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw new ValidationError('options.timeoutMs', 'must be a positive number of milliseconds');
  }
  const userAgent = options?.userAgent ?? DUCKDUCKGO_DEFAULT_USER_AGENT;
  if (typeof userAgent !== 'string' || userAgent.trim() === '') {
    throw new ValidationError('options.userAgent', 'must be a non-empty string');
  }
  const lookup = options?.lookup;
  return async (query, signal) => {
    const response = await safeFetchJson<DuckDuckGoResponse>(baseUrl.href, {
      query: { q: query, format: 'json', no_html: 1, skip_disambig: 1 },
      headers: { 'user-agent': userAgent },
      provider: 'duckduckgo',
      signal,
      timeoutMs,
      allowedPrivateHosts: [baseUrl.hostname],
      ...(lookup === undefined ? {} : { lookup }),
    });
    return response.data;
  };
}
