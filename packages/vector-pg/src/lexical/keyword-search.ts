import {
  checkCount,
  checkFusion,
  checkLexicalSearch,
  checkMatchModels,
  checkQueryOptions,
  DEFAULT_TOP_K,
  type HybridMatch,
  type HybridQuery,
  type HybridSearchOptions,
  type HybridSearchResult,
  type LexicalMatch,
  type LexicalSearchOptions,
  raceAbort,
  ValidationError,
  vectorNorm,
} from '@aigo/ai';
import type { CheckedStoreOptions } from '../check-store-options.js';
import { filterToSql } from '../filter-to-sql.js';
import { fieldsOfRow, type RecordRow } from '../record-sql.js';
import { checkQueryInput, runVectorSql } from '../semantic-query.js';
import type { StoreContext } from '../store-context.js';
import { toArrayLiteral, toVectorLiteral } from '../vector-codec.js';
import { hybridParameters, hybridSql } from './hybrid-sql.js';
import { lexicalSearchSql } from './keyword-sql.js';

type Lexical = NonNullable<CheckedStoreOptions['lexical']>;

/** The store's keyword settings, or the error of a store made without them. */
function lexicalOf(context: StoreContext, operation: string): Lexical {
  const lexical = context.settings.lexical;
  if (lexical === undefined) {
    throw new ValidationError(
      'options.lexical',
      `is not set: ${operation} needs a keyword index (pgVectorStore({ …, lexical: { language: 'english' } }))`,
    );
  }
  return lexical;
}

/** `LexicalIndex.search` of a PostgreSQL store: `ts_rank_cd` over the `tsvector` column. */
export async function searchKeywords(
  context: StoreContext,
  query: string,
  options: LexicalSearchOptions | undefined,
): Promise<LexicalMatch[]> {
  const checked = checkLexicalSearch(query, options);
  const lexical = lexicalOf(context, 'search');
  const { signal } = checked;
  await context.ready(signal);
  const filter = filterToSql(checked.filter, 3);
  const sql = lexicalSearchSql(context.names, lexical.language, lexical.match, filter);
  let rows: (RecordRow & { score: number })[];
  try {
    rows = (
      await raceAbort(
        context.pool.query<RecordRow & { score: number }>(sql, [
          query,
          checked.k,
          ...filter.values,
        ]),
        signal,
      )
    ).rows;
  } catch (error) {
    throw context.error(error, 'Searching');
  }
  return rows.map((row) => ({
    ...fieldsOfRow(row),
    text: row.text ?? '',
    score: Number(row.score),
  }));
}

interface HybridRow extends RecordRow {
  semantic_score: number | null;
  semantic_rank: string | null;
  lexical_score: number | null;
  lexical_rank: string | null;
  fused: number;
  semantic_count: string;
  lexical_count: string;
}

/** A row of the hybrid statement as a match: both sides' scores and ranks where it had them. */
function matchOfRow(row: HybridRow): HybridMatch {
  const fused = Number(row.fused);
  const semantic = row.semantic_score === null ? undefined : Number(row.semantic_score);
  const lexical = row.lexical_score === null ? undefined : Number(row.lexical_score);
  return {
    ...fieldsOfRow(row),
    score: fused,
    scores: {
      ...(semantic === undefined ? {} : { semantic }),
      ...(lexical === undefined ? {} : { lexical }),
      fused,
    },
    ranks: {
      ...(row.semantic_rank === null ? {} : { semantic: Number(row.semantic_rank) }),
      ...(row.lexical_rank === null ? {} : { lexical: Number(row.lexical_rank) }),
    },
  };
}

/**
 * `HybridSearch.hybridSearch` of a PostgreSQL store: both candidate lists and their fusion in one
 * statement (see `hybridSql`).
 */
export async function searchHybrid(
  context: StoreContext,
  query: HybridQuery,
  options: HybridSearchOptions | undefined,
): Promise<HybridSearchResult> {
  if (query === null || typeof query !== 'object')
    throw new ValidationError('query', 'must be { text, vector? }');
  if (typeof query.text !== 'string' || query.text.trim() === '')
    throw new ValidationError('query.text', 'must be a non-empty string');
  if (query.vector !== undefined) checkQueryInput(context, query.vector);
  else if (context.embedder === undefined)
    throw new ValidationError(
      'query.vector',
      'is required: the store has no embedder to embed query.text with',
    );
  const k = checkCount(options?.k, 'options.k', DEFAULT_TOP_K);
  const candidates = checkCount(options?.candidates, 'options.candidates', Math.max(20, 4 * k));
  const fusion = checkFusion(options?.fusion);
  const checked = checkQueryOptions({
    ...(options?.filter === undefined ? {} : { filter: options.filter }),
    ...(options?.model === undefined ? {} : { model: options.model }),
    ...(options?.signal === undefined ? {} : { signal: options.signal }),
  });
  const lexical = lexicalOf(context, 'hybridSearch');
  const { signal } = checked;
  const facts = await context.ready(signal);
  const vector =
    query.vector ?? ((await context.embed([query.text], 'query', signal))[0] as number[]);
  const exact = facts.mode === 'exact';
  const parameters = hybridParameters(facts.mode, context.metric, fusion);
  const filter = filterToSql(checked.filter, parameters.firstFilterParameter);
  const sql = hybridSql(
    context.names,
    facts.mode,
    context.metric,
    lexical,
    fusion,
    parameters,
    filter,
  );
  const values = [
    exact ? toArrayLiteral(vector) : toVectorLiteral(vector),
    query.text,
    candidates,
    k,
    ...(fusion.type === 'rrf' ? [fusion.k] : [fusion.semantic, fusion.lexical]),
    ...(parameters.norm === undefined ? [] : [vectorNorm(vector)]),
    ...filter.values,
  ];
  let rows: HybridRow[];
  try {
    rows = await runVectorSql(
      context,
      facts,
      async (client) => (await client.query<HybridRow>(sql, values)).rows,
      {
        filtered: filter.sql !== 'TRUE',
        efSearch: Math.max(context.settings.efSearch, candidates),
        signal,
      },
    );
  } catch (error) {
    throw context.error(error, 'Searching');
  }
  const matches = rows.map(matchOfRow);
  checkMatchModels(
    matches.filter((match) => match.ranks.semantic !== undefined),
    checked.model ?? (query.vector === undefined ? context.embedder?.model : undefined),
  );
  const first = rows[0];
  return {
    matches,
    candidates: {
      semantic: first === undefined ? 0 : Number(first.semantic_count),
      lexical: first === undefined ? 0 : Number(first.lexical_count),
    },
  };
}
