import {
  checkQueryOptions,
  checkVector,
  checkVectorIds,
  checkVectorRecords,
  type EmbedderSettings,
  type JsonObject,
  MemoryError,
  raceAbort,
  type StoredVectorRecord,
  throwIfAborted,
  ValidationError,
  type VectorMatch,
  type VectorMetric,
  type VectorQueryOptions,
  type VectorRecord,
  type VectorWriteOptions,
  vectorNorm,
} from '@aigo/ai';
import {
  inTransaction,
  openPgPool,
  type PgPoolHandle,
  toStoreError,
  withConnection,
} from '@aigo/pg';
import { checkStorable } from './check-storable.js';
import {
  type CheckedStoreOptions,
  checkStoreOptions,
  POOL_SETTINGS,
  poolOptionsOf,
} from './check-store-options.js';
import { filterToSql } from './filter-to-sql.js';
import type {
  PgVectorMode,
  PgVectorStore,
  PgVectorStoreOptions,
} from './pg-vector-store-options.js';
import { nearestSql, scoreOfDistance } from './query-sql.js';
import { type ReadyFacts, setUpStore } from './store-setup.js';
import { type TableNames, tableNames } from './table-sql.js';
import { fromVectorColumn, toArrayLiteral, toVectorLiteral } from './vector-codec.js';

/** Records per INSERT statement of an upsert (all in one transaction). */
const UPSERT_CHUNK = 500;

interface MatchRow {
  id: string;
  text: string | null;
  metadata: JsonObject;
  distance?: number;
  score?: number;
}

class PgVectorStoreImpl implements PgVectorStore {
  readonly dimensions: number;
  readonly metric: VectorMetric;
  readonly label: string;
  readonly #settings: CheckedStoreOptions;
  readonly #names: TableNames;
  readonly #handle: PgPoolHandle;
  readonly #embedder: EmbedderSettings | undefined;
  #readiness: Promise<ReadyFacts> | undefined;

  constructor(options: PgVectorStoreOptions, settings: CheckedStoreOptions) {
    this.#settings = settings;
    this.dimensions = settings.dimensions;
    this.metric = settings.metric;
    this.#names = tableNames(settings.schema, settings.table);
    this.label = this.#names.qualified;
    this.#embedder = options.embedder;
    this.#handle = openPgPool(poolOptionsOf(options), POOL_SETTINGS);
  }

  #error(error: unknown, operation: string): unknown {
    return toStoreError(error, {
      operation: `${operation} ${this.label}`,
      server: this.#handle.server,
    });
  }

  #checkOpen(operation: string): void {
    if (this.#handle.closed)
      throw new MemoryError(`${operation} ${this.label} failed: the vector store is closed`);
  }

  async ready(options?: { readonly signal?: AbortSignal }): Promise<PgVectorMode> {
    return (await this.#ready(options?.signal)).mode;
  }

  #ready(signal: AbortSignal | undefined): Promise<ReadyFacts> {
    this.#checkOpen('Preparing');
    throwIfAborted(signal);
    if (this.#readiness === undefined) {
      const attempt = setUpStore(
        this.#handle.pool,
        this.#names,
        this.#settings,
        this.#handle.server,
        undefined,
      ).catch((error: unknown) => {
        throw ValidationError.isInstance(error) ? error : this.#error(error, 'Preparing');
      });
      this.#readiness = attempt;
      // A failure is tried again by the next call.
      attempt.catch(() => {
        if (this.#readiness === attempt) this.#readiness = undefined;
      });
    }
    return raceAbort(this.#readiness, signal);
  }

  async #embed(
    texts: readonly string[],
    purpose: 'query' | 'document',
    signal: AbortSignal | undefined,
  ): Promise<number[][]> {
    const embedder = this.#embedder as EmbedderSettings;
    const { embeddings } = await embedder.provider.embed(
      {
        model: embedder.model,
        values: texts,
        purpose,
        ...(embedder.dimensions === undefined ? {} : { dimensions: embedder.dimensions }),
      },
      signal === undefined ? {} : { signal },
    );
    embeddings.forEach((vector, index) => {
      checkVector(vector, this.dimensions, `the embedder's vector for text ${index}`);
    });
    return embeddings;
  }

  async upsert(records: readonly VectorRecord[], options?: VectorWriteOptions): Promise<void> {
    checkVectorRecords(records, this.dimensions, this.#embedder !== undefined);
    checkStorable(records);
    const signal = options?.signal;
    const facts = await this.#ready(signal);
    if (records.length === 0) return;
    const missing = records.filter((record) => record.vector === undefined);
    const embedded =
      missing.length === 0
        ? []
        : await this.#embed(
            missing.map((record) => record.text as string),
            'document',
            signal,
          );
    const vectors = new Map(
      missing.map((record, index) => [record.id, embedded[index] as number[]]),
    );
    const rows = records.map((record) => ({
      record,
      vector: record.vector ?? (vectors.get(record.id) as number[]),
    }));
    throwIfAborted(signal);
    const exact = facts.mode === 'exact';
    const sql = exact
      ? `INSERT INTO ${this.label} (id, embedding, norm, text, metadata)
         SELECT r.id, r.embedding::float8[], r.norm, r.text, r.metadata
         FROM unnest($1::text[], $2::text[], $3::float8[], $4::text[], $5::jsonb[]) AS r(id, embedding, norm, text, metadata)
         ON CONFLICT (id) DO UPDATE SET embedding = excluded.embedding, norm = excluded.norm, text = excluded.text,
           metadata = excluded.metadata, updated_at = now()`
      : `INSERT INTO ${this.label} (id, embedding, text, metadata)
         SELECT r.id, r.embedding::vector, r.text, r.metadata
         FROM unnest($1::text[], $2::text[], $3::text[], $4::jsonb[]) AS r(id, embedding, text, metadata)
         ON CONFLICT (id) DO UPDATE SET embedding = excluded.embedding, text = excluded.text,
           metadata = excluded.metadata, updated_at = now()`;
    try {
      await withConnection(
        this.#handle.pool,
        (client) =>
          inTransaction(client, async () => {
            for (let start = 0; start < rows.length; start += UPSERT_CHUNK) {
              const chunk = rows.slice(start, start + UPSERT_CHUNK);
              const ids = chunk.map(({ record }) => record.id);
              const texts = chunk.map(({ record }) => record.text ?? null);
              const metadata = chunk.map(({ record }) => JSON.stringify(record.metadata ?? {}));
              const values = exact
                ? [
                    ids,
                    chunk.map(({ vector }) => toArrayLiteral(vector)),
                    chunk.map(({ vector }) => vectorNorm(vector)),
                    texts,
                    metadata,
                  ]
                : [ids, chunk.map(({ vector }) => toVectorLiteral(vector)), texts, metadata];
              await client.query(sql, values);
            }
          }),
        signal,
      );
    } catch (error) {
      throw this.#error(error, 'Upserting into');
    }
  }

  async query(
    query: readonly number[] | string,
    options?: VectorQueryOptions,
  ): Promise<VectorMatch[]> {
    const checked = checkQueryOptions(options);
    if (typeof query === 'string') {
      if (this.#embedder === undefined) {
        throw new ValidationError(
          'query',
          'is a text but the store has no embedder: pass a vector, or give the store an embedder',
        );
      }
      if (query.trim() === '') throw new ValidationError('query', 'must not be empty');
    } else checkVector(query, this.dimensions, 'query');
    const { signal } = checked;
    const facts = await this.#ready(signal);
    const vector =
      typeof query === 'string'
        ? ((await this.#embed([query], 'query', signal))[0] as number[])
        : query;
    const exact = facts.mode === 'exact';
    const cosineExact = exact && this.metric === 'cosine';
    const filter = filterToSql(checked.filter, cosineExact ? 4 : 3);
    const sql = nearestSql(this.#names, facts.mode, this.metric, filter);
    const values = [
      exact ? toArrayLiteral(vector) : toVectorLiteral(vector),
      checked.topK,
      ...(cosineExact ? [vectorNorm(vector)] : []),
      ...filter.values,
    ];
    let rows: MatchRow[];
    try {
      rows = await withConnection(
        this.#handle.pool,
        async (client) => {
          if (exact) return (await client.query<MatchRow>(sql, values)).rows;
          // ef_search (and, with a filter, iterative scans) for this query only.
          const iterative = facts.iterativeScan && filter.sql !== 'TRUE';
          return inTransaction(
            client,
            async () => (await client.query<MatchRow>(sql, values)).rows,
            `BEGIN; SET LOCAL hnsw.ef_search = ${this.#settings.efSearch}${iterative ? '; SET LOCAL hnsw.iterative_scan = relaxed_order' : ''}`,
          );
        },
        signal,
      );
    } catch (error) {
      throw this.#error(error, 'Querying');
    }
    const matches = rows.map((row) => ({
      id: row.id,
      score: exact ? Number(row.score) : scoreOfDistance(this.metric, Number(row.distance)),
      text: row.text ?? undefined,
      metadata: row.metadata,
    }));
    // HNSW returns distance order; ties (and relaxed_order's near-ties) are settled here, by id.
    if (!exact)
      matches.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const min = checked.minScore;
    return min === undefined ? matches : matches.filter((match) => match.score >= min);
  }

  async delete(ids: readonly string[], options?: VectorWriteOptions): Promise<number> {
    checkVectorIds(ids);
    const signal = options?.signal;
    await this.#ready(signal);
    if (ids.length === 0) return 0;
    try {
      const result = await raceAbort(
        this.#handle.pool.query(`DELETE FROM ${this.label} WHERE id = ANY($1::text[])`, [ids]),
        signal,
      );
      return result.rowCount ?? 0;
    } catch (error) {
      throw this.#error(error, 'Deleting from');
    }
  }

  async get(ids: readonly string[], options?: VectorWriteOptions): Promise<StoredVectorRecord[]> {
    checkVectorIds(ids);
    const signal = options?.signal;
    await this.#ready(signal);
    if (ids.length === 0) return [];
    let rows: { id: string; embedding: unknown; text: string | null; metadata: JsonObject }[];
    try {
      rows = (
        await raceAbort(
          this.#handle.pool.query(
            `SELECT id, embedding::text AS embedding, text, metadata FROM ${this.label} WHERE id = ANY($1::text[])`,
            [ids],
          ),
          signal,
        )
      ).rows;
    } catch (error) {
      throw this.#error(error, 'Reading from');
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (row === undefined) return [];
      byId.delete(id);
      return [
        {
          id,
          vector: fromVectorColumn(row.embedding),
          text: row.text ?? undefined,
          metadata: row.metadata,
        },
      ];
    });
  }

  async count(options?: { readonly signal?: AbortSignal }): Promise<number> {
    const signal = options?.signal;
    await this.#ready(signal);
    try {
      const { rows } = await raceAbort(
        this.#handle.pool.query<{ count: string }>(`SELECT count(*) AS count FROM ${this.label}`),
        signal,
      );
      return Number(rows[0]?.count ?? 0);
    } catch (error) {
      throw this.#error(error, 'Counting');
    }
  }

  close(): Promise<void> {
    return this.#handle.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/**
 * A `VectorStore` on PostgreSQL. With pgvector (`index: 'hnsw'`, or `'auto'` on a server that has
 * it) vectors live in a `vector(n)` column with an HNSW index for the metric; without it
 * (`'exact'`) in `double precision[]` columns, searched exactly. The table (and the extension and
 * index) is created at first use, under `@aigo/pg`'s migration lock.
 *
 * ```ts
 * const store = pgVectorStore({ connectionString: process.env.DATABASE_URL, dimensions: 1536 });
 * await store.upsert([{ id: 'a', vector, text: 'Rome is the capital of Italy', metadata: { lang: 'en' } }]);
 * const matches = await store.query(queryVector, { topK: 5, filter: { lang: 'en' } });
 * await store.close();
 * ```
 *
 * Nothing connects until the first call (or `ready()`).
 *
 * @throws ValidationError naming the option when an option is wrong.
 */
export function pgVectorStore(options: PgVectorStoreOptions): PgVectorStore {
  const settings = checkStoreOptions(options);
  return new PgVectorStoreImpl(options, settings);
}
