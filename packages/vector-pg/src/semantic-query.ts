import {
  checkMatchModels,
  checkQueryOptions,
  checkVector,
  ValidationError,
  type VectorMatch,
  type VectorQueryOptions,
  vectorNorm,
} from '@aigo/ai';
import { inTransaction, withConnection } from '@aigo/pg';
import type { PoolClient } from 'pg';
import { filterToSql } from './filter-to-sql.js';
import { nearestSql, scoreOfDistance } from './query-sql.js';
import { fieldsOfRow, type RecordRow } from './record-sql.js';
import type { StoreContext } from './store-context.js';
import type { ReadyFacts } from './store-setup.js';
import { toArrayLiteral, toVectorLiteral } from './vector-codec.js';

interface MatchRow extends RecordRow {
  distance?: number;
  score?: number;
}

/**
 * Checks a query's text or vector: a text needs the store's embedder; a vector the store's length.
 *
 * @throws ValidationError naming `query`.
 */
export function checkQueryInput(context: StoreContext, query: unknown): void {
  if (typeof query === 'string') {
    if (context.embedder === undefined) {
      throw new ValidationError(
        'query',
        'is a text but the store has no embedder: pass a vector, or give the store an embedder',
      );
    }
    if (query.trim() === '') throw new ValidationError('query', 'must not be empty');
  } else checkVector(query, context.dimensions, 'query');
}

/**
 * Runs `sql` on one connection: as it is in exact mode; with pgvector inside a transaction that
 * sets `hnsw.ef_search` (at least `efSearch`) and, with a filter, iterative scans for this query only.
 */
export function runVectorSql<T>(
  context: StoreContext,
  facts: ReadyFacts,
  run: (client: PoolClient) => Promise<T>,
  options: {
    readonly filtered: boolean;
    readonly efSearch: number;
    readonly signal: AbortSignal | undefined;
  },
): Promise<T> {
  return withConnection(
    context.pool,
    async (client) => {
      if (facts.mode === 'exact') return run(client);
      const iterative = facts.iterativeScan && options.filtered;
      return inTransaction(
        client,
        () => run(client),
        `BEGIN; SET LOCAL hnsw.ef_search = ${options.efSearch}${iterative ? '; SET LOCAL hnsw.iterative_scan = relaxed_order' : ''}`,
      );
    },
    options.signal,
  );
}

/** `VectorStore.query` of a PostgreSQL store (see `pgVectorStore`). */
export async function queryNearest(
  context: StoreContext,
  query: readonly number[] | string,
  options: VectorQueryOptions | undefined,
): Promise<VectorMatch[]> {
  const checked = checkQueryOptions(options);
  checkQueryInput(context, query);
  const { signal } = checked;
  const facts = await context.ready(signal);
  const vector =
    typeof query === 'string'
      ? ((await context.embed([query], 'query', signal))[0] as number[])
      : query;
  const exact = facts.mode === 'exact';
  const cosineExact = exact && context.metric === 'cosine';
  const filter = filterToSql(checked.filter, cosineExact ? 4 : 3);
  const sql = nearestSql(context.names, facts.mode, context.metric, filter);
  const values = [
    exact ? toArrayLiteral(vector) : toVectorLiteral(vector),
    checked.topK,
    ...(cosineExact ? [vectorNorm(vector)] : []),
    ...filter.values,
  ];
  let rows: MatchRow[];
  try {
    rows = await runVectorSql(
      context,
      facts,
      async (client) => (await client.query<MatchRow>(sql, values)).rows,
      { filtered: filter.sql !== 'TRUE', efSearch: context.settings.efSearch, signal },
    );
  } catch (error) {
    throw context.error(error, 'Querying');
  }
  const matches: VectorMatch[] = rows.map((row) => ({
    ...fieldsOfRow(row),
    score: exact ? Number(row.score) : scoreOfDistance(context.metric, Number(row.distance)),
  }));
  // HNSW returns distance order; ties (and relaxed_order's near-ties) are settled here, by id.
  if (!exact) matches.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const min = checked.minScore;
  const kept = min === undefined ? matches : matches.filter((match) => match.score >= min);
  checkMatchModels(
    kept,
    checked.model ?? (typeof query === 'string' ? context.embedder?.model : undefined),
  );
  return kept;
}
