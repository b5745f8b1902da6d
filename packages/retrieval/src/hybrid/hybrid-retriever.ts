import {
  type CheckedFusion,
  checkCount,
  checkEmbedderSettings,
  checkFusion,
  type EmbedderSettings,
  type Fusion,
  fuseRankings,
  type HybridMatch,
  type HybridSearch,
  isHybridSearch,
  type LexicalIndex,
  type LexicalMatch,
  type MetadataFilter,
  type Observer,
  parseMetadataFilter,
  type RetrievedChunk,
  type RetrieveOptions,
  type Retriever,
  throwIfAborted,
  ValidationError,
  type VectorMatch,
  type VectorRecordFields,
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
} from '../retriever/retriever-stages.js';

/** Options of {@link hybridRetriever}. */
export interface HybridRetrieverOptions {
  /** The keyword side: `inMemoryLexicalIndex()`, or a `pgVectorStore` with `lexical`. */
  readonly lexical: LexicalIndex;
  /** The vector side. When it is the same `pgVectorStore` as `lexical`, one SQL statement does both. */
  readonly semantic: VectorStore;
  /** Embeds the query (as a `query`). Without it, the store embeds it with its own embedder. */
  readonly embedder?: EmbedderSettings;
  /** How the two rankings fuse. Default `{ type: 'rrf', k: 60 }`. */
  readonly fusion?: Fusion;
  /** Chunks per retrieval. Default 5. */
  readonly k?: number;
  /**
   * How many records each side ranks before fusion. Default the larger of 20 and twice the chunks
   * fused (`k`, or the reranker's `candidates`).
   */
  readonly candidates?: number;
  /** Only records whose metadata matches, on both sides (ANDed with each call's filter). */
  readonly filter?: MetadataFilter;
  /** A second pass over the fused chunks (see `RetrieverRerankOptions`). */
  readonly rerank?: RetrieverRerankOptions;
  /** Where the `aigo.retrieval` span of each retrieval goes (stage timings and counts). */
  readonly observer?: Observer;
}

const OPTION_KEYS = new Set([
  'lexical',
  'semantic',
  'embedder',
  'fusion',
  'k',
  'candidates',
  'filter',
  'rerank',
  'observer',
]);

/** A fused record as a chunk: its fused score, both sides' scores where it had them. */
function chunkOf(
  fields: VectorRecordFields & { readonly text: string },
  fused: number,
  semantic: number | undefined,
  lexical: number | undefined,
): RetrievedChunk {
  return {
    id: fields.id,
    text: fields.text,
    score: fused,
    scores: {
      ...(semantic === undefined ? {} : { semantic }),
      ...(lexical === undefined ? {} : { lexical }),
      fused,
    },
    stage: 'fused',
    metadata: fields.metadata,
    ...(fields.document === undefined ? {} : { document: fields.document }),
    ...(fields.position === undefined ? {} : { position: fields.position }),
    ...(fields.context === undefined ? {} : { context: fields.context }),
  };
}

function checkOptions(options: HybridRetrieverOptions): void {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options))
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  const { lexical, semantic, embedder, filter } = options;
  if (lexical === null || typeof lexical !== 'object' || typeof lexical.search !== 'function')
    throw new ValidationError('options.lexical', 'must be a LexicalIndex');
  if (semantic === null || typeof semantic !== 'object' || typeof semantic.query !== 'function')
    throw new ValidationError('options.semantic', 'must be a VectorStore');
  if (embedder !== undefined) checkEmbedderSettings(embedder, 'options.embedder');
  parseMetadataFilter(filter, 'options.filter');
}

/**
 * A `Retriever` that fuses a keyword ranking with a vector ranking: each side ranks its best
 * `candidates` records for the query (under the same filter), the two lists are fused (reciprocal
 * rank fusion by default, or weighted scores — see `Fusion`), and the best `k` come back, each with
 * its `scores.semantic` and `scores.lexical` (where that side ranked it) and `scores.fused`, `stage:
 * 'fused'` — or, with `rerank`, the reranker's best. When `lexical` and `semantic` are one store
 * that fuses both itself (`pgVectorStore` with `lexical`), it runs as one statement; otherwise the
 * two sides run at once and fuse here (`fuseRankings` of `@aigo/ai`, the same order). A query whose
 * words are all stop words has no keyword side: the semantic ranking alone decides. `minScore` of a
 * call applies to the final score.
 *
 * ```ts
 * const retriever = hybridRetriever({ lexical: store, semantic: store, embedder, k: 5 });
 * const chunks = await retriever.retrieve('error E1042 when charging');
 * ```
 *
 * @throws ValidationError naming a bad option (a fusion weight ≤ 0, `k` ≤ 0, …).
 */
export function hybridRetriever(options: HybridRetrieverOptions): Retriever {
  checkOptions(options);
  const { lexical, semantic, embedder, filter } = options;
  const fusion: CheckedFusion = checkFusion(options.fusion);
  const defaultK = checkCount(options.k, 'options.k', 5);
  checkCount(options.candidates, 'options.candidates', 1);
  const rerankOptions = checkRetrieverRerank(options.rerank);
  const observer = checkObserver(options.observer);
  const together = (lexical as unknown) === semantic && isHybridSearch(semantic);
  const fusionOption: Fusion =
    fusion.type === 'rrf'
      ? fusion
      : { type: 'weighted', weights: { semantic: fusion.semantic, lexical: fusion.lexical } };

  return {
    async retrieve(query: string, call: RetrieveOptions = {}): Promise<RetrievedChunk[]> {
      checkRetrieveCall(query, call);
      checkCount(call.topK, 'options.topK', 1);
      const { signal, span } = call;
      throwIfAborted(signal);
      const { final, firstStage } = retrievalCounts(call, rerankOptions, defaultK);
      const perSide = options.candidates ?? Math.min(1000, Math.max(20, 2 * firstStage));
      const combined = andFilters(filter, call.filter);
      const trace =
        observer === undefined ? undefined : new RetrievalTrace(observer, 'hybrid', query, span);
      return traced(trace, async () => {
        const vector =
          embedder === undefined ? undefined : await embedQuery(trace, embedder, query, signal);
        const shared = {
          ...(combined === undefined ? {} : { filter: combined }),
          ...(signal === undefined ? {} : { signal }),
        };
        let chunks: RetrievedChunk[];
        if (together) {
          const started = performance.now();
          const result = await (semantic as VectorStore & HybridSearch).hybridSearch(
            { text: query, ...(vector === undefined ? {} : { vector }) },
            {
              ...shared,
              k: firstStage,
              candidates: Math.max(perSide, firstStage),
              fusion: fusionOption,
              ...(embedder === undefined ? {} : { model: embedder.model }),
            },
          );
          if (trace !== undefined) {
            trace.record('search', performance.now() - started, result.matches.length);
            trace.record('semantic', 0, result.candidates.semantic);
            trace.record('lexical', 0, result.candidates.lexical);
          }
          chunks = result.matches
            .filter((match): match is HybridMatch & { text: string } => match.text !== undefined)
            .map((match) =>
              chunkOf(match, match.score, match.scores.semantic, match.scores.lexical),
            );
        } else {
          const [semanticMatches, lexicalMatches] = await Promise.all([
            stage(
              trace,
              'semantic',
              () =>
                semantic.query(vector ?? query, {
                  ...shared,
                  topK: perSide,
                  ...(embedder === undefined ? {} : { model: embedder.model }),
                }),
              (found) => found.length,
            ),
            stage(
              trace,
              'lexical',
              () => lexical.search(query, { ...shared, k: perSide }),
              (found) => found.length,
            ),
          ]);
          chunks = await stage(
            trace,
            'fuse',
            async () => fuse(semanticMatches, lexicalMatches, fusion, firstStage),
            (fused) => fused.length,
          );
        }
        const minScore = call.minScore;
        const kept = await finish(trace, query, chunks, rerankOptions, final, { signal, span });
        return minScore === undefined ? kept : kept.filter((chunk) => chunk.score >= minScore);
      });
    },
  };
}

/** Fuses the two sides' matches (see `fuseRankings`) into chunks; records without text are left out. */
function fuse(
  semanticMatches: readonly VectorMatch[],
  lexicalMatches: readonly LexicalMatch[],
  fusion: CheckedFusion,
  k: number,
): RetrievedChunk[] {
  const fields = new Map<string, VectorRecordFields>();
  for (const match of lexicalMatches) fields.set(match.id, match);
  for (const match of semanticMatches) fields.set(match.id, match);
  const chunks: RetrievedChunk[] = [];
  for (const entry of fuseRankings(semanticMatches, lexicalMatches, fusion, k)) {
    const record = fields.get(entry.id) as VectorRecordFields;
    if (record.text === undefined) continue;
    chunks.push(
      chunkOf(
        record as VectorRecordFields & { text: string },
        entry.fused,
        entry.semantic?.score,
        entry.lexical?.score,
      ),
    );
  }
  return chunks;
}
