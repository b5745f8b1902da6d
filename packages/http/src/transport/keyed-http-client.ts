import { AigoError, ValidationError } from '@aigo/ai';
import { type LoadApiKeyOptions, loadApiKey } from '../options/load-api-key.js';
import { optionalFunction, optionalObject } from '../options/validate.js';
import { HttpClient } from './http-client.js';
import { type HttpClientOptions, readHttpClientOptions } from './http-client-options.js';

/** Options of {@link createKeyedHttpClient}. */
export interface KeyedHttpClientOptions extends HttpClientOptions {
  /**
   * Where the API key comes from, as for `loadApiKey`: the explicit key, else the environment
   * variable, read at the first call. `required: false` for servers that need none.
   */
  readonly apiKey: LoadApiKeyOptions;
  /**
   * The headers that carry a key (`{ authorization: `Bearer ${key}` }`); the client's `headers`
   * are sent after them and win on a clash.
   */
  authHeaders(key: string): Readonly<Record<string, string>>;
}

const NO_SECRETS: readonly string[] = Object.freeze([]);

/**
 * The one way a provider reads its API key: lazily, at its first call. Holds the options of an
 * {@link HttpClient} and makes it at the first {@link KeyedHttpClient.client} call, once the key is
 * read with `loadApiKey` — so a provider can be built before the key is configured, and a missing
 * key fails that call (`missing_api_key`, naming the variable) before any request. The key is sent
 * in the `authHeaders` and scrubbed from every error.
 */
export class KeyedHttpClient {
  readonly #options: KeyedHttpClientOptions;
  #client: HttpClient | undefined;
  #secrets: readonly string[] = NO_SECRETS;
  #closed = false;

  constructor(options: KeyedHttpClientOptions) {
    if (optionalObject(options, 'options') === undefined) {
      throw new ValidationError('options', 'are required ({ provider, apiKey, authHeaders })');
    }
    optionalObject(options.apiKey, 'options.apiKey');
    if (options.apiKey === undefined) {
      throw new ValidationError('options.apiKey', 'is required ({ envVar, description })');
    }
    if (optionalFunction(options.authHeaders, 'options.authHeaders') === undefined) {
      throw new ValidationError('options.authHeaders', 'is required');
    }
    // The client's own options are checked now, so a bad header or deadline fails where the
    // provider is made, not at its first call.
    const { apiKey: _key, authHeaders: _auth, ...transport } = options;
    readHttpClientOptions(transport);
    this.#options = options;
  }

  /**
   * The HTTP client, made at the first call: the key is read then (and again at the next call while
   * it is missing).
   *
   * @throws AigoError `missing_api_key` naming the environment variable when a required key is
   * missing; `unsupported` once {@link KeyedHttpClient.close} was called.
   */
  client(): HttpClient {
    return this.#client ?? this.#connect();
  }

  /** The strings to scrub from errors built outside the client (stream mappers): the key once read. */
  get secrets(): readonly string[] {
    return this.#secrets;
  }

  /** Closes the client (after the calls in flight finished); later calls reject. Idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    const client = this.#client;
    this.#client = undefined;
    await client?.close();
  }

  #connect(): HttpClient {
    const { apiKey, authHeaders: _, headers, secrets = NO_SECRETS, ...transport } = this.#options;
    if (this.#closed) {
      throw new AigoError(
        'unsupported',
        `This ${apiKey.description} provider is closed: build a new one`,
      );
    }
    const key = loadApiKey(apiKey);
    const sent = key === undefined ? headers : { ...this.#options.authHeaders(key), ...headers };
    const client = new HttpClient({
      ...transport,
      ...(sent === undefined ? {} : { headers: sent }),
      secrets: key === undefined ? secrets : [key, ...secrets],
    });
    if (key !== undefined) this.#secrets = Object.freeze([key]);
    this.#client = client;
    return client;
  }
}

/** Creates the {@link KeyedHttpClient} a provider owns. See {@link KeyedHttpClientOptions}. */
export function createKeyedHttpClient(options: KeyedHttpClientOptions): KeyedHttpClient {
  return new KeyedHttpClient(options);
}
