import type { EmbedderSettings, VectorMetric, VectorStore } from '@aigo/ai';
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
}

/** The search a store settled on, once it is ready. */
export type PgVectorMode = 'hnsw' | 'exact';

/** A vector store on PostgreSQL, from {@link pgVectorStore}. */
export interface PgVectorStore extends VectorStore {
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
