import { type ApiToolClientOptions, type ApiToolPost, createApiToolPost } from '@aigo/http';
import { withTavilyMessage } from './tavily-error.js';

/** The environment variable the Tavily tools read their key from. */
export const TAVILY_API_KEY_ENV = 'TAVILY_API_KEY';
/** Tavily's API. */
export const TAVILY_DEFAULT_BASE_URL = 'https://api.tavily.com';
/** Default deadline of one Tavily call: 30 s (as the Go tools). */
export const TAVILY_DEFAULT_TIMEOUT_MS = 30_000;

/** Options of the Tavily tool factories. */
export interface TavilyToolOptions extends ApiToolClientOptions {
  /** The tool's name as the model sees it. */
  readonly name?: string;
}

/** POSTs JSON to a Tavily endpoint with the key; settled once by the factory. */
export type TavilyPost = ApiToolPost;

/**
 * Settles the options: the key (`apiKey`, else the environment; a missing key fails at the first call
 * with an error naming `TAVILY_API_KEY`), the base URL (default `TAVILY_DEFAULT_BASE_URL`) and the deadline.
 */
export function tavilyClient(options: TavilyToolOptions | undefined): TavilyPost {
  const post = createApiToolPost(
    {
      provider: 'tavily',
      description: 'Tavily',
      envVar: TAVILY_API_KEY_ENV,
      defaultBaseUrl: TAVILY_DEFAULT_BASE_URL,
      defaultTimeoutMs: TAVILY_DEFAULT_TIMEOUT_MS,
      authHeaders: (key) => ({ authorization: `Bearer ${key}` }),
    },
    options,
  );
  return <T>(path: string, body: object, signal: AbortSignal): Promise<T> =>
    withTavilyMessage(() => post<T>(path, body, signal));
}
