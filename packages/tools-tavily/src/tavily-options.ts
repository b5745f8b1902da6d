import { ValidationError } from '@aigo/ai';
import { type HostResolver, loadApiKey, safeFetchJson } from '@aigo/http';
import { withTavilyMessage } from './tavily-error.js';

/** The environment variable the Tavily tools read their key from. */
export const TAVILY_API_KEY_ENV = 'TAVILY_API_KEY';
/** Tavily's API. */
export const TAVILY_DEFAULT_BASE_URL = 'https://api.tavily.com';
/** Default deadline of one Tavily call: 30 s (as the Go tools). */
export const TAVILY_DEFAULT_TIMEOUT_MS = 30_000;

/** Options of the Tavily tool factories. */
export interface TavilyToolOptions {
  /** The API key; default `process.env.TAVILY_API_KEY` (read when the tool is made). Sent as `Authorization: Bearer <key>`. */
  readonly apiKey?: string;
  /** Where the API lives (a proxy, a test server). Default `https://api.tavily.com`. */
  readonly baseUrl?: string;
  /** Deadline of one call, ms. Default 30 s. */
  readonly timeoutMs?: number;
  /** The tool's name as the model sees it. */
  readonly name?: string;
  /** The environment the key is read from. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Host resolver for the SSRF checks (tests). Default: the system resolver. */
  readonly lookup?: HostResolver;
}

/** POSTs JSON to a Tavily endpoint with the key; settled once by the factory. */
export type TavilyPost = <T>(path: string, body: object, signal: AbortSignal) => Promise<T>;

/**
 * Settles the options: the key (`apiKey`, else the environment; a missing key fails at the first call
 * with an error naming `TAVILY_API_KEY`), the base URL and the deadline.
 */
export function tavilyClient(options: TavilyToolOptions | undefined): TavilyPost {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  const apiKey = loadApiKey({
    apiKey: options?.apiKey,
    envVar: TAVILY_API_KEY_ENV,
    description: 'Tavily',
    required: false,
    ...(options?.env === undefined ? {} : { env: options.env }),
  });
  const baseUrl = parseBaseUrl(options?.baseUrl ?? TAVILY_DEFAULT_BASE_URL);
  const timeoutMs = options?.timeoutMs ?? TAVILY_DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw new ValidationError('options.timeoutMs', 'must be a positive number of milliseconds');
  }
  const lookup = options?.lookup;
  return async <T>(path: string, body: object, signal: AbortSignal): Promise<T> => {
    const key = loadApiKey({ apiKey, envVar: TAVILY_API_KEY_ENV, description: 'Tavily', env: {} });
    const response = await withTavilyMessage(() =>
      safeFetchJson<T>(`${baseUrl.href}${path}`, {
        json: body,
        headers: { authorization: `Bearer ${key}` },
        provider: 'tavily',
        signal,
        timeoutMs,
        allowedPrivateHosts: [baseUrl.hostname],
        ...(lookup === undefined ? {} : { lookup }),
      }),
    );
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
