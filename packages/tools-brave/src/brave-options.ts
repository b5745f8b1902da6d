import { ValidationError } from '@aigo/ai';
import { type HostResolver, loadApiKey, safeFetchJson } from '@aigo/http';

/** The environment variable the Brave tools read their key from. */
export const BRAVE_API_KEY_ENV = 'BRAVE_SEARCH_API_KEY';
/** Brave's API host. */
export const BRAVE_DEFAULT_BASE_URL = 'https://api.search.brave.com';
/** Default deadline of one Brave call: 30 s. */
export const BRAVE_DEFAULT_TIMEOUT_MS = 30_000;

/** Options of the Brave tool factories. */
export interface BraveToolOptions {
  /** The subscription token; default `process.env.BRAVE_SEARCH_API_KEY` (read when the tool is made). */
  readonly apiKey?: string;
  /** Where the API lives (a proxy, a test server). Default `https://api.search.brave.com`. */
  readonly baseUrl?: string;
  /** Deadline of one call, ms. Default 30 s. */
  readonly timeoutMs?: number;
  /** The tool's name as the model sees it (defaults: `BraveSearch`, `BraveSearchAdvanced`). */
  readonly name?: string;
  /** The environment the key is read from. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Host resolver for the SSRF checks (tests). Default: the system resolver. */
  readonly lookup?: HostResolver;
}

/** What the tools need at call time, settled once by the factory. */
export interface BraveClient {
  /** GETs `/res/v1/web/search` with these query parameters. */
  webSearch<T>(query: Record<string, string | number | undefined>, signal: AbortSignal): Promise<T>;
}

/**
 * Settles the options: the key (`apiKey`, else the environment; a missing key fails at the first call
 * with an error naming `BRAVE_SEARCH_API_KEY`), the base URL and the deadline.
 */
export function braveClient(options: BraveToolOptions | undefined): BraveClient {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  const apiKey = loadApiKey({
    apiKey: options?.apiKey,
    envVar: BRAVE_API_KEY_ENV,
    description: 'Brave Search',
    required: false,
    ...(options?.env === undefined ? {} : { env: options.env }),
  });
  const baseUrl = parseBaseUrl(options?.baseUrl ?? BRAVE_DEFAULT_BASE_URL);
  const timeoutMs = options?.timeoutMs ?? BRAVE_DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw new ValidationError('options.timeoutMs', 'must be a positive number of milliseconds');
  }
  const lookup = options?.lookup;
  return {
    async webSearch<T>(query: Record<string, string | number | undefined>, signal: AbortSignal) {
      const key = loadApiKey({
        apiKey,
        envVar: BRAVE_API_KEY_ENV,
        description: 'Brave Search',
        env: {},
      });
      const response = await safeFetchJson<T>(`${baseUrl.href}res/v1/web/search`, {
        query,
        headers: { 'x-subscription-token': key, accept: 'application/json' },
        provider: 'brave',
        signal,
        timeoutMs,
        allowedPrivateHosts: [baseUrl.hostname],
        ...(lookup === undefined ? {} : { lookup }),
      });
      return response.data;
    },
  };
}

function parseBaseUrl(value: unknown): URL {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new ValidationError('options.baseUrl', 'must be an absolute http(s) URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || typeof value !== 'string') {
    throw new ValidationError('options.baseUrl', 'must be an absolute http(s) URL');
  }
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  url.search = '';
  return url;
}
