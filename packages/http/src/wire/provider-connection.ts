import { resolveBaseURL } from '../options/base-url.js';
import type { HttpClientOptions } from '../transport/http-client-options.js';
import { createKeyedHttpClient, type KeyedHttpClient } from '../transport/keyed-http-client.js';
import type { RequestSigner } from '../transport/request-signer.js';
import { mergeHeaders } from './merge-headers.js';

/**
 * The options every adapter factory takes to reach its API (`openai()`, `anthropic()`, `gemini()`
 * extend this). Explicit options always win over the environment.
 */
export interface ProviderConnectionOptions {
  /** The API key. Default: the adapter's environment variables, read at the first call. */
  readonly apiKey?: string;
  /** The API's base URL. Default: the adapter's environment variables, then its own API. */
  readonly baseURL?: string;
  /**
   * Extra headers sent with every request (a gateway's own header); they win over the adapter's.
   * One that carries the key (`authorization`, `x-api-key`, …: a proxy that adds its own) stands in
   * for the API key.
   */
  readonly headers?: { readonly [name: string]: string };
  /** The default deadline of each call in milliseconds (10 minutes unless set). */
  readonly timeoutMs?: number;
  /**
   * An undici `Dispatcher` to send requests through (a `ProxyAgent`, a shared `Agent`, a mock). The
   * provider does not close a dispatcher it was given.
   */
  readonly dispatcher?: HttpClientOptions['dispatcher'];
}

/** What an adapter fixes about reaching its API. */
export interface ProviderEndpoint {
  /** The provider id: the key of `providerOptions`, the provider on errors (`anthropic`). */
  readonly provider: string;
  /** Whose API it is, in error messages (`Anthropic`). */
  readonly description: string;
  /** The API's own base URL, used when neither the option nor a variable is set. */
  readonly baseURL: string;
  /** The environment variables the base URL is read from, in order (the first set wins). */
  readonly baseURLEnv: readonly string[];
  /** The environment variables the API key is read from, in order (at least one). */
  readonly apiKeyEnv: readonly string[];
  /** The headers that carry a key (`{ 'x-api-key': key }`). */
  authHeaders(key: string): Readonly<Record<string, string>>;
  /**
   * Whether calls to `baseURL` need a key (default: always). OpenAI-compatible servers (Ollama,
   * vLLM) are called without one.
   */
  keyRequired?(baseURL: string): boolean;
}

/** Where an adapter's calls go, and the client they go through. */
export interface ProviderConnection {
  /** The base URL, checked, without a trailing slash. */
  readonly baseURL: string;
  /** The keyed client: the key is read at the first call. */
  readonly http: KeyedHttpClient;
}

/** What an adapter adds to the application's options when it connects. */
export interface ConnectProviderSettings {
  /** The adapter's own headers (`anthropic-version`), sent before the application's. */
  readonly headers?: Readonly<Record<string, string | undefined>>;
  /** The environment to read. Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Authorises each request with headers made for it (a cloud's access token or signature), for an
   * endpoint reached without a key: see `RequestSigner`.
   */
  readonly signRequest?: RequestSigner;
}

/**
 * The set-up every adapter's constructor does: the base URL (`options.baseURL`, else the first of
 * `endpoint.baseURLEnv` that is set, else `endpoint.baseURL`), and the keyed HTTP client that reads
 * the key (`options.apiKey`, else `endpoint.apiKeyEnv` in order) at the first call, sends it in
 * `endpoint.authHeaders` and scrubs it from every error. Headers: the adapter's, then the
 * application's (lower-cased; they win). A key header among the application's stands in for the key.
 *
 * @throws ValidationError naming the bad base URL (the option or the variable it came from), header
 *   or deadline.
 */
export function connectProvider(
  endpoint: ProviderEndpoint,
  options: ProviderConnectionOptions,
  settings: ConnectProviderSettings = {},
): ProviderConnection {
  const env = settings.env ?? process.env;
  const baseURL = resolveBaseURL({
    baseURL: options.baseURL,
    envVars: endpoint.baseURLEnv,
    defaultURL: endpoint.baseURL,
    env,
  });
  const headers = mergeHeaders(settings.headers, options.headers);
  const keyHeaders = Object.keys(endpoint.authHeaders('key'));
  const keyGiven = keyHeaders.some((name) => headers[name.toLowerCase()] !== undefined);
  const [envVar = '', ...fallbackEnvVars] = endpoint.apiKeyEnv;
  const http = createKeyedHttpClient({
    provider: endpoint.provider,
    apiKey: {
      apiKey: options.apiKey,
      envVar,
      ...(fallbackEnvVars.length === 0 ? {} : { fallbackEnvVars }),
      description: endpoint.description,
      required: !keyGiven && (endpoint.keyRequired?.(baseURL) ?? true),
      env,
    },
    authHeaders: (key) => endpoint.authHeaders(key),
    headers,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
    ...(settings.signRequest === undefined ? {} : { signRequest: settings.signRequest }),
  });
  return { baseURL, http };
}
