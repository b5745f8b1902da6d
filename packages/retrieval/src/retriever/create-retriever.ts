import {
  checkEmbedderSettings,
  type EmbedderSettings,
  type MetadataFilter,
  parseMetadataFilter,
  type Reranker,
  type RetrievedChunk,
  type RetrieveOptions,
  type Retriever,
  throwIfAborted,
  ValidationError,
  type VectorMatch,
  type VectorStore,
} from '@aigo/ai';

/** Options of {@link createRetriever}. */
export interface RetrieverOptions {
  /** Where the chunks are. */
  readonly store: VectorStore;
  /**
   * Embeds the query (as a `query`). Without it, the query text goes to the store, which embeds it
   * with its own embedder (and rejects it when it has none).
   */
  readonly embedder?: EmbedderSettings;
  /** Chunks per retrieval. Default 5. */
  readonly topK?: number;
  /** Only chunks the store scores at least this. */
  readonly minScore?: number;
  /** Only records whose metadata matches (ANDed with each call's filter). */
  readonly filter?: MetadataFilter;
  /**
   * Reorders or drops the chunks the store found. The store is asked for `candidates` chunks (default
   * 4 × topK) and the reranker's first `topK` are returned.
   */
  readonly rerank?: Reranker;
  /** How many chunks the store is asked for when there is a reranker. Default 4 × topK. */
  readonly candidates?: number;
}

const OPTION_KEYS = new Set([
  'store',
  'embedder',
  'topK',
  'minScore',
  'filter',
  'rerank',
  'candidates',
]);

/** A store's match as a chunk of the semantic stage. */
function chunkOfMatch(match: VectorMatch & { readonly text: string }): RetrievedChunk {
  return {
    id: match.id,
    text: match.text,
    score: match.score,
    scores: { semantic: match.score },
    stage: 'semantic',
    metadata: match.metadata,
    ...(match.document === undefined ? {} : { document: match.document }),
    ...(match.position === undefined ? {} : { position: match.position }),
    ...(match.context === undefined ? {} : { context: match.context }),
  };
}

/** A reranked chunk: its score is the reranker's, its stage `rerank`, its earlier scores kept. */
function reranked(chunk: RetrievedChunk): RetrievedChunk {
  if (chunk.stage === 'rerank' && chunk.scores?.rerank === chunk.score) return chunk;
  return {
    ...chunk,
    scores: { ...chunk.scores, rerank: chunk.score },
    stage: 'rerank',
  };
}

function checkCount(value: unknown, argument: string): void {
  if (
    value !== undefined &&
    (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1000)
  ) {
    throw new ValidationError(argument, 'must be an integer from 1 to 1000');
  }
}

function andFilters(
  a: MetadataFilter | undefined,
  b: MetadataFilter | undefined,
): MetadataFilter | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return { $and: [a, b] };
}

/**
 * A `Retriever` over a vector store: embeds the query, asks the store for the nearest records (of
 * the embedder's model: a store holding another model's vectors fails the query with a
 * `ValidationError` on `options.model`), lets the optional reranker reorder them, and returns the
 * records that have text as chunks, best first — each with its document, position and context when
 * the store has them, its `scores` (`semantic`, and `rerank` after a reranker) and `stage`.
 *
 * ```ts
 * const retriever = createRetriever({ store, embedder: { provider, model: 'text-embedding-3-small' } });
 * const chunks = await retriever.retrieve('How do refunds work?', { topK: 3 });
 * ```
 *
 * @throws ValidationError naming the bad option.
 */
export function createRetriever(options: RetrieverOptions): Retriever {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  }
  const { store, embedder, rerank, filter } = options;
  if (store === null || typeof store !== 'object' || typeof store.query !== 'function') {
    throw new ValidationError('options.store', 'must be a VectorStore');
  }
  if (embedder !== undefined) checkEmbedderSettings(embedder, 'options.embedder');
  checkCount(options.topK, 'options.topK');
  checkCount(options.candidates, 'options.candidates');
  if (
    options.minScore !== undefined &&
    (typeof options.minScore !== 'number' || !Number.isFinite(options.minScore))
  ) {
    throw new ValidationError('options.minScore', 'must be a finite number');
  }
  if (rerank !== undefined && typeof rerank !== 'function')
    throw new ValidationError('options.rerank', 'must be a function');
  parseMetadataFilter(filter, 'options.filter');
  const defaultTopK = options.topK ?? 5;

  return {
    async retrieve(
      query: string,
      retrieveOptions: RetrieveOptions = {},
    ): Promise<RetrievedChunk[]> {
      if (typeof query !== 'string' || query.trim() === '')
        throw new ValidationError('query', 'must be a non-empty string');
      if (retrieveOptions === null || typeof retrieveOptions !== 'object')
        throw new ValidationError('options', 'must be an object');
      checkCount(retrieveOptions.topK, 'options.topK');
      const topK = retrieveOptions.topK ?? defaultTopK;
      const signal = retrieveOptions.signal;
      throwIfAborted(signal);
      let vector: readonly number[] | string = query;
      if (embedder !== undefined) {
        const { embeddings } = await embedder.provider.embed(
          {
            model: embedder.model,
            values: [query],
            purpose: 'query',
            ...(embedder.dimensions === undefined ? {} : { dimensions: embedder.dimensions }),
          },
          signal === undefined ? {} : { signal },
        );
        vector = embeddings[0] as number[];
      }
      const minScore = retrieveOptions.minScore ?? options.minScore;
      const combined = andFilters(filter, retrieveOptions.filter);
      const matches = await store.query(vector, {
        topK: rerank === undefined ? topK : Math.max(topK, options.candidates ?? topK * 4),
        ...(combined === undefined ? {} : { filter: combined }),
        ...(minScore === undefined ? {} : { minScore }),
        ...(embedder === undefined ? {} : { model: embedder.model }),
        ...(signal === undefined ? {} : { signal }),
      });
      const chunks: RetrievedChunk[] = [];
      for (const match of matches) {
        if (match.text !== undefined)
          chunks.push(chunkOfMatch(match as VectorMatch & { text: string }));
      }
      if (rerank === undefined) return chunks.slice(0, topK);
      const ranked = await rerank(query, chunks, { signal });
      throwIfAborted(signal);
      if (!Array.isArray(ranked))
        throw new ValidationError('options.rerank', 'must return an array of chunks');
      return ranked.slice(0, topK).map(reranked);
    },
  };
}
