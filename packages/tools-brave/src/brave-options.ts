import {
  type ApiToolClient,
  type ApiToolClientSpec,
  type ApiToolOptions,
  createApiToolClient,
} from '@aigo/http';

/** The environment variable the Brave tools read their key from. */
export const BRAVE_API_KEY_ENV = 'BRAVE_SEARCH_API_KEY';
/** Brave's API host. */
export const BRAVE_DEFAULT_BASE_URL = 'https://api.search.brave.com';
/** Default deadline of one Brave call: 30 s. */
export const BRAVE_DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Options of the Brave tool factories: `apiKey` (the subscription token; default
 * `process.env.BRAVE_SEARCH_API_KEY`, read when the tool is made), `baseURL` (default
 * `https://api.search.brave.com`), `timeoutMs` (default 30 s), `env`, `lookup`, and the tool's
 * `name`.
 */
export type BraveToolOptions = ApiToolOptions;

/** Brave Search for the keyed client: a GET API with the key in `X-Subscription-Token`. */
const BRAVE_API: ApiToolClientSpec = {
  provider: 'brave',
  description: 'Brave Search',
  envVar: BRAVE_API_KEY_ENV,
  defaultBaseURL: BRAVE_DEFAULT_BASE_URL,
  defaultTimeoutMs: BRAVE_DEFAULT_TIMEOUT_MS,
  authHeaders: (key) => ({ 'x-subscription-token': key }),
};

/**
 * Settles the options once, when a tool is made: the key (a missing key fails at the first call with
 * an error naming `BRAVE_SEARCH_API_KEY`), the base URL and the deadline.
 *
 * @throws ValidationError naming the bad option.
 */
export function braveClient(options: BraveToolOptions | undefined): ApiToolClient {
  return createApiToolClient(BRAVE_API, options);
}
