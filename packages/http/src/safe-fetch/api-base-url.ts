import { ValidationError } from '@aigo/ai';

/** The base-URL option of a tool that calls an API. */
export interface ApiBaseURLOptions {
  /** Where the API lives (a proxy, a test server). Default: the API's own host. */
  readonly baseURL?: string;
}

/**
 * The one base-URL check of the API tools: `options.baseURL`, else `defaultBaseURL`, which must be
 * an absolute http(s) URL. The result's path ends in `/` (so a relative path is appended to it, never
 * put in place of its last segment) and has no query or fragment. A `baseUrl` option is refused
 * rather than ignored: ignoring it would send the calls, with the key, to the API's own host instead
 * of the proxy or test server it names.
 *
 * @throws ValidationError naming `options.baseURL` when it is given and bad, `options.baseUrl` when
 *   it is given at all, or `spec.defaultBaseURL` when the default itself is bad.
 */
export function resolveApiBaseURL(
  options: ApiBaseURLOptions | undefined,
  defaultBaseURL: unknown,
): URL {
  if (options !== undefined && Object.hasOwn(options, 'baseUrl')) {
    throw new ValidationError(
      'options.baseUrl',
      'is not an option; the base URL option is baseURL',
    );
  }
  if (options?.baseURL !== undefined) return parseBaseURL(options.baseURL, 'options.baseURL');
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
