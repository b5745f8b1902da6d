import type { MetadataFilter } from '../vectors/metadata-filter.js';
import type { VectorRecordFields } from '../vectors/vector-store.js';
import type { Fusion } from './fusion.js';
import type { RetrievalScores } from './retriever.js';

/** What a hybrid search looks for: the query's text, and its vector when the caller embedded it. */
export interface HybridQuery {
  /** The keyword side's query. Non-empty. */
  readonly text: string;
  /**
   * The semantic side's query vector. Without it the store embeds `text` with its own embedder (as a
   * `query`).
   */
  readonly vector?: readonly number[];
}

/** Options of `HybridSearch.hybridSearch`. */
export interface HybridSearchOptions {
  /** How many fused records at most, best first. Default 10. */
  readonly k?: number;
  /** How many records each side ranks before fusion. Default the larger of 20 and 4 × `k`. */
  readonly candidates?: number;
  /** How the two rankings fuse. Default `{ type: 'rrf', k: 60 }`. */
  readonly fusion?: Fusion;
  /** Only records whose metadata matches, on both sides. */
  readonly filter?: MetadataFilter;
  /**
   * The embedding model of the query vector: a semantic candidate recorded with another model fails
   * the search with a `ValidationError` naming `options.model`.
   */
  readonly model?: string;
  readonly signal?: AbortSignal;
}

/** A record a hybrid search found. */
export interface HybridMatch extends VectorRecordFields {
  /** The fused score (`scores.fused`); higher is better. */
  readonly score: number;
  /** Its semantic and lexical scores (each when it was among that side's candidates) and the fused one. */
  readonly scores: RetrievalScores & { readonly fused: number };
  /** Its rank (from 1) among each side's candidates it was in. */
  readonly ranks: { readonly semantic?: number; readonly lexical?: number };
}

/** What a hybrid search returns: the fused records and how many candidates each side had. */
export interface HybridSearchResult {
  readonly matches: HybridMatch[];
  /** The candidates each side ranked before fusion (a stop-word-only query has no lexical ones). */
  readonly candidates: { readonly semantic: number; readonly lexical: number };
}

/**
 * A store that is a vector store and a keyword index at once and fuses both rankings itself —
 * `pgVectorStore` with `lexical`, in one SQL statement. `hybridRetriever` uses it when its
 * `semantic` and `lexical` are the same such store. The fusion follows `fuseRankings`.
 */
export interface HybridSearch {
  /**
   * The best `k` records by the fusion of the semantic ranking of `query.vector` and the keyword
   * ranking of `query.text`, each over its best `candidates`, both under `filter`.
   *
   * @throws ValidationError for a bad query or option, naming it.
   */
  hybridSearch(query: HybridQuery, options?: HybridSearchOptions): Promise<HybridSearchResult>;
}

/** Whether `value` offers `hybridSearch`. */
export function isHybridSearch(value: unknown): value is HybridSearch {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { hybridSearch?: unknown }).hybridSearch === 'function'
  );
}
