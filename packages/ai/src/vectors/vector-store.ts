import type { JsonObject } from '../json.js';
import type { MetadataFilter } from './metadata-filter.js';

/**
 * How a store measures closeness, and what a match's `score` is (higher is closer, always):
 * - `cosine`: the cosine similarity, −1…1;
 * - `inner_product`: the dot product (for normalised vectors, the cosine similarity);
 * - `l2`: `1 / (1 + d)` for the Euclidean distance `d`, 0…1.
 */
export type VectorMetric = 'cosine' | 'inner_product' | 'l2';

/** One record of a vector store, as written by `upsert`. */
export interface VectorRecord {
  /** The record's id: an upsert with an existing id replaces that record. Non-empty. */
  readonly id: string;
  /**
   * The vector, of the store's length. May be left out when `text` is given and the store has an
   * embedder: the store embeds the text (as a `document`).
   */
  readonly vector?: readonly number[];
  /** The text the vector stands for, returned with matches. */
  readonly text?: string;
  /** JSON metadata, matched by a query's `filter`. Default `{}`. */
  readonly metadata?: JsonObject;
}

/** A record a query found. */
export interface VectorMatch {
  readonly id: string;
  /** How close the record is to the query (see {@link VectorMetric}); higher is closer. */
  readonly score: number;
  /** The record's text, `undefined` when it was stored without one. */
  readonly text: string | undefined;
  readonly metadata: JsonObject;
}

/** Options of a query. */
export interface VectorQueryOptions {
  /** How many matches at most, closest first. Default 10. */
  readonly topK?: number;
  /** Only records whose metadata matches (see {@link MetadataFilter}). */
  readonly filter?: MetadataFilter;
  /** Only matches whose score is at least this. */
  readonly minScore?: number;
  /** Cancels the query. */
  readonly signal?: AbortSignal;
}

/** Options of `upsert`, `delete` and `get`. */
export interface VectorWriteOptions {
  /** Cancels the call. */
  readonly signal?: AbortSignal;
}

/**
 * A store of vectors with text and JSON metadata: upsert by id, nearest-neighbour queries with
 * metadata filters, delete by id. `pgVectorStore` of `@aigo/vector-pg` (PostgreSQL) implements it;
 * `@aigo/testing`'s `vectorStoreConformance` says what every store must do.
 */
export interface VectorStore {
  /** The vector length every record and query has. */
  readonly dimensions: number;
  /** How closeness is measured. */
  readonly metric: VectorMetric;
  /**
   * Inserts the records, replacing those whose id exists, all or none. Records without a vector are
   * embedded from their text first (a store with an embedder).
   *
   * @throws ValidationError naming the record and field (`records[2].vector`) before any write.
   */
  upsert(records: readonly VectorRecord[], options?: VectorWriteOptions): Promise<void>;
  /**
   * The `topK` records closest to `query` — a vector, or a text the store's embedder embeds (as a
   * `query`) — that match `filter` and score at least `minScore`, closest first (ties by id).
   *
   * @throws ValidationError for a vector of the wrong length, a text without an embedder, or a bad
   *   option, naming it.
   */
  query(query: readonly number[] | string, options?: VectorQueryOptions): Promise<VectorMatch[]>;
  /** Deletes the records with these ids (unknown ids are ignored); resolves to how many it deleted. */
  delete(ids: readonly string[], options?: VectorWriteOptions): Promise<number>;
  /** The records with these ids that exist, with their vectors, in the order of `ids`. */
  get(ids: readonly string[], options?: VectorWriteOptions): Promise<StoredVectorRecord[]>;
  /** Releases what the store owns (a pool it created). Later calls reject. */
  close(): Promise<void>;
}

/** A record as stored: with its vector and metadata always set. */
export interface StoredVectorRecord {
  readonly id: string;
  readonly vector: number[];
  readonly text: string | undefined;
  readonly metadata: JsonObject;
}
