import type { JsonObject } from '../json.js';
import type { MetadataFilter } from '../vectors/metadata-filter.js';

/** A chunk of text a retriever found, with how well it matched. */
export interface RetrievedChunk {
  /** The id of the record it came from. */
  readonly id: string;
  readonly text: string;
  /** The store's score (higher is closer), or the reranker's when one ran. */
  readonly score: number;
  readonly metadata: JsonObject;
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
 * Text in, ranked chunks out. `createRetriever` of `@aigo/client` builds one over a `VectorStore`
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
