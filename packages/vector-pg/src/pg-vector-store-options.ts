import type {
  EmbedderSettings,
  HybridSearch,
  LexicalIndex,
  LexicalMatchMode,
  VectorMetric,
  VectorRecord,
  VectorStore,
  VectorWriteOptions,
} from '@aigo/ai';
import type { PgPoolOptions } from '@aigo/pg';

/**
 * How the store searches:
 * - `'hnsw'`: pgvector's `vector(n)` column with an HNSW index for the metric (approximate, fast);
 *   the migration runs `CREATE EXTENSION IF NOT EXISTS vector`.
 * - `'exact'`: plain `double precision[]` columns and an exact scan in SQL — no extension needed,
 *   every row scored; right for small tables or servers without pgvector.
 * - `'auto'` (default): `'hnsw'` when the server has pgvector (installed or available to install),
 *   else `'exact'`.
 */
export type PgVectorIndex = 'hnsw' | 'exact' | 'auto';

/** pgvector's HNSW settings. */
export interface PgHnswOptions {
  /** Links per node (`m`), 2–100. Default 16 (pgvector's). */
  readonly m?: number;
  /** Candidates kept while building (`ef_construction`), at least `2 * m`, at most 1000. Default 64. */
  readonly efConstruction?: number;
  /**
   * Candidates kept while searching (`hnsw.ef_search`, set per query), 1–1000: more is slower and
   * closer to exact. Default 100 (pgvector's own default, 40, misses more neighbours).
   */
  readonly efSearch?: number;
}

/** The keyword index of a store: a `tsvector` column of the table, under a GIN index. */
export interface PgLexicalOptions {
  /**
   * The text search configuration (`english`, `italian`, `simple`, … — `pg_ts_config` of the
   * server): how words are split, stemmed and which are stop words, for the column and the queries.
   */
  readonly language: string;
  /**
   * How a query matches (see `LexicalMatchMode`). Default `'all'`: `websearch_to_tsquery` as it reads
   * the query (every word, `"quoted phrases"`, `or`, `-word`), which the GIN index answers in
   * milliseconds at any size. `'any'`: a chunk holding any of the words (phrases kept, `-word`
   * ignored) — finds more for questions, but ranks every chunk holding a common word, which costs
   * tens of milliseconds per 10,000 such chunks.
   */
  readonly match?: LexicalMatchMode;
}

/** Options of {@link pgVectorStore}: where the pool comes from (see `PgPoolOptions`) and the table. */
export interface PgVectorStoreOptions extends PgPoolOptions {
  /** The vector length of every record and query (at most 2,000 with `'hnsw'`, pgvector's limit for an index). */
  readonly dimensions: number;
  /** How closeness is measured (see `VectorMetric`). Default `'cosine'`. */
  readonly metric?: VectorMetric;
  /** Which search: see {@link PgVectorIndex}. Default `'auto'`. */
  readonly index?: PgVectorIndex;
  /** HNSW settings (with `'hnsw'`). */
  readonly hnsw?: PgHnswOptions;
  /** The schema holding the table; created when missing. Default `public`. */
  readonly schema?: string;
  /** The table. Default `aigo_vectors`. */
  readonly tableName?: string;
  /**
   * Embeds records given without a vector (as documents) and text queries (as queries). Without it,
   * records need vectors and queries must be vectors.
   */
  readonly embedder?: EmbedderSettings;
  /** Create or upgrade the table at first use (default `true`); `false` only checks it exists. */
  readonly migrate?: boolean;
  /**
   * Adds a keyword index to the table: a generated `tsvector` column (the record's context and
   * text, the context weighted lower) with a GIN index, searched by `search` and fused with the
   * vectors by `hybridSearch`. Without it both reject.
   */
  readonly lexical?: PgLexicalOptions;
}

/** The search a store settled on, once it is ready. */
export type PgVectorMode = 'hnsw' | 'exact';

/**
 * A vector store on PostgreSQL, from {@link pgVectorStore}; with `lexical`, a keyword index of the
 * same rows (`search`) and a hybrid search of both in one statement (`hybridSearch`).
 */
export interface PgVectorStore extends VectorStore, LexicalIndex, HybridSearch {
  /**
   * Inserts the records, replacing those whose id exists, all or none (see `VectorStore.upsert`).
   * As a `LexicalIndex`, the same write: records need a vector, or a text and a store embedder.
   */
  upsert(records: readonly VectorRecord[], options?: VectorWriteOptions): Promise<void>;
  /** `"schema"."table"`. */
  readonly label: string;
  /**
   * Connects, picks the mode (for `'auto'`), and creates or checks the table and index. Every call
   * does it first; call it to fail early. Resolves to the mode in use.
   */
  ready(options?: { readonly signal?: AbortSignal }): Promise<PgVectorMode>;
  /** The rows of the table. */
  count(options?: { readonly signal?: AbortSignal }): Promise<number>;
}
