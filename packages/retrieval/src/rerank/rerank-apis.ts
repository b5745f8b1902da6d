import type * as HttpKit from '@aigo/http';

/** What a rerank API answered: each result's document index and score, and what it billed. */
export interface RerankAnswer {
  readonly results: readonly { readonly index: number; readonly score: number }[];
  /** Input tokens, when the API reports them (Voyage, Jina). */
  readonly tokens: number | undefined;
  /** Search units, when the API reports them (Cohere). */
  readonly searchUnits: number | undefined;
}

/** What differs between the rerank APIs: where they are, how they are asked, how they answer. */
export interface RerankApi {
  /** The provider id on errors (`cohere`). */
  readonly provider: string;
  /** The service's name in messages (`Cohere`). */
  readonly description: string;
  /** The environment variable of the key. */
  readonly envVar: string;
  /** The environment variable of the base URL (`COHERE_BASE_URL`). */
  readonly baseURLEnvVar: string;
  readonly defaultBaseURL: string;
  /** The endpoint, relative to the base URL. */
  readonly path: string;
  readonly defaultModel: string;
  /** The request body. */
  body(model: string, query: string, documents: readonly string[], topN: number): object;
  /** The answer's results and usage, in the API's field names, read with the wire kit's guards. */
  read(
    data: unknown,
    kit: typeof HttpKit,
  ): {
    readonly results: unknown;
    readonly tokens: unknown;
    readonly searchUnits: unknown;
  };
}

/** Cohere's Rerank API v2: `POST /v2/rerank`, `top_n`, `results`, billed in search units. */
export const COHERE_RERANK: RerankApi = {
  provider: 'cohere',
  description: 'Cohere',
  envVar: 'COHERE_API_KEY',
  baseURLEnvVar: 'COHERE_BASE_URL',
  defaultBaseURL: 'https://api.cohere.com',
  path: 'v2/rerank',
  defaultModel: 'rerank-v3.5',
  body: (model, query, documents, topN) => ({ model, query, documents, top_n: topN }),
  read: (data, { recordOf }) => ({
    results: recordOf(data)?.results,
    tokens: undefined,
    searchUnits: recordOf(recordOf(recordOf(data)?.meta)?.billed_units)?.search_units,
  }),
};

/** Voyage AI's reranker: `POST /v1/rerank`, `top_k`, `data`, billed in tokens. */
export const VOYAGE_RERANK: RerankApi = {
  provider: 'voyage',
  description: 'Voyage AI',
  envVar: 'VOYAGE_API_KEY',
  baseURLEnvVar: 'VOYAGE_BASE_URL',
  defaultBaseURL: 'https://api.voyageai.com',
  path: 'v1/rerank',
  defaultModel: 'rerank-2.5',
  body: (model, query, documents, topN) => ({ model, query, documents, top_k: topN }),
  read: (data, { recordOf }) => ({
    results: recordOf(data)?.data,
    tokens: recordOf(recordOf(data)?.usage)?.total_tokens,
    searchUnits: undefined,
  }),
};

/** Jina AI's reranker: `POST /v1/rerank`, `top_n`, `results` (documents not returned), tokens. */
export const JINA_RERANK: RerankApi = {
  provider: 'jina',
  description: 'Jina AI',
  envVar: 'JINA_API_KEY',
  baseURLEnvVar: 'JINA_BASE_URL',
  defaultBaseURL: 'https://api.jina.ai',
  path: 'v1/rerank',
  defaultModel: 'jina-reranker-v2-base-multilingual',
  body: (model, query, documents, topN) => ({
    model,
    query,
    documents,
    top_n: topN,
    return_documents: false,
  }),
  read: (data, { recordOf }) => ({
    results: recordOf(data)?.results,
    tokens: recordOf(recordOf(data)?.usage)?.total_tokens,
    searchUnits: undefined,
  }),
};

/**
 * The results of an answer, checked: `wanted` of them (the API's `top_n` of `count` documents),
 * each the index of a document sent and a finite score, no index twice.
 *
 * @throws ProviderError `invalid_response` (the wire kit's) when they are not.
 */
export function readRerankAnswer(
  api: RerankApi,
  data: unknown,
  count: number,
  wanted: number,
  kit: typeof HttpKit,
): RerankAnswer {
  const { invalidResponse, numberOf, recordOf } = kit;
  const read = api.read(data, kit);
  const fail = (problem: string): never => {
    throw invalidResponse(api.provider, problem);
  };
  if (!Array.isArray(read.results)) return fail('has no list of results');
  const seen = new Set<number>();
  const results = read.results.map((entry: unknown) => {
    const result = recordOf(entry);
    const index = result?.index;
    const score = numberOf(result?.relevance_score);
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count)
      fail(`names document ${JSON.stringify(index)}, which was not sent (0–${count - 1})`);
    if (seen.has(index as number)) fail(`names document ${index} twice`);
    seen.add(index as number);
    if (score === undefined) fail(`gives document ${index} no relevance_score`);
    return { index: index as number, score: score as number };
  });
  if (results.length !== wanted)
    fail(`has ${results.length} results where ${wanted} were asked for`);
  return { results, tokens: numberOf(read.tokens), searchUnits: numberOf(read.searchUnits) };
}
