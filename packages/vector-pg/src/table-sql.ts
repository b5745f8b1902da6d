import type { VectorMetric } from '@aigo/ai';
import type { Migration } from '@aigo/pg';
import { qualifiedName, quoteIdentifier } from '@aigo/pg';
import type { PgVectorMode } from './pg-vector-store-options.js';

/** The names a store's SQL uses. */
export interface TableNames {
  readonly schema: string;
  readonly table: string;
  /** `"schema"."table"`. */
  readonly qualified: string;
}

/** The names of `table` in `schema`. */
export function tableNames(schema: string, table: string): TableNames {
  return { schema, table, qualified: qualifiedName(schema, table) };
}

/** pgvector's distance operator and HNSW operator class of each metric. */
export const PGVECTOR_METRIC: Readonly<
  Record<VectorMetric, { readonly operator: string; readonly opclass: string }>
> = {
  cosine: { operator: '<=>', opclass: 'vector_cosine_ops' },
  inner_product: { operator: '<#>', opclass: 'vector_ip_ops' },
  l2: { operator: '<->', opclass: 'vector_l2_ops' },
};

/**
 * The table's steps. `hnsw`: `CREATE EXTENSION IF NOT EXISTS vector`, then a `vector(n)` column;
 * `exact`: a `double precision[]` column with its length checked, and the vector's norm kept beside
 * it (cosine needs it per row). Both: `id text` key, `text`, `metadata jsonb` (a GIN index for the
 * containment of filters), the chunk's document (`document_id`, indexed, `document_title`,
 * `document_source`), `chunk_position`, `context`, `embedding_model` (indexed: `models()` reads its
 * distinct values), `document_version`, `updated_at`.
 */
export function tableMigrations(
  names: TableNames,
  mode: PgVectorMode,
  dimensions: number,
): Migration[] {
  const embedding =
    mode === 'hnsw'
      ? `embedding vector(${dimensions}) NOT NULL`
      : `embedding double precision[] NOT NULL CHECK (cardinality(embedding) = ${dimensions}), norm double precision NOT NULL`;
  const extension = mode === 'hnsw' ? 'CREATE EXTENSION IF NOT EXISTS vector;\n' : '';
  return [
    {
      version: 1,
      name: `vectors table (${mode}, ${dimensions} dimensions)`,
      up: `${extension}CREATE TABLE IF NOT EXISTS ${names.qualified} (
  id text PRIMARY KEY,
  ${embedding},
  text text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  document_id text,
  document_title text,
  document_source text,
  chunk_position integer,
  context text,
  embedding_model text,
  document_version text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS ${quoteIdentifier(`${names.table}_metadata`)} ON ${names.qualified} USING gin (metadata jsonb_path_ops);
CREATE INDEX IF NOT EXISTS ${quoteIdentifier(`${names.table}_document`)} ON ${names.qualified} (document_id);
CREATE INDEX IF NOT EXISTS ${quoteIdentifier(`${names.table}_model`)} ON ${names.qualified} (embedding_model);`,
    },
  ];
}

/** The HNSW index step of one metric (its own component: stores of several metrics may share a table). */
export function hnswMigrations(
  names: TableNames,
  metric: VectorMetric,
  m: number,
  efConstruction: number,
): Migration[] {
  const index = quoteIdentifier(
    `${names.table}_hnsw_${metric === 'inner_product' ? 'ip' : metric}`,
  );
  return [
    {
      version: 1,
      name: `HNSW index (${metric}, m ${m}, ef_construction ${efConstruction})`,
      up: `CREATE INDEX IF NOT EXISTS ${index} ON ${names.qualified} USING hnsw (embedding ${PGVECTOR_METRIC[metric].opclass}) WITH (m = ${m}, ef_construction = ${efConstruction})`,
    },
  ];
}
