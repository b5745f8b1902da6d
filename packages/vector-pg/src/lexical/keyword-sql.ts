import type { LexicalMatchMode } from '@aigo/ai';
import type { SqlCondition } from '../filter-to-sql.js';
import { RECORD_COLUMNS } from '../record-sql.js';
import type { TableNames } from '../table-sql.js';

/**
 * The `tsquery` of the query text in `parameter`: `websearch_to_tsquery` in the store's language;
 * with `any`, its words ORed (`querytree` drops the `-word` parts, phrases stay). A query with
 * nothing to look for (stop words only, or only `-word`s) is NULL, which matches no row.
 * `language` is a checked configuration name, spliced as a constant so the planner folds the
 * expression and the GIN index answers it.
 */
export function tsqueryExpression(
  language: string,
  match: LexicalMatchMode,
  parameter: string,
): string {
  const parsed = `websearch_to_tsquery('${language}'::regconfig, ${parameter}::text)`;
  const tree = `querytree(${parsed})`;
  const found = match === 'all' ? parsed : `replace(${tree}, ' & ', ' | ')::tsquery`;
  return `CASE WHEN ${tree} IN ('', 'T') THEN NULL::tsquery ELSE ${found} END`;
}

/**
 * The score of a row for the query `q.query`: `ts_rank_cd` (cover density), as `float8` so that the
 * value JavaScript reads is the one SQL fuses with.
 */
export const LEXICAL_SCORE = 'ts_rank_cd(lexical, q.query)::float8';

/**
 * The keyword search. Parameters: `$1` the query text, `$2` `k`, then the filter's. The best `k`
 * rows by score, ties by id in byte order.
 */
export function lexicalSearchSql(
  names: TableNames,
  language: string,
  match: LexicalMatchMode,
  filter: SqlCondition,
): string {
  const where = filter.sql === 'TRUE' ? '' : ` AND ${filter.sql}`;
  return `SELECT ${RECORD_COLUMNS}, ${LEXICAL_SCORE} AS score
FROM ${names.qualified}, (SELECT ${tsqueryExpression(language, match, '$1')} AS query) AS q
WHERE lexical @@ q.query${where}
ORDER BY score DESC, id COLLATE "C" LIMIT $2`;
}
