import type { CheckedFusion, LexicalMatchMode, VectorMetric } from '@aigo/ai';
import type { SqlCondition } from '../filter-to-sql.js';
import type { PgVectorMode } from '../pg-vector-store-options.js';
import { RECORD_COLUMNS } from '../record-sql.js';
import { PGVECTOR_METRIC, type TableNames } from '../table-sql.js';
import { LEXICAL_SCORE, tsqueryExpression } from './keyword-sql.js';

/** Where the parameters of a hybrid statement are. */
export interface HybridParameters {
  /** The RRF `k`, or the semantic and lexical weights. */
  readonly fusion: readonly string[];
  /** The query vector's norm (exact cosine only). */
  readonly norm: string | undefined;
  /** The number of the filter's first parameter. */
  readonly firstFilterParameter: number;
}

/**
 * The parameter numbers of a hybrid statement: `$1` the query vector, `$2` the query text, `$3` the
 * candidates of each side, `$4` `k`, then the fusion's (RRF `k`, or the two weights), then the
 * exact cosine norm, then the filter's.
 */
export function hybridParameters(
  mode: PgVectorMode,
  metric: VectorMetric,
  fusion: CheckedFusion,
): HybridParameters {
  const fusionParameters = fusion.type === 'rrf' ? ['$5::float8'] : ['$5::float8', '$6::float8'];
  let next = 5 + fusionParameters.length;
  const norm = mode === 'exact' && metric === 'cosine' ? `$${next++}::float8` : undefined;
  return { fusion: fusionParameters, norm, firstFilterParameter: next };
}

/** The semantic side's candidates: `id` and `score` (higher is closer), best `$3` first. */
function semanticCandidates(
  names: TableNames,
  mode: PgVectorMode,
  metric: VectorMetric,
  where: string,
  norm: string | undefined,
): string {
  if (mode === 'hnsw') {
    const distance = `embedding ${PGVECTOR_METRIC[metric].operator} $1::vector`;
    const score =
      metric === 'cosine'
        ? `1 - (${distance})`
        : metric === 'inner_product'
          ? `-(${distance})`
          : `1 / (1 + (${distance}))`;
    return `SELECT id, ${score} AS score FROM ${names.qualified} ${where} ORDER BY ${distance} LIMIT $3`;
  }
  const dot = '(SELECT sum(u.a * u.b) FROM unnest(embedding, $1::float8[]) AS u(a, b))';
  const score =
    metric === 'inner_product'
      ? dot
      : metric === 'cosine'
        ? `CASE WHEN norm = 0 OR ${norm} = 0 THEN 0::float8 ELSE ${dot} / (${norm} * norm) END`
        : '1 / (1 + sqrt((SELECT sum((u.a - u.b) * (u.a - u.b)) FROM unnest($1::float8[], embedding) AS u(a, b))))';
  return `SELECT id, s.score FROM ${names.qualified} CROSS JOIN LATERAL (SELECT ${score} AS score) AS s ${where} ORDER BY s.score DESC, id COLLATE "C" LIMIT $3`;
}

/**
 * A side's scaled score (see `fuseRankings`): `(score − lo) / (hi − lo)`, 1 when all are equal, NULL
 * for a record the side did not rank.
 */
function scaledScore(alias: string): string {
  return `CASE WHEN ${alias}.id IS NULL THEN NULL WHEN ${alias}.hi > ${alias}.lo THEN (${alias}.score - ${alias}.lo) / (${alias}.hi - ${alias}.lo) ELSE 1::float8 END`;
}

/**
 * Both candidate lists and their fusion in one statement, with the semantics of `fuseRankings` of
 * `@aigo/ai`: each side's best `$3` rows under the filter (ranked by score, ties by id), joined on
 * id, fused (RRF over the ranks, or weights over the scaled scores), the best `$4` by the fused
 * score, ties by semantic rank, lexical rank, id. Each row carries both sides' scores and ranks and
 * the count of each side's candidates.
 */
export function hybridSql(
  names: TableNames,
  mode: PgVectorMode,
  metric: VectorMetric,
  lexical: { readonly language: string; readonly match: LexicalMatchMode },
  fusion: CheckedFusion,
  parameters: HybridParameters,
  filter: SqlCondition,
): string {
  const where = filter.sql === 'TRUE' ? '' : `WHERE ${filter.sql}`;
  const andFilter = filter.sql === 'TRUE' ? '' : ` AND ${filter.sql}`;
  const window = (order: string) =>
    `row_number() OVER (ORDER BY ${order}) AS rank, min(score) OVER () AS lo, max(score) OVER () AS hi`;
  const [first, second] = parameters.fusion;
  const fused =
    fusion.type === 'rrf'
      ? `coalesce(1 / (${first} + s.rank), 0) + coalesce(1 / (${first} + l.rank), 0)`
      : `coalesce(${first} * ${scaledScore('s')}, 0) + coalesce(${second} * ${scaledScore('l')}, 0)`;
  const columns = RECORD_COLUMNS.split(', ')
    .map((column) => `t.${column}`)
    .join(', ');
  return `WITH semantic AS (
  SELECT id, score, ${window('score DESC, id COLLATE "C"')}
  FROM (${semanticCandidates(names, mode, metric, where, parameters.norm)}) AS c
), lexical AS (
  SELECT id, score, ${window('score DESC, id COLLATE "C"')}
  FROM (SELECT id, ${LEXICAL_SCORE} AS score
        FROM ${names.qualified}, (SELECT ${tsqueryExpression(lexical.language, lexical.match, '$2')} AS query) AS q
        WHERE lexical @@ q.query${andFilter}
        ORDER BY score DESC, id COLLATE "C" LIMIT $3) AS c
), fused AS (
  SELECT coalesce(s.id, l.id) AS id, s.score AS semantic_score, s.rank AS semantic_rank,
    l.score AS lexical_score, l.rank AS lexical_rank, ${fused} AS fused
  FROM semantic AS s FULL JOIN lexical AS l ON l.id = s.id
)
SELECT ${columns}, f.semantic_score, f.semantic_rank, f.lexical_score, f.lexical_rank, f.fused,
  (SELECT count(*) FROM semantic) AS semantic_count, (SELECT count(*) FROM lexical) AS lexical_count
FROM fused AS f JOIN ${names.qualified} AS t ON t.id = f.id
ORDER BY f.fused DESC, f.semantic_rank NULLS LAST, f.lexical_rank NULLS LAST, f.id COLLATE "C"
LIMIT $4`;
}
