import type { VectorMetric } from '@aigo/ai';
import type { SqlCondition } from './filter-to-sql.js';
import type { PgVectorMode } from './pg-vector-store-options.js';
import { RECORD_COLUMNS } from './record-sql.js';
import { PGVECTOR_METRIC, type TableNames } from './table-sql.js';

/**
 * The nearest-neighbour query. Parameters: `$1` the query vector, `$2` `topK`, `$3` the query's
 * norm (exact cosine only), then the filter's.
 *
 * - `hnsw`: `ORDER BY embedding <op> $1 LIMIT $2`, the form pgvector's index answers; the row's
 *   distance comes back and becomes the score in JavaScript.
 * - `exact`: the score computed for every row that passes the filter — the dot product by
 *   `unnest` of both arrays in order, as `vectorScore` of `@aigo/ai` computes it, so the ranking
 *   equals brute force — ordered by score, then by id in byte order (`COLLATE "C"`).
 */
export function nearestSql(
  names: TableNames,
  mode: PgVectorMode,
  metric: VectorMetric,
  filter: SqlCondition,
): string {
  const where = filter.sql === 'TRUE' ? '' : `WHERE ${filter.sql}`;
  if (mode === 'hnsw') {
    const distance = `embedding ${PGVECTOR_METRIC[metric].operator} $1::vector`;
    return `SELECT ${RECORD_COLUMNS}, ${distance} AS distance FROM ${names.qualified} ${where} ORDER BY ${distance} LIMIT $2`;
  }
  const dot = '(SELECT sum(u.a * u.b) FROM unnest(embedding, $1::float8[]) AS u(a, b))';
  const score =
    metric === 'inner_product'
      ? dot
      : metric === 'cosine'
        ? `CASE WHEN norm = 0 OR $3::float8 = 0 THEN 0::float8 ELSE ${dot} / ($3::float8 * norm) END`
        : '1 / (1 + sqrt((SELECT sum((u.a - u.b) * (u.a - u.b)) FROM unnest($1::float8[], embedding) AS u(a, b))))';
  return `SELECT ${RECORD_COLUMNS}, s.score FROM ${names.qualified} CROSS JOIN LATERAL (SELECT ${score} AS score) AS s ${where} ORDER BY s.score DESC, id COLLATE "C" LIMIT $2`;
}

/** The score of a pgvector distance (see `VectorMetric`). */
export function scoreOfDistance(metric: VectorMetric, distance: number): number {
  if (metric === 'cosine') return 1 - distance;
  if (metric === 'inner_product') return -distance;
  return 1 / (1 + distance);
}
