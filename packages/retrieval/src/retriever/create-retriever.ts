import {
  checkCount,
  checkEmbedderSettings,
  type EmbedderSettings,
  type MetadataFilter,
  type Observer,
  parseMetadataFilter,
  type RetrievedChunk,
  type RetrieveOptions,
  type Retriever,
  throwIfAborted,
  ValidationError,
  type VectorMatch,
  type VectorStore,
} from '@aigo/ai';
import { RetrievalTrace, stage, traced } from '../observe/retrieval-trace.js';
import { checkRetrieverRerank, type RetrieverRerankOptions } from '../rerank/rerank.js';
import {
  andFilters,
  checkObserver,
  checkRetrieveCall,
  embedQuery,
  finish,
  retrievalCounts,
} from './retriever-stages.js';

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
   * A second pass over the store's chunks: the store is asked for `candidates` chunks (default 4 ×
   * the chunks kept), the reranker orders them and its best `topN` (default `topK`) are returned.
   */
  readonly rerank?: RetrieverRerankOptions;
  /** Where the `aigo.retrieval` span of each retrieval goes (stage timings and counts). */
  readonly observer?: Observer;
}

const OPTION_KEYS = new Set([
  'store',
  'embedder',
  'topK',
  'minScore',
  'filter',
  'rerank',
  'observer',
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

/**
 * A `Retriever` over a vector store: embeds the query, asks the store for the nearest records (of
 * the embedder's model: a store holding another model's vectors fails the query with a
 * `ValidationError` on `options.model`), lets the optional reranker reorder them, and returns the
 * records that have text as chunks, best first — each with its document, position and context when
 * the store has them, its `scores` (`semantic`, and `rerank` after a reranker) and `stage`. With an
 * `observer`, each retrieval is an `aigo.retrieval` span with its stages' durations and counts.
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
  const { store, embedder, filter } = options;
  if (store === null || typeof store !== 'object' || typeof store.query !== 'function') {
    throw new ValidationError('options.store', 'must be a VectorStore');
  }
  if (embedder !== undefined) checkEmbedderSettings(embedder, 'options.embedder');
  const defaultTopK = checkCount(options.topK, 'options.topK', 5);
  if (
    options.minScore !== undefined &&
    (typeof options.minScore !== 'number' || !Number.isFinite(options.minScore))
  ) {
    throw new ValidationError('options.minScore', 'must be a finite number');
  }
  const rerankOptions = checkRetrieverRerank(options.rerank);
  const observer = checkObserver(options.observer);
  parseMetadataFilter(filter, 'options.filter');

  return {
    async retrieve(
      query: string,
      retrieveOptions: RetrieveOptions = {},
    ): Promise<RetrievedChunk[]> {
      checkRetrieveCall(query, retrieveOptions);
      checkCount(retrieveOptions.topK, 'options.topK', 1);
      const { signal, span } = retrieveOptions;
      throwIfAborted(signal);
      const { final, firstStage } = retrievalCounts(retrieveOptions, rerankOptions, defaultTopK);
      const trace =
        observer === undefined ? undefined : new RetrievalTrace(observer, 'semantic', query, span);
      return traced(trace, async () => {
        const vector =
          embedder === undefined ? query : await embedQuery(trace, embedder, query, signal);
        const minScore = retrieveOptions.minScore ?? options.minScore;
        const combined = andFilters(filter, retrieveOptions.filter);
        const matches = await stage(
          trace,
          'semantic',
          () =>
            store.query(vector, {
              topK: firstStage,
              ...(combined === undefined ? {} : { filter: combined }),
              ...(minScore === undefined ? {} : { minScore }),
              ...(embedder === undefined ? {} : { model: embedder.model }),
              ...(signal === undefined ? {} : { signal }),
            }),
          (found) => found.length,
        );
        const chunks: RetrievedChunk[] = [];
        for (const match of matches) {
          if (match.text !== undefined)
            chunks.push(chunkOfMatch(match as VectorMatch & { text: string }));
        }
        return finish(trace, query, chunks, rerankOptions, final, { signal, span });
      });
    },
  };
}
