import type { DocumentRef, JsonObject, VectorRecord, VectorRecordFields } from '@aigo/ai';
import { vectorNorm } from '@aigo/ai';
import type { PgVectorMode } from './pg-vector-store-options.js';
import type { TableNames } from './table-sql.js';
import { toArrayLiteral, toVectorLiteral } from './vector-codec.js';

/** The columns a match or a read record selects besides the vector. */
export const RECORD_COLUMNS =
  'id, text, metadata, document_id, document_title, document_source, chunk_position, context, embedding_model';

/** A row of {@link RECORD_COLUMNS}. */
export interface RecordRow {
  id: string;
  text: string | null;
  metadata: JsonObject;
  document_id: string | null;
  document_title: string | null;
  document_source: string | null;
  chunk_position: number | null;
  context: string | null;
  embedding_model: string | null;
}

/** The record fields of a row, the optional ones only when set. */
export function fieldsOfRow(row: RecordRow): VectorRecordFields {
  const document: DocumentRef | undefined =
    row.document_id === null
      ? undefined
      : {
          id: row.document_id,
          ...(row.document_title === null ? {} : { title: row.document_title }),
          ...(row.document_source === null ? {} : { source: row.document_source }),
        };
  return {
    id: row.id,
    text: row.text ?? undefined,
    metadata: row.metadata,
    ...(document === undefined ? {} : { document }),
    ...(row.chunk_position === null ? {} : { position: row.chunk_position }),
    ...(row.context === null ? {} : { context: row.context }),
    ...(row.embedding_model === null ? {} : { model: row.embedding_model }),
  };
}

/** One record to write, with its vector settled and what the record does not say itself. */
export interface WriteRow {
  readonly record: VectorRecord;
  readonly vector: readonly number[];
  /** The embedding model when the record names none (the store's embedder made the vector). */
  readonly model: string | undefined;
  readonly document: DocumentRef | undefined;
  readonly version: string | undefined;
}

const WRITTEN = [
  'text',
  'metadata',
  'document_id',
  'document_title',
  'document_source',
  'chunk_position',
  'context',
  'embedding_model',
  'document_version',
];

/**
 * The INSERT of a batch of records from parallel arrays (`unnest`), replacing every column of a
 * record whose id exists. Parameters: see {@link insertValues}.
 */
export function insertSql(names: TableNames, mode: PgVectorMode): string {
  const exact = mode === 'exact';
  const vectorColumns = exact ? ['embedding', 'norm'] : ['embedding'];
  const columns = ['id', ...vectorColumns, ...WRITTEN];
  const types = [
    'text',
    'text',
    ...(exact ? ['float8'] : []),
    'text',
    'jsonb',
    'text',
    'text',
    'text',
    'int4',
    'text',
    'text',
    'text',
  ];
  const parameters = types.map((type, index) => `$${index + 1}::${type}[]`).join(', ');
  const selected = columns
    .map((column) =>
      column === 'embedding' ? `r.embedding::${exact ? 'float8[]' : 'vector'}` : `r.${column}`,
    )
    .join(', ');
  const updates = columns
    .slice(1)
    .map((column) => `${column} = excluded.${column}`)
    .join(', ');
  return `INSERT INTO ${names.qualified} (${columns.join(', ')})
SELECT ${selected} FROM unnest(${parameters}) AS r(${columns.join(', ')})
ON CONFLICT (id) DO UPDATE SET ${updates}, updated_at = now()`;
}

/** The parameters of {@link insertSql} for `rows`: one array per column. */
export function insertValues(rows: readonly WriteRow[], mode: PgVectorMode): unknown[] {
  const exact = mode === 'exact';
  const ids: string[] = [];
  const vectors: string[] = [];
  const norms: number[] = [];
  const texts: (string | null)[] = [];
  const metadata: string[] = [];
  const documentIds: (string | null)[] = [];
  const titles: (string | null)[] = [];
  const sources: (string | null)[] = [];
  const positions: (number | null)[] = [];
  const contexts: (string | null)[] = [];
  const models: (string | null)[] = [];
  const versions: (string | null)[] = [];
  for (const { record, vector, model, document, version } of rows) {
    ids.push(record.id);
    vectors.push(exact ? toArrayLiteral(vector) : toVectorLiteral(vector));
    if (exact) norms.push(vectorNorm(vector));
    texts.push(record.text ?? null);
    metadata.push(JSON.stringify(record.metadata ?? {}));
    documentIds.push(document?.id ?? null);
    titles.push(document?.title ?? null);
    sources.push(document?.source ?? null);
    positions.push(record.position ?? null);
    contexts.push(record.context ?? null);
    models.push(record.model ?? model ?? null);
    versions.push(version ?? null);
  }
  return [
    ids,
    vectors,
    ...(exact ? [norms] : []),
    texts,
    metadata,
    documentIds,
    titles,
    sources,
    positions,
    contexts,
    models,
    versions,
  ];
}

/** What `documents()` reads: per document, its version and model when all its records agree. */
export function documentsSql(names: TableNames): string {
  const agreed = (column: string) =>
    `CASE WHEN count(${column}) = count(*) AND min(${column}) = max(${column}) THEN min(${column}) END`;
  return `SELECT document_id AS id, ${agreed('document_version')} AS version, ${agreed('embedding_model')} AS model,
  count(*)::int AS records
FROM ${names.qualified} WHERE document_id = ANY($1::text[]) GROUP BY document_id`;
}

/**
 * The distinct embedding models, by a loose scan of the `embedding_model` index (one index probe
 * per model, whatever the table's size).
 */
export function modelsSql(names: TableNames): string {
  const table = names.qualified;
  return `WITH RECURSIVE m(model) AS (
  (SELECT embedding_model FROM ${table} WHERE embedding_model IS NOT NULL ORDER BY embedding_model LIMIT 1)
  UNION ALL
  SELECT (SELECT embedding_model FROM ${table} WHERE embedding_model > m.model ORDER BY embedding_model LIMIT 1)
  FROM m WHERE m.model IS NOT NULL
)
SELECT model FROM m WHERE model IS NOT NULL`;
}
