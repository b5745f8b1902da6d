import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPool, database } from '../../test/support/helpers.js';
import { type PgFaultProxy, startPgFaultProxy } from './pg-fault-proxy.js';
import { withTestSchema } from './vitest.js';

describe(`startPgFaultProxy (${database.kind})`, () => {
  let proxy: PgFaultProxy;
  beforeAll(async () => {
    const target = new URL(database.url);
    proxy = await startPgFaultProxy({ host: target.hostname, port: Number(target.port) });
  });
  afterAll(() => proxy.close());

  function proxiedPool(): pg.Pool {
    const pool = new pg.Pool({ connectionString: proxy.urlFor(database.url), max: 1 });
    pool.on('error', () => undefined);
    return pool;
  }

  async function count(schema: string): Promise<number> {
    const result = await adminPool().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${schema}".t`,
    );
    return result.rows[0]?.n ?? -1;
  }

  it('passes queries through untouched until a cut is armed', async () => {
    const pool = proxiedPool();
    try {
      const result = await pool.query<{ sum: number }>('SELECT $1::int + $2::int AS sum', [2, 3]);
      expect(result.rows).toEqual([{ sum: 5 }]);
      expect(proxy.connections).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('cutAfterNextCommit: the write is committed, the client only sees the connection lost', async () => {
    const schema = await withTestSchema();
    await adminPool().query(`CREATE TABLE "${schema}".t (n int)`);
    const pool = proxiedPool();
    try {
      const cut = proxy.cutAfterNextCommit(/^INSERT/);
      const error = await pool
        .query(`INSERT INTO "${schema}".t VALUES (1)`)
        .catch((caught: unknown) => caught);
      await cut;
      expect((error as Error).message).toMatch(/Connection terminated/);
      expect(await count(schema)).toBe(1);
      // The pool goes on with a new connection.
      await pool.query(`INSERT INTO "${schema}".t VALUES (2)`);
      expect(await count(schema)).toBe(2);
    } finally {
      await pool.end();
    }
  });

  it('cutBeforeNextExecute: the statement never runs', async () => {
    const schema = await withTestSchema();
    await adminPool().query(`CREATE TABLE "${schema}".t (n int)`);
    const pool = proxiedPool();
    try {
      const cut = proxy.cutBeforeNextExecute();
      const error = await pool
        .query(`INSERT INTO "${schema}".t VALUES ($1)`, [1])
        .catch((caught: unknown) => caught);
      await cut;
      expect((error as Error).message).toMatch(/Connection terminated/);
      expect(await count(schema)).toBe(0);
    } finally {
      await pool.end();
    }
  });

  it('cutAll cuts every open connection; close() stops listening', async () => {
    const other = await startPgFaultProxy({
      host: new URL(database.url).hostname,
      port: Number(new URL(database.url).port),
    });
    const client = new pg.Client({ connectionString: other.urlFor(database.url) });
    const lost = new Promise<Error>((resolve) => client.on('error', resolve));
    await client.connect();
    other.cutAll();
    expect((await lost).message).toMatch(/terminated/i);
    await other.close();
    await other.close();
    const late = new pg.Client({ connectionString: other.urlFor(database.url) });
    await expect(late.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await expect(startPgFaultProxy({ host: 1 } as never)).rejects.toMatchObject({
      argument: 'target',
    });
  });
});
