import { checkOptionKeys, ValidationError } from '@aigo/ai';
import { loadApiKey } from '../options/load-api-key.js';
import { describe, normalizeHeaders, requireString } from '../options/validate.js';
import { type ApiBaseURLOptions, resolveApiBaseURL } from './api-base-url.js';
import type { HostResolver } from './resolve-target.js';
import { type QueryParameters, safeFetchJson } from './safe-fetch-json.js';

/** What an application may set on a tool that calls a JSON API, key or not (DuckDuckGo, …). */
export interface ApiToolEndpointOptions extends ApiBaseURLOptions {
  /** Deadline of one call, ms. Default: the API's (`spec.defaultTimeoutMs`). */
  readonly timeoutMs?: number;
  /** Host resolver for the SSRF checks (tests). Default: the system resolver. */
  readonly lookup?: HostResolver;
}

/** What an application may set on a tool that calls a keyed JSON API (Brave, Exa, Tavily, …). */
export interface ApiToolClientOptions extends ApiToolEndpointOptions {
  /** The API key; default the environment variable the tool names (read when the tool is made). */
  readonly apiKey?: string;
  /** The environment the key is read from. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** The options of {@link ApiToolEndpointOptions}, which every API tool takes. */
const ENDPOINT_KEYS: readonly string[] = ['baseURL', 'timeoutMs', 'lookup'];

/**
 * The options of a tool factory of a keyed JSON API (`braveSearchTool`, `exaSearchTool`,
 * `tavilySearchTool`, …): the client's (`apiKey`, `baseURL`, `timeoutMs`, `env`, `lookup`) and the
 * tool's `name`.
 */
export interface ApiToolOptions extends ApiToolClientOptions {
  /** The tool's name as the model sees it (each tool has its own default). */
  readonly name?: string;
}

/** What a tool package fixes about its API. */
export interface ApiToolClientSpec {
  /** The provider id put on errors (`exa`). */
  readonly provider: string;
  /** The service's name in error messages (`Exa`). */
  readonly description: string;
  /**
   * The environment variable the key is read from (`EXA_API_KEY`). Leave it out for an API that needs
   * no key: then no key is loaded or sent, and `apiKey` / `env` are not read.
   */
  readonly envVar?: string;
  /** Where the API lives unless the application says otherwise (`https://api.exa.ai`). */
  readonly defaultBaseURL?: string;
  /** Deadline of one call unless the application says otherwise, ms. */
  readonly defaultTimeoutMs: number;
  /** The headers that carry the key (`{ 'x-api-key': key }`); required with `envVar`. */
  authHeaders?(key: string): Record<string, string>;
  /** Headers sent with every request (`{ 'user-agent': 'my-tool/1.0' }`). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * The tool factory's own options besides the client's and `name` (`['userAgent']`); any other key
   * of the options is refused, naming it and the valid name it is close to.
   */
  readonly toolOptions?: readonly string[];
}

/** Calls one API, settled once when a tool is made: see {@link createApiToolClient}. */
export interface ApiToolClient {
  /** The base URL every path is relative to; it ends in `/`. */
  readonly baseURL: string;
  /**
   * GETs `path` (relative to {@link ApiToolClient.baseURL}; `''` is the base URL itself, a leading
   * `/` is ignored) with `query` appended (`undefined` values left out) and resolves to the JSON body.
   */
  get<T>(path: string, query?: QueryParameters, signal?: AbortSignal): Promise<T>;
  /** POSTs `body` as JSON to `path` (as for `get`) and resolves to the response's JSON body. */
  post<T>(path: string, body: object, signal?: AbortSignal): Promise<T>;
}

/**
 * The client of a JSON API that a tool calls, keyed or key-less. The options are settled once, when
 * the tool is made: the key (`apiKey`, else the spec's environment variable; a missing key fails at
 * the first call with an error naming the variable, before any request), the base URL (`baseURL`,
 * else the spec's default; absolute http(s)) and the deadline. Calls go
 * through `safeFetchJson`: non-2xx answers become typed `ProviderError`s named after `spec.provider`,
 * the key never appears in an error, and only the configured base URL's host is exempt from the
 * private-network checks, so a proxy or a test server on 127.0.0.1 works while redirects elsewhere
 * stay checked.
 *
 * @throws ValidationError naming the bad option (`options.baseURL`, `options.timeoutMs`, …) or the
 *   bad part of the spec (`spec.provider`, `spec.envVar`, …).
 */
export function createApiToolClient(
  spec: ApiToolClientSpec,
  options?: ApiToolClientOptions,
): ApiToolClient {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  const { provider, description, envVar, authHeaders, staticHeaders } = readSpec(spec);
  if (options !== undefined) {
    // `env` is harmless without a key; an `apiKey` for a key-less API is a mistake worth naming.
    const clientKeys =
      envVar === undefined ? [...ENDPOINT_KEYS, 'env'] : [...ENDPOINT_KEYS, 'apiKey', 'env'];
    checkOptionKeys(options, [...clientKeys, 'name', ...(spec.toolOptions ?? [])], {
      owner: `the ${description} tools`,
    });
  }
  const apiKey =
    envVar === undefined
      ? undefined
      : loadApiKey({
          apiKey: options?.apiKey,
          envVar,
          description,
          required: false,
          ...(options?.env === undefined ? {} : { env: options.env }),
        });
  const base = resolveApiBaseURL(options, spec.defaultBaseURL);
  const timeoutMs = options?.timeoutMs ?? spec.defaultTimeoutMs;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    throw new ValidationError('options.timeoutMs', 'must be a positive number of milliseconds');
  }
  const lookup = options?.lookup;

  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    payload: { readonly query?: QueryParameters; readonly json?: object },
    signal: AbortSignal | undefined,
  ): Promise<T> => {
    if (typeof path !== 'string') {
      throw new ValidationError('path', `must be a string, got ${describe(path)}`);
    }
    const key =
      envVar === undefined ? undefined : loadApiKey({ apiKey, envVar, description, env: {} });
    const response = await safeFetchJson<T>(`${base.href}${path.replace(/^\/+/, '')}`, {
      ...payload,
      method,
      headers: { ...staticHeaders, ...(key === undefined ? {} : authHeaders?.(key)) },
      provider,
      timeoutMs,
      allowedPrivateHosts: [base.hostname],
      ...(key === undefined ? {} : { secrets: [key] }),
      ...(signal === undefined ? {} : { signal }),
      ...(lookup === undefined ? {} : { lookup }),
    });
    return response.data;
  };

  return Object.freeze({
    baseURL: base.href,
    get: <T>(path: string, query?: QueryParameters, signal?: AbortSignal) =>
      call<T>('GET', path, query === undefined ? {} : { query }, signal),
    post: <T>(path: string, body: object, signal?: AbortSignal) => {
      if (body === null || typeof body !== 'object') {
        return Promise.reject(
          new ValidationError('body', `must be an object, got ${describe(body)}`),
        );
      }
      return call<T>('POST', path, { json: body }, signal);
    },
  });
}

interface SettledSpec {
  readonly provider: string;
  readonly description: string;
  readonly envVar: string | undefined;
  readonly authHeaders: ((key: string) => Record<string, string>) | undefined;
  readonly staticHeaders: Record<string, string>;
}

function readSpec(spec: ApiToolClientSpec): SettledSpec {
  if (spec === null || typeof spec !== 'object') {
    throw new ValidationError('spec', `must be an object, got ${describe(spec)}`);
  }
  const provider = requireString(spec.provider, 'spec.provider');
  const description = requireString(spec.description, 'spec.description');
  const { envVar, authHeaders } = spec;
  if (envVar !== undefined) {
    if (typeof envVar !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(envVar)) {
      throw new ValidationError('spec.envVar', 'must be an environment variable name');
    }
    if (typeof authHeaders !== 'function') {
      throw new ValidationError('spec.authHeaders', 'must be a function when spec.envVar is set');
    }
  }
  if (typeof spec.defaultTimeoutMs !== 'number' || !(spec.defaultTimeoutMs > 0)) {
    throw new ValidationError('spec.defaultTimeoutMs', 'must be a positive number of milliseconds');
  }
  return {
    provider,
    description,
    envVar,
    authHeaders: authHeaders === undefined ? undefined : (key) => authHeaders.call(spec, key),
    staticHeaders: normalizeHeaders(spec.headers, 'spec.headers') ?? {},
  };
}
