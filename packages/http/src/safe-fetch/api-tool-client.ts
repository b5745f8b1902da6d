import { ValidationError } from '@aigo/ai';
import { loadApiKey } from '../options/load-api-key.js';
import type { HostResolver } from './resolve-target.js';
import { safeFetchJson } from './safe-fetch-json.js';

/** What an application may set on a tool that calls a keyed JSON API (Exa, Tavily, …). */
export interface ApiToolClientOptions {
  /** The API key; default the environment variable the tool names (read when the tool is made). */
  readonly apiKey?: string;
  /** Where the API lives (a proxy, a test server). */
  readonly baseUrl?: string;
  /** Deadline of one call, ms. */
  readonly timeoutMs?: number;
  /** The environment the key is read from. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Host resolver for the SSRF checks (tests). Default: the system resolver. */
  readonly lookup?: HostResolver;
}

/** What a tool package fixes about its API. */
export interface ApiToolClientSpec {
  /** The provider id put on errors (`exa`). */
  readonly provider: string;
  /** The service's name in error messages (`Exa`). */
  readonly description: string;
  /** The environment variable the key is read from (`EXA_API_KEY`). */
  readonly envVar: string;
  readonly defaultBaseUrl: string;
  readonly defaultTimeoutMs: number;
  /** The headers that carry the key (`{ 'x-api-key': key }`). */
  authHeaders(key: string): Record<string, string>;
}

/** POSTs JSON to a path of the API with the key and resolves to the response's JSON. */
export type ApiToolPost = <T>(path: string, body: object, signal: AbortSignal) => Promise<T>;

/**
 * Settles a keyed JSON API's options once, when a tool is made: the key (`apiKey`, else the
 * environment; a missing key fails at the first call with an error naming the variable, before any
 * request), the base URL (absolute http(s)) and the deadline. Calls go through `safeFetchJson`; only
 * the configured base URL's host is exempt from the private-network checks, so a test server on
 * 127.0.0.1 works while everything else stays refused.
 *
 * @throws ValidationError naming the bad option.
 */
export function createApiToolPost(
  spec: ApiToolClientSpec,
  options: ApiToolClientOptions | undefined,
): ApiToolPost {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  const { provider, description, envVar } = spec;
  const apiKey = loadApiKey({
    apiKey: options?.apiKey,
    envVar,
    description,
    required: false,
    ...(options?.env === undefined ? {} : { env: options.env }),
  });
  const baseUrl = parseBaseUrl(options?.baseUrl ?? spec.defaultBaseUrl);
  const timeoutMs = options?.timeoutMs ?? spec.defaultTimeoutMs;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw new ValidationError('options.timeoutMs', 'must be a positive number of milliseconds');
  }
  const lookup = options?.lookup;
  return async <T>(path: string, body: object, signal: AbortSignal): Promise<T> => {
    const key = loadApiKey({ apiKey, envVar, description, env: {} });
    const response = await safeFetchJson<T>(`${baseUrl.href}${path}`, {
      json: body,
      headers: spec.authHeaders(key),
      provider,
      signal,
      timeoutMs,
      allowedPrivateHosts: [baseUrl.hostname],
      ...(lookup === undefined ? {} : { lookup }),
    });
    return response.data;
  };
}

function parseBaseUrl(value: unknown): URL {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ValidationError('options.baseUrl', 'must be an absolute http(s) URL');
  }
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  url.search = '';
  return url;
}
