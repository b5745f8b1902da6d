import { ValidationError } from '@aigo/ai';

/** The base-URL options of a tool that calls an API: `baseURL`, and its old spelling `baseUrl`. */
export interface ApiBaseURLOptions {
  /** Where the API lives (a proxy, a test server). Default: the API's own host. */
  readonly baseURL?: string;
  /** @deprecated use baseURL */
  readonly baseUrl?: string;
}

/**
 * The one base-URL check of the API tools: `options.baseURL`, else the deprecated `options.baseUrl`,
 * else `defaultBaseURL`, which must be an absolute http(s) URL. The result's path ends in `/` (so a
 * relative path is appended to it, never put in place of its last segment) and has no query or
 * fragment.
 *
 * @throws ValidationError naming the option that was given (`options.baseURL` or `options.baseUrl`),
 *   or `spec.defaultBaseURL` when the default itself is bad.
 */
export function resolveApiBaseURL(
  options: ApiBaseURLOptions | undefined,
  defaultBaseURL: unknown,
): URL {
  if (options?.baseURL !== undefined) return parseBaseURL(options.baseURL, 'options.baseURL');
  if (options?.baseUrl !== undefined) return parseBaseURL(options.baseUrl, 'options.baseUrl');
  return parseBaseURL(defaultBaseURL, 'spec.defaultBaseURL');
}

function parseBaseURL(value: unknown, argument: string): URL {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' || value instanceof URL ? new URL(String(value)) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ValidationError(argument, 'must be an absolute http(s) URL');
  }
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  url.search = '';
  url.hash = '';
  return url;
}
