/**
 * `@aigo/vector-pg` — a `VectorStore` on PostgreSQL: pgvector with an HNSW index (cosine, inner
 * product, L2), or exact search on plain arrays where the server has no pgvector; JSON metadata
 * filters, migrations under `@aigo/pg`'s lock, typed errors.
 *
 * @packageDocumentation
 */

export { MAX_DIMENSIONS, MAX_HNSW_DIMENSIONS } from './check-store-options.js';
export { pgVectorStore } from './pg-vector-store.js';
export type {
  PgHnswOptions,
  PgLexicalOptions,
  PgVectorIndex,
  PgVectorMode,
  PgVectorStore,
  PgVectorStoreOptions,
} from './pg-vector-store-options.js';
