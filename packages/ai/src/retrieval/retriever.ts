import type { JsonObject } from '../json.js';
import type { MetadataFilter } from '../vectors/metadata-filter.js';
import type { DocumentRef } from '../vectors/vector-store.js';

/**
 * The stage of a retrieval that ranked a chunk last: the vector search (`semantic`), a keyword
 * search (`lexical`), the fusion of both (`fused`), a reranker (`rerank`).
 */
export type RetrievalStage = 'semantic' | 'lexical' | 'fused' | 'rerank';

/** The scores a chunk got at each stage it went through (higher is better at every stage). */
export interface RetrievalScores {
  /** The vector store's score (see `VectorMetric`). */
  readonly semantic?: number;
  /** A keyword search's score (BM25 and the like). */
  readonly lexical?: number;
  /** The fused score of the semantic and lexical rankings. */
  readonly fused?: number;
  /** The reranker's score. */
  readonly rerank?: number;
}

/** A chunk of text a retriever found, with how well it matched. */
export interface RetrievedChunk {
  /** The id of the record it came from. */
  readonly id: string;
  /** The chunk's own text (what the document says). */
  readonly text: string;
  /** The score of the last stage that ranked it (`stage`); higher is better. */
  readonly score: number;
  /** Every stage's score. */
  readonly scores: RetrievalScores;
  /** The stage whose score `score` is. */
  readonly stage: RetrievalStage;
  readonly metadata: JsonObject;
  /** The document the chunk is part of, when the record names one. */
  readonly document?: DocumentRef;
  /** The chunk's position in its document, from 0, when known. */
  readonly position?: number;
  /** What was embedded with the text (its document's title and heading path…), when stored. */
  readonly context?: string;
}

/** Options of one retrieval. */
export interface RetrieveOptions {
  /** How many chunks at most. Default: the retriever's. */
  readonly topK?: number;
  /** Only records whose metadata matches (ANDed with the retriever's own filter). */
  readonly filter?: MetadataFilter;
  /** Only chunks the store scores at least this. Default: the retriever's. */
  readonly minScore?: number;
  /** Cancels the embedding call and the query. */
  readonly signal?: AbortSignal;
}

/**
 * Reorders (and may drop) the chunks a store returned for `query` — a cross-encoder, an LLM judge, a
 * keyword boost. Returns the chunks to keep, best first, with the scores to report.
 */
export type Reranker = (
  query: string,
  chunks: readonly RetrievedChunk[],
  options: { readonly signal: AbortSignal | undefined },
) => Promise<readonly RetrievedChunk[]> | readonly RetrievedChunk[];

/**
 * Text in, ranked chunks out. `createRetriever` of `@aigo/retrieval` builds one over a `VectorStore`
 * and an embedder; anything that finds text (a search API, a keyword index) can implement it.
 */
export interface Retriever {
  /**
   * The chunks most relevant to `query`, best first.
   *
   * @throws ValidationError for an empty query or a bad option, naming it.
   */
  retrieve(query: string, options?: RetrieveOptions): Promise<RetrievedChunk[]>;
}
