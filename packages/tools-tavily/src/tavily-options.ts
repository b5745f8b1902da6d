import {
  type ApiToolClient,
  type ApiToolClientSpec,
  type ApiToolOptions,
  createApiToolClient,
  type QueryParameters,
} from '@aigo/http';
import { withTavilyMessage } from './tavily-error.js';

/** The environment variable the Tavily tools read their key from. */
export const TAVILY_API_KEY_ENV = 'TAVILY_API_KEY';
/** Tavily's API. */
export const TAVILY_DEFAULT_BASE_URL = 'https://api.tavily.com';
/** Default deadline of one Tavily call: 30 s (as the Go tools). */
export const TAVILY_DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Options of the Tavily tool factories: `apiKey` (default `process.env.TAVILY_API_KEY`), `baseURL`
 * (default `https://api.tavily.com`), `timeoutMs`, `env`, `lookup`, and the tool's `name`.
 */
export type TavilyToolOptions = ApiToolOptions;

/** Tavily for the keyed client: a POST API with the key as a bearer token. */
const TAVILY_API: ApiToolClientSpec = {
  provider: 'tavily',
  description: 'Tavily',
  envVar: TAVILY_API_KEY_ENV,
  defaultBaseURL: TAVILY_DEFAULT_BASE_URL,
  defaultTimeoutMs: TAVILY_DEFAULT_TIMEOUT_MS,
  authHeaders: (key) => ({ authorization: `Bearer ${key}` }),
};

/**
 * Settles the options once, when a tool is made: the key (a missing key fails at the first call with
 * an error naming `TAVILY_API_KEY`), the base URL and the deadline. Errors carry Tavily's own
 * `detail.error` message (see `withTavilyMessage`).
 *
 * @throws ValidationError naming the bad option.
 */
export function tavilyClient(options: TavilyToolOptions | undefined): ApiToolClient {
  const client = createApiToolClient(TAVILY_API, options);
  return Object.freeze({
    baseURL: client.baseURL,
    get: <T>(path: string, query?: QueryParameters, signal?: AbortSignal) =>
      withTavilyMessage(() => client.get<T>(path, query, signal)),
    post: <T>(path: string, body: object, signal?: AbortSignal) =>
      withTavilyMessage(() => client.post<T>(path, body, signal)),
  });
}
