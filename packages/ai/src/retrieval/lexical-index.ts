import type { JsonObject } from '../json.js';
import type { MetadataFilter } from '../vectors/metadata-filter.js';
import type {
  DocumentRef,
  VectorRecordFields,
  VectorWriteOptions,
} from '../vectors/vector-store.js';

/**
 * How a keyword query matches: `all` — a chunk must hold every word of the query (web-search
 * semantics, as PostgreSQL's `websearch_to_tsquery` reads a query); `any` — a chunk holding any of
 * its words is found, and ranked by how many and how well (BM25's usual reading).
 */
export type LexicalMatchMode = 'all' | 'any';

/** One chunk of text for a keyword index, as written by `upsert`. */
export interface LexicalRecord {
  /** The record's id: an upsert with an existing id replaces that record. Non-empty. */
  readonly id: string;
  /** The text searched. */
  readonly text: string;
  /** JSON metadata, matched by a search's `filter`. Default `{}`. */
  readonly metadata?: JsonObject;
  /** The document the chunk is part of (`deleteDocument(id)` removes its records). */
  readonly document?: DocumentRef;
  /** Its position among its document's chunks, from 0. */
  readonly position?: number;
  /** What stands before the text (its document's title and heading path): searched too. */
  readonly context?: string;
}

/** A record a keyword search found. */
export interface LexicalMatch extends VectorRecordFields {
  readonly text: string;
  /** The index's relevance score (BM25, `ts_rank_cd`, …); higher is better. */
  readonly score: number;
}

/** Options of `LexicalIndex.search`. */
export interface LexicalSearchOptions {
  /** How many matches at most, best first. Default 10. */
  readonly k?: number;
  /** Only records whose metadata matches (see `MetadataFilter`). */
  readonly filter?: MetadataFilter;
  /** Cancels the search. */
  readonly signal?: AbortSignal;
}

/**
 * A keyword index of text chunks: `inMemoryLexicalIndex()` of `@aigo/retrieval` (BM25), and
 * `pgVectorStore` of `@aigo/vector-pg` with `lexical: { language }` (a `tsvector` column of the
 * store's own table, so its writes keep the index). `hybridRetriever` fuses its ranking with a
 * vector store's.
 */
export interface LexicalIndex {
  /**
   * Adds the records, replacing those whose id exists, all or none.
   *
   * @throws ValidationError naming the record and field (`records[2].text`) before any write.
   */
  upsert(records: readonly LexicalRecord[], options?: VectorWriteOptions): Promise<void>;
  /** Deletes the records with these ids (unknown ids are ignored); resolves to how many it deleted. */
  delete(ids: readonly string[], options?: VectorWriteOptions): Promise<number>;
  /** Deletes every record of the document with this id; resolves to how many it deleted. */
  deleteDocument(documentId: string, options?: VectorWriteOptions): Promise<number>;
  /**
   * The `k` records that best match `query`, best first (ties by id). A query whose words are all
   * stop words finds nothing (an empty array, not an error).
   *
   * @throws ValidationError for an empty query or a bad option, naming it.
   */
  search(query: string, options?: LexicalSearchOptions): Promise<LexicalMatch[]>;
}
