import { ValidationError } from '@aigo/ai';
import { type ApiToolEndpointOptions, createApiToolClient } from '@aigo/http';
import type { DuckDuckGoResponse } from './duckduckgo-api.js';

/** The Instant Answer API. */
export const DUCKDUCKGO_DEFAULT_BASE_URL = 'https://api.duckduckgo.com';
/** Default deadline of one call: 15 s. */
export const DUCKDUCKGO_DEFAULT_TIMEOUT_MS = 15_000;
/** The user agent sent by default (the Go tool's). */
export const DUCKDUCKGO_DEFAULT_USER_AGENT = 'aigo-duckduckgo-tool/1.0';

/**
 * Options of the DuckDuckGo tool factories. No key: the Instant Answer API is free. `baseURL` (default
 * `https://api.duckduckgo.com`), `timeoutMs` (default 15 s) and `lookup` are those of every API tool.
 */
export interface DuckDuckGoToolOptions extends ApiToolEndpointOptions {
  /** `User-Agent` header. Default `aigo-duckduckgo-tool/1.0`. */
  readonly userAgent?: string;
  /** The tool's name as the model sees it. */
  readonly name?: string;
}

/** Asks the Instant Answer API about a query; settled once by the factory. */
export type InstantAnswer = (query: string, signal: AbortSignal) => Promise<DuckDuckGoResponse>;

/**
 * Settles the options into the one call both tools make: a key-less GET of the base URL itself
 * (`?q=…&format=json&no_html=1&skip_disambig=1`) through the API tools' client of `@aigo/http`.
 *
 * @throws ValidationError naming the bad option.
 */
export function duckDuckGoClient(options: DuckDuckGoToolOptions | undefined): InstantAnswer {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  const userAgent = options?.userAgent ?? DUCKDUCKGO_DEFAULT_USER_AGENT;
  if (typeof userAgent !== 'string' || userAgent.trim() === '') {
    throw new ValidationError('options.userAgent', 'must be a non-empty string');
  }
  const client = createApiToolClient(
    {
      provider: 'duckduckgo',
      description: 'DuckDuckGo',
      defaultBaseURL: DUCKDUCKGO_DEFAULT_BASE_URL,
      defaultTimeoutMs: DUCKDUCKGO_DEFAULT_TIMEOUT_MS,
      headers: { 'user-agent': userAgent },
      toolOptions: ['userAgent'],
    },
    options,
  );
  return (query, signal) =>
    client.get<DuckDuckGoResponse>(
      '',
      { q: query, format: 'json', no_html: 1, skip_disambig: 1 },
      signal,
    );
}
