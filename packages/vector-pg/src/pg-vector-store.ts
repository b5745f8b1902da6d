import {
  checkDocumentRecords,
  checkMatchModels,
  checkQueryOptions,
  checkVector,
  checkVectorIds,
  checkVectorRecords,
  type DocumentRecords,
  type EmbedderSettings,
  MemoryError,
  raceAbort,
  type StoredDocument,
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
import { checkStorable, checkStorableDocuments } from './check-storable.js';
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
import {
  documentsSql,
  fieldsOfRow,
  modelsSql,
  RECORD_COLUMNS,
  type RecordRow,
  type WriteRow,
} from './record-sql.js';
import { type ReadyFacts, setUpStore } from './store-setup.js';
import { type TableNames, tableNames } from './table-sql.js';
import { fromVectorColumn, toArrayLiteral, toVectorLiteral } from './vector-codec.js';
import { writeRows } from './write-rows.js';

interface MatchRow extends RecordRow {
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
    const model = this.#embedder?.model;
    const rows: WriteRow[] = records.map((record) => ({
      record,
      vector: record.vector ?? (vectors.get(record.id) as number[]),
      model: record.vector === undefined ? model : undefined,
      document: record.document,
      version: undefined,
    }));
    throwIfAborted(signal);
    await this.#write(facts, rows, undefined, signal, 'Upserting into');
  }

  async #write(
    facts: ReadyFacts,
    rows: readonly WriteRow[],
    documentIds: readonly string[] | undefined,
    signal: AbortSignal | undefined,
    operation: string,
  ): Promise<void> {
    try {
      await writeRows(this.#handle.pool, this.#names, facts.mode, rows, documentIds, signal);
    } catch (error) {
      throw this.#error(error, operation);
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
    const matches: VectorMatch[] = rows.map((row) => ({
      ...fieldsOfRow(row),
      score: exact ? Number(row.score) : scoreOfDistance(this.metric, Number(row.distance)),
    }));
    // HNSW returns distance order; ties (and relaxed_order's near-ties) are settled here, by id.
    if (!exact)
      matches.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const min = checked.minScore;
    const kept = min === undefined ? matches : matches.filter((match) => match.score >= min);
    checkMatchModels(
      kept,
      checked.model ?? (typeof query === 'string' ? this.#embedder?.model : undefined),
    );
    return kept;
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
    let rows: (RecordRow & { embedding: unknown })[];
    try {
      rows = (
        await raceAbort(
          this.#handle.pool.query<RecordRow & { embedding: unknown }>(
            `SELECT ${RECORD_COLUMNS}, embedding::text AS embedding FROM ${this.label} WHERE id = ANY($1::text[])`,
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
      return [{ ...fieldsOfRow(row), vector: fromVectorColumn(row.embedding) }];
    });
  }

  async deleteDocument(documentId: string, options?: VectorWriteOptions): Promise<number> {
    if (typeof documentId !== 'string' || documentId === '')
      throw new ValidationError('documentId', 'must be a non-empty string');
    const signal = options?.signal;
    await this.#ready(signal);
    try {
      const result = await raceAbort(
        this.#handle.pool.query(`DELETE FROM ${this.label} WHERE document_id = $1`, [documentId]),
        signal,
      );
      return result.rowCount ?? 0;
    } catch (error) {
      throw this.#error(error, 'Deleting a document from');
    }
  }

  async documents(ids: readonly string[], options?: VectorWriteOptions): Promise<StoredDocument[]> {
    checkVectorIds(ids);
    const signal = options?.signal;
    await this.#ready(signal);
    if (ids.length === 0) return [];
    let rows: StoredDocument[];
    try {
      rows = (
        await raceAbort(
          this.#handle.pool.query<{
            id: string;
            version: string | null;
            model: string | null;
            records: number;
          }>(documentsSql(this.#names), [ids]),
          signal,
        )
      ).rows.map((row) => ({
        id: row.id,
        version: row.version ?? undefined,
        model: row.model ?? undefined,
        records: Number(row.records),
      }));
    } catch (error) {
      throw this.#error(error, 'Reading documents from');
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    return [...new Set(ids)].flatMap((id) => {
      const found = byId.get(id);
      return found === undefined ? [] : [found];
    });
  }

  async replaceDocuments(
    documents: readonly DocumentRecords[],
    options?: VectorWriteOptions,
  ): Promise<void> {
    checkDocumentRecords(documents, this.dimensions);
    checkStorableDocuments(documents);
    const signal = options?.signal;
    const facts = await this.#ready(signal);
    if (documents.length === 0) return;
    const rows: WriteRow[] = [];
    for (const { document, version, records } of documents) {
      for (const record of records) {
        rows.push({
          record,
          vector: record.vector as number[],
          model: undefined,
          document,
          version,
        });
      }
    }
    throwIfAborted(signal);
    await this.#write(
      facts,
      rows,
      documents.map((entry) => entry.document.id),
      signal,
      'Replacing documents in',
    );
  }

  async models(options?: VectorWriteOptions): Promise<string[]> {
    const signal = options?.signal;
    await this.#ready(signal);
    try {
      const { rows } = await raceAbort(
        this.#handle.pool.query<{ model: string }>(modelsSql(this.#names)),
        signal,
      );
      return rows.map((row) => row.model).sort();
    } catch (error) {
      throw this.#error(error, 'Reading the models of');
    }
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
