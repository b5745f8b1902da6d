import {
  abortableDelay,
  ProviderError,
  type Reranker,
  type RetrievedChunk,
  TimeoutError,
  ValidationError,
} from '@aigo/ai';
import type * as HttpKit from '@aigo/http';
import type { KeyedHttpClient, ProviderConnectionOptions } from '@aigo/http';
import {
  COHERE_RERANK,
  JINA_RERANK,
  type RerankApi,
  readRerankAnswer,
  VOYAGE_RERANK,
} from './rerank-apis.js';

/**
 * Options of {@link cohereReranker}, {@link voyageReranker} and {@link jinaReranker}: how to reach
 * the API (`apiKey`, `baseURL`, `headers`, `timeoutMs`, `dispatcher`, as every adapter of aigo takes
 * them) and the rerank settings.
 */
export interface HttpRerankerOptions extends ProviderConnectionOptions {
  /** The rerank model. Defaults: `rerank-v3.5` (Cohere), `rerank-2.5` (Voyage), `jina-reranker-v2-base-multilingual` (Jina). */
  readonly model?: string;
  /** Retries of a call that failed with a retryable error (429, 5xx, a dropped connection, a timeout). Default 2. */
  readonly maxRetries?: number;
  /**
   * The environment the key (`COHERE_API_KEY`, `VOYAGE_API_KEY`, `JINA_API_KEY`) and base URL
   * (`COHERE_BASE_URL`, …) are read from, at the first call. Default `process.env`.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const OPTION_KEYS = new Set([
  'model',
  'apiKey',
  'baseURL',
  'headers',
  'timeoutMs',
  'maxRetries',
  'env',
  'dispatcher',
]);

/** The wait before retry `retry` (from 1): the API's `Retry-After`, else 500 ms doubled, at most 10 s. */
function backoffMs(error: unknown, retry: number): number {
  const asked = ProviderError.isInstance(error) ? error.retryAfterMs : undefined;
  return Math.min(10_000, asked ?? 500 * 2 ** (retry - 1));
}

function isRetryable(error: unknown): boolean {
  if (ProviderError.isInstance(error)) return error.retryable;
  return TimeoutError.isInstance(error);
}

/** `@aigo/http`, loaded at the first rerank: an application that reranks nothing never pays its import. */
let httpModule: Promise<typeof HttpKit> | undefined;
const loadHttp = (): Promise<typeof HttpKit> => {
  httpModule ??= import('@aigo/http');
  return httpModule;
};

function checkOptions(options: HttpRerankerOptions): void {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options))
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  if (options.model !== undefined && (typeof options.model !== 'string' || options.model === ''))
    throw new ValidationError('options.model', 'must be a non-empty string');
  const { maxRetries } = options;
  if (
    maxRetries !== undefined &&
    (typeof maxRetries !== 'number' || !Number.isInteger(maxRetries) || maxRetries < 0)
  )
    throw new ValidationError('options.maxRetries', 'must be an integer from 0');
  const { baseURL, timeoutMs } = options;
  if (
    baseURL !== undefined &&
    (typeof baseURL !== 'string' || !/^https?:\/\/[^/]/i.test(baseURL) || !URL.canParse(baseURL))
  )
    throw new ValidationError('options.baseURL', 'must be an absolute http(s) URL');
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !(timeoutMs > 0)))
    throw new ValidationError('options.timeoutMs', 'must be a positive number of milliseconds');
}

/**
 * A reranker on a rerank API: one POST per rerank with the query and the chunks' texts (each after
 * its context), the API's `top_n` set to what the caller keeps; the answer's indices map back to the
 * chunks, its `relevance_score` becomes each chunk's score. Calls go through `@aigo/http` (typed
 * errors, the key scrubbed from them); retryable failures are retried. An answer naming a document
 * that was not sent, one twice, or another count than asked is a `ProviderError` `invalid_response`.
 * The usage (tokens or search units) goes on the retrieval's span; no price is known for rerank
 * models, so no cost is reported.
 */
function httpReranker(api: RerankApi, options: HttpRerankerOptions = {}): Reranker {
  checkOptions(options);
  const model = options.model ?? api.defaultModel;
  const maxRetries = options.maxRetries ?? 2;
  let connection:
    | Promise<{
        readonly url: string;
        readonly http: KeyedHttpClient;
        readonly kit: typeof HttpKit;
      }>
    | undefined;
  /** The endpoint, the keyed client and the wire kit, at the first call (the key is read then). */
  const connect = () => {
    connection ??= loadHttp().then((kit) => {
      const { baseURL, http } = kit.connectProvider(
        {
          provider: api.provider,
          description: api.description,
          baseURL: api.defaultBaseURL,
          baseURLEnv: [api.baseURLEnvVar],
          apiKeyEnv: [api.envVar],
          authHeaders: (key) => ({ authorization: `Bearer ${key}` }),
        },
        { ...options, timeoutMs: options.timeoutMs ?? 60_000 },
        options.env === undefined ? {} : { env: options.env },
      );
      return { url: `${baseURL.replace(/\/+$/, '')}/${api.path}`, http, kit };
    });
    return connection;
  };
  return async (query, chunks, { signal, topN, span }) => {
    if (chunks.length === 0) return [];
    const wanted = Math.min(topN ?? chunks.length, chunks.length);
    const documents = chunks.map((chunk) =>
      chunk.context === undefined || chunk.context === ''
        ? chunk.text
        : `${chunk.context}\n\n${chunk.text}`,
    );
    const body = api.body(model, query, documents, wanted);
    const { url, http, kit } = await connect();
    let data: unknown;
    for (let retry = 0; ; retry++) {
      try {
        data = (
          await http.client().postJson(url, body, signal === undefined ? undefined : { signal })
        ).data;
        break;
      } catch (error) {
        if (signal?.aborted || retry >= maxRetries || !isRetryable(error)) throw error;
        await abortableDelay(backoffMs(error, retry + 1), signal);
      }
    }
    const answer = readRerankAnswer(api, data, chunks.length, wanted, kit);
    span?.setAttributes({
      'aigo.rerank.provider': api.provider,
      'aigo.rerank.model': model,
      'aigo.rerank.documents': chunks.length,
      ...(answer.tokens === undefined ? {} : { 'aigo.rerank.tokens': answer.tokens }),
      ...(answer.searchUnits === undefined
        ? {}
        : { 'aigo.rerank.search_units': answer.searchUnits }),
    });
    return answer.results.map(({ index, score }) => ({
      ...(chunks[index] as RetrievedChunk),
      score,
    }));
  };
}

/**
 * A reranker on Cohere's Rerank API (v2, `POST https://api.cohere.com/v2/rerank`): key from
 * `COHERE_API_KEY` or `apiKey`, model `rerank-v3.5` unless `model` says otherwise. See
 * `httpReranker` behaviour in the package README.
 *
 * @throws ValidationError naming a bad option.
 */
export function cohereReranker(options?: HttpRerankerOptions): Reranker {
  return httpReranker(COHERE_RERANK, options);
}

/**
 * A reranker on Voyage AI's reranker (`POST https://api.voyageai.com/v1/rerank`): key from
 * `VOYAGE_API_KEY` or `apiKey`, model `rerank-2.5` unless `model` says otherwise.
 *
 * @throws ValidationError naming a bad option.
 */
export function voyageReranker(options?: HttpRerankerOptions): Reranker {
  return httpReranker(VOYAGE_RERANK, options);
}

/**
 * A reranker on Jina AI's reranker (`POST https://api.jina.ai/v1/rerank`): key from `JINA_API_KEY`
 * or `apiKey`, model `jina-reranker-v2-base-multilingual` unless `model` says otherwise.
 *
 * @throws ValidationError naming a bad option.
 */
export function jinaReranker(options?: HttpRerankerOptions): Reranker {
  return httpReranker(JINA_RERANK, options);
}
