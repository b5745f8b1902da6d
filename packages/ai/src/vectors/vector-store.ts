import type { JsonObject } from '../json.js';
import type { MetadataFilter } from './metadata-filter.js';

/**
 * How a store measures closeness, and what a match's `score` is (higher is closer, always):
 * - `cosine`: the cosine similarity, −1…1;
 * - `inner_product`: the dot product (for normalised vectors, the cosine similarity);
 * - `l2`: `1 / (1 + d)` for the Euclidean distance `d`, 0…1.
 */
export type VectorMetric = 'cosine' | 'inner_product' | 'l2';

/** The document a record is a chunk of: what a retriever reports as a chunk's source. */
export interface DocumentRef {
  /** The document's id: `deleteDocument(id)` removes its records. Non-empty. */
  readonly id: string;
  /** Its title, when it has one. */
  readonly title?: string;
  /** Where it came from (a URL, a path), when known. */
  readonly source?: string;
}

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
  /** The document the record is a chunk of (see {@link DocumentRef}). */
  readonly document?: DocumentRef;
  /** Its position among its document's chunks, from 0. */
  readonly position?: number;
  /**
   * What was embedded with `text` but is not part of it: the document's title and heading path, a
   * sentence a model wrote about the chunk. Kept apart so `text` stays the document's own words.
   */
  readonly context?: string;
  /**
   * The embedding model that made the vector. A store that embeds a record's text records its
   * embedder's model. A query naming another model (`VectorQueryOptions.model`) that finds this
   * record fails with a `ValidationError`: the two vectors' scores mean nothing.
   */
  readonly model?: string;
}

/** What a record holds besides its vector: the fields of matches and of read records. */
export interface VectorRecordFields {
  readonly id: string;
  /** The record's text, `undefined` when it was stored without one. */
  readonly text: string | undefined;
  readonly metadata: JsonObject;
  readonly document?: DocumentRef;
  readonly position?: number;
  readonly context?: string;
  readonly model?: string;
}

/** A record a query found. */
export interface VectorMatch extends VectorRecordFields {
  /** How close the record is to the query (see {@link VectorMetric}); higher is closer. */
  readonly score: number;
}

/** Options of a query. */
export interface VectorQueryOptions {
  /** How many matches at most, closest first. Default 10. */
  readonly topK?: number;
  /** Only records whose metadata matches (see {@link MetadataFilter}). */
  readonly filter?: MetadataFilter;
  /** Only matches whose score is at least this. */
  readonly minScore?: number;
  /**
   * The embedding model of the query vector. A match recorded with another model fails the query
   * with a `ValidationError` naming `options.model`. A text query is checked against the store's
   * own embedder's model.
   */
  readonly model?: string;
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
  /**
   * Deletes every record of the document with this id (the records whose `document.id` it is);
   * resolves to how many it deleted.
   */
  deleteDocument(documentId: string, options?: VectorWriteOptions): Promise<number>;
  /**
   * What the store holds of each of these documents that has records: the version it was written
   * at by `replaceDocuments`, its embedding model and its record count, in the order of `ids`
   * (documents without records left out).
   */
  documents(ids: readonly string[], options?: VectorWriteOptions): Promise<StoredDocument[]>;
  /**
   * Replaces each document's records by the ones given, all documents at once: every record of
   * each `document.id` is deleted and the new ones inserted, in one transaction where the store has
   * them, so a reader sees the old records or the new, never a mix, and a failure changes nothing.
   * Every record must have a vector and its entry's `document`.
   *
   * @throws ValidationError naming the entry and field (`documents[1].records[0].vector`) before any write.
   */
  replaceDocuments(
    documents: readonly DocumentRecords[],
    options?: VectorWriteOptions,
  ): Promise<void>;
  /** The embedding models the store's records name (records stored without one name none). */
  models(options?: VectorWriteOptions): Promise<string[]>;
  /** Releases what the store owns (a pool it created). Later calls reject. */
  close(): Promise<void>;
}

/** A record as stored: with its vector and metadata always set. */
export interface StoredVectorRecord extends VectorRecordFields {
  readonly vector: number[];
}

/** One document's new records, for `replaceDocuments`. */
export interface DocumentRecords {
  /** The document; each record is stored with it as its `document`. */
  readonly document: DocumentRef;
  /**
   * A fingerprint of what the records were made from (the document's text, the chunker's and the
   * enricher's settings, the embedding model): `documents()` returns it, so an ingestion can skip
   * a document that did not change. Non-empty.
   */
  readonly version: string;
  /** The records: each with a vector, a unique id, and no `document` or this one. May be empty. */
  readonly records: readonly VectorRecord[];
}

/** What a store holds of one document (see `VectorStore.documents`). */
export interface StoredDocument {
  readonly id: string;
  /** The version of its last `replaceDocuments`, `undefined` for records written by `upsert`. */
  readonly version: string | undefined;
  /** The embedding model its records name, `undefined` when none does. */
  readonly model: string | undefined;
  /** How many records it has. */
  readonly records: number;
}
