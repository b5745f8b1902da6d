import { ValidationError } from '@aigo/ai';
import { type HostResolver, loadApiKey, safeFetchJson } from '@aigo/http';

/** The environment variable the Exa tools read their key from. */
export const EXA_API_KEY_ENV = 'EXA_API_KEY';
/** Exa's API. */
export const EXA_DEFAULT_BASE_URL = 'https://api.exa.ai';
/** Default deadline of one Exa call: 30 s (as the Go tools). */
export const EXA_DEFAULT_TIMEOUT_MS = 30_000;

/** Options of the Exa tool factories. */
export interface ExaToolOptions {
  /** The API key; default `process.env.EXA_API_KEY` (read when the tool is made). Sent as `x-api-key`. */
  readonly apiKey?: string;
  /** Where the API lives (a proxy, a test server). Default `https://api.exa.ai`. */
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

/** POSTs JSON to an Exa endpoint with the key; settled once by the factory. */
export type ExaPost = <T>(path: string, body: object, signal: AbortSignal) => Promise<T>;

/**
 * Settles the options: the key (`apiKey`, else the environment; a missing key fails at the first call
 * with an error naming `EXA_API_KEY`), the base URL and the deadline.
 */
export function exaClient(options: ExaToolOptions | undefined): ExaPost {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  const apiKey = loadApiKey({
    apiKey: options?.apiKey,
    envVar: EXA_API_KEY_ENV,
    description: 'Exa',
    required: false,
    ...(options?.env === undefined ? {} : { env: options.env }),
  });
  const baseUrl = parseBaseUrl(options?.baseUrl ?? EXA_DEFAULT_BASE_URL);
  const timeoutMs = options?.timeoutMs ?? EXA_DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw new ValidationError('options.timeoutMs', 'must be a positive number of milliseconds');
  }
  const lookup = options?.lookup;
  return async <T>(path: string, body: object, signal: AbortSignal): Promise<T> => {
    const key = loadApiKey({ apiKey, envVar: EXA_API_KEY_ENV, description: 'Exa', env: {} });
    const response = await safeFetchJson<T>(`${baseUrl.href}${path}`, {
      json: body,
      headers: { 'x-api-key': key },
      provider: 'exa',
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
