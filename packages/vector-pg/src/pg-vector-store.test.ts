// The store's own behaviour beyond the conformance suite: its options, the mode it picks, a table
// that disagrees with the options, text PostgreSQL cannot hold, a closed store, and the pgvector
// migration creating the extension.
import { MemoryError, ValidationError } from '@aigo/ai';
import { uniqueSchemaName } from '@aigo/pg/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteVector, startPgliteVector } from '../test/support/pglite-vector.js';
import { database, dropSchema, freshSchema } from '../test/support/real-database.js';
import { pgVectorStore } from './pg-vector-store.js';

const schemas: string[] = [];
afterAll(async () => {
  for (const schema of schemas) await dropSchema(schema);
});
function schemaForTest(): string {
  const schema = freshSchema();
  schemas.push(schema);
  return schema;
}

describe('pgVectorStore options', () => {
  it.each<[string, object, string]>([
    ['no dimensions', {}, 'options.dimensions'],
    ['dimensions 0', { dimensions: 0 }, 'options.dimensions'],
    ['HNSW over 2,000 dimensions', { dimensions: 3000, index: 'hnsw' }, 'options.dimensions'],
    ['an unknown metric', { dimensions: 3, metric: 'dot' }, 'options.metric'],
    ['an unknown index', { dimensions: 3, index: 'ivf' }, 'options.index'],
    ['hnsw.m out of range', { dimensions: 3, hnsw: { m: 1 } }, 'options.hnsw.m'],
    [
      'efConstruction under 2m',
      { dimensions: 3, hnsw: { m: 16, efConstruction: 20 } },
      'options.hnsw.efConstruction',
    ],
    ['efSearch 0', { dimensions: 3, hnsw: { efSearch: 0 } }, 'options.hnsw.efSearch'],
    ['a schema with a quote', { dimensions: 3, schema: 'a"b' }, 'options.schema'],
    ['a table name too long', { dimensions: 3, tableName: 'x'.repeat(51) }, 'options.tableName'],
    [
      'an embedder without embed',
      { dimensions: 3, embedder: { provider: {}, model: 'm' } },
      'options.embedder.provider',
    ],
    ['migrate not a boolean', { dimensions: 3, migrate: 'yes' }, 'options.migrate'],
  ])('rejects %s', (_label, options, argument) => {
    try {
      pgVectorStore({ connectionString: database.url, ...options } as never);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).argument).toBe(argument);
    }
  });

  it('needs a pool or a connection string', () => {
    expect(() => pgVectorStore({ dimensions: 3 } as never)).toThrow(ValidationError);
  });
});

describe('on the real server (no pgvector)', () => {
  it('auto picks exact search, and hnsw is refused with a clear error', async () => {
    const schema = schemaForTest();
    const auto = pgVectorStore({ connectionString: database.url, dimensions: 3, schema });
    expect(await auto.ready()).toBe('exact');
    await auto.close();
    const hnsw = pgVectorStore({
      connectionString: database.url,
      dimensions: 3,
      schema: schemaForTest(),
      index: 'hnsw',
    });
    await expect(hnsw.ready()).rejects.toMatchObject({ argument: 'options.index' });
    await hnsw.close();
  });

  it('refuses a table of another length, and migrate: false on a missing table', async () => {
    const schema = schemaForTest();
    const three = pgVectorStore({
      connectionString: database.url,
      dimensions: 3,
      schema,
      index: 'exact',
    });
    await three.upsert([{ id: 'a', vector: [1, 2, 3] }]);
    await three.close();
    const four = pgVectorStore({
      connectionString: database.url,
      dimensions: 4,
      schema,
      index: 'exact',
    });
    await expect(four.ready()).rejects.toMatchObject({ argument: 'options.dimensions' });
    await four.close();
    const none = pgVectorStore({
      connectionString: database.url,
      dimensions: 3,
      schema: schemaForTest(),
      migrate: false,
    });
    await expect(none.ready()).rejects.toMatchObject({ argument: 'options.migrate' });
    await none.close();
  });

  it('refuses text PostgreSQL cannot hold before writing anything', async () => {
    const store = pgVectorStore({
      connectionString: database.url,
      dimensions: 2,
      schema: schemaForTest(),
    });
    try {
      for (const [record, argument] of [
        [{ id: 'a\u0000', vector: [1, 2] }, 'records[0].id'],
        [{ id: 'a', vector: [1, 2], text: 'nul \u0000' }, 'records[0].text'],
        [{ id: 'a', vector: [1, 2], metadata: { k: 'nul \u0000' } }, 'records[0].metadata'],
      ] as const) {
        await expect(store.upsert([record])).rejects.toMatchObject({ argument });
      }
      expect(await store.count()).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('keeps hostile ids, texts and metadata keys as data', async () => {
    const store = pgVectorStore({
      connectionString: database.url,
      dimensions: 2,
      schema: schemaForTest(),
    });
    try {
      const id = "x'); DROP TABLE aigo_vectors; --";
      const metadata = { 'k\'"': { 'a.b': "'; SELECT 1 --" } };
      await store.upsert([{ id, vector: [1, 0], text: '😀 \\ "quoted"', metadata }]);
      const [match] = await store.query([1, 0], {
        filter: { 'k\'"': { 'a.b': "'; SELECT 1 --" } },
      });
      expect(match).toMatchObject({ id, text: '😀 \\ "quoted"', metadata });
    } finally {
      await store.close();
    }
  });

  it('fails calls on a closed store with a MemoryError', async () => {
    const store = pgVectorStore({
      connectionString: database.url,
      dimensions: 2,
      schema: schemaForTest(),
    });
    await store.close();
    await expect(store.query([1, 0])).rejects.toBeInstanceOf(MemoryError);
  });

  it('names the server, not the password, when it cannot connect', async () => {
    const store = pgVectorStore({
      connectionString: 'postgres://user:s3cret-password@127.0.0.1:1/db',
      dimensions: 2,
      connectTimeoutMs: 2000,
    });
    const error = await store.query([1, 0]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemoryError);
    expect(String((error as Error).message)).toContain('127.0.0.1:1');
    expect(JSON.stringify(error)).not.toContain('s3cret-password');
    expect(String((error as Error).message)).not.toContain('s3cret-password');
    await store.close();
  });

  it('uses a caller pool and leaves it open', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const store = pgVectorStore({ pool, dimensions: 2, schema: schemaForTest() });
    await store.upsert([{ id: 'a', vector: [0, 1] }]);
    await store.close();
    expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
    await pool.end();
  });
});

describe('on PGlite with pgvector', () => {
  let server: PgliteVector;
  beforeAll(async () => {
    server = await startPgliteVector();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('auto picks hnsw; the migration creates the extension and the index of the metric', async () => {
    const schema = uniqueSchemaName('p');
    const store = pgVectorStore({
      connectionString: server.url,
      poolSize: 1,
      dimensions: 3,
      schema,
      metric: 'inner_product',
    });
    try {
      expect(await store.ready()).toBe('hnsw');
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const extension = await client.query(
          "SELECT extversion FROM pg_extension WHERE extname = 'vector'",
        );
        expect(extension.rows[0]?.extversion).toMatch(/^0\.8\./);
        const index = await client.query(
          'SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = $2',
          [schema, 'aigo_vectors_hnsw_ip'],
        );
        expect(index.rows[0]?.indexdef).toContain('USING hnsw (embedding vector_ip_ops)');
      } finally {
        await client.end();
      }
    } finally {
      await store.close();
    }
  });

  it('refuses exact search on a table made for hnsw', async () => {
    const schema = uniqueSchemaName('p');
    const store = pgVectorStore({
      connectionString: server.url,
      poolSize: 1,
      dimensions: 3,
      schema,
      index: 'hnsw',
    });
    await store.ready();
    await store.close();
    const exact = pgVectorStore({
      connectionString: server.url,
      poolSize: 1,
      dimensions: 3,
      schema,
      index: 'exact',
    });
    await expect(exact.ready()).rejects.toMatchObject({ argument: 'options.index' });
    await exact.close();
  });
});
