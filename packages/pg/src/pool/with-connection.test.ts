import { AbortError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { adminPool, database, noBackendsOf, testPool, until } from '../../test/support/helpers.js';
import { withTestSchema } from '../testing/vitest.js';
import { inTransaction } from './in-transaction.js';
import { withConnection } from './with-connection.js';

async function backendPid(client: { query: (sql: string) => Promise<{ rows: unknown[] }> }) {
  const result = await client.query('SELECT pg_backend_pid() AS pid');
  return (result.rows[0] as { pid: number }).pid;
}

describe(`withConnection and inTransaction (${database.kind})`, () => {
  it('gives a connection back after work that succeeds (the next call gets the same backend)', async () => {
    const pool = testPool(`aigo-pg-reuse-${process.pid}`, 1);
    try {
      const first = await withConnection(pool, backendPid);
      const second = await withConnection(pool, backendPid);
      expect(second).toBe(first);
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it('destroys the connection of work that failed, and rolls its transaction back', async () => {
    const pool = testPool(`aigo-pg-failed-${process.pid}`, 1);
    const schema = await withTestSchema();
    await adminPool().query(`CREATE TABLE "${schema}".tx (id int)`);
    try {
      let pid = 0;
      const error = await withConnection(pool, async (client) => {
        pid = await backendPid(client);
        await inTransaction(client, async () => {
          await client.query(`INSERT INTO "${schema}".tx VALUES (1)`);
          throw new Error('step failed');
        });
      }).catch((caught: unknown) => caught);
      expect((error as Error).message).toBe('step failed');
      expect(pool.totalCount).toBe(0);
      await until(async () => {
        const open = await adminPool().query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [
          pid,
        ]);
        return open.rowCount === 0 ? true : undefined;
      }, 'the failed connection to close');
      const rows = await adminPool().query(`SELECT count(*)::int AS n FROM "${schema}".tx`);
      expect(rows.rows).toEqual([{ n: 0 }]);
      expect(await withConnection(pool, backendPid)).not.toBe(pid);
    } finally {
      await pool.end();
    }
  });

  it('an abort while the work waits on a lock rejects at once and destroys the connection', async () => {
    const applicationName = `aigo-pg-abort-wait-${process.pid}`;
    const pool = testPool(applicationName, 1);
    const holder = await adminPool().connect();
    try {
      await holder.query('SELECT pg_advisory_lock(777)');
      const controller = new AbortController();
      const work = withConnection(
        pool,
        (client) => client.query('SELECT pg_advisory_lock(777)'),
        controller.signal,
      );
      await until(async () => {
        const waiting = await adminPool().query(
          `SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event = 'advisory'`,
          [applicationName],
        );
        return waiting.rowCount === 1 ? true : undefined;
      }, 'the work to wait on the lock');
      controller.abort();
      await expect(work).rejects.toSatisfy((error) => AbortError.isInstance(error));
      expect(pool.totalCount).toBe(0);
    } finally {
      await holder.query('SELECT pg_advisory_unlock(777)');
      holder.release();
    }
    // Once it gets the lock, the abandoned backend reads the goodbye, exits, and frees the lock.
    await noBackendsOf(applicationName);
    const free = await adminPool().query('SELECT pg_try_advisory_lock(777) AS ok');
    expect(free.rows).toEqual([{ ok: true }]);
    await adminPool().query('SELECT pg_advisory_unlock(777)');
    await pool.end();
  });

  it('an abort while waiting for a connection rejects at once; the connection that comes later goes back unused', async () => {
    const pool = testPool(`aigo-pg-abort-connect-${process.pid}`, 1);
    try {
      const busy = await pool.connect();
      const controller = new AbortController();
      const work = withConnection(pool, backendPid, controller.signal);
      expect(pool.waitingCount).toBe(1);
      controller.abort();
      await expect(work).rejects.toSatisfy((error) => AbortError.isInstance(error));
      busy.release();
      // The late connection went back to the pool: it is idle, and the next caller gets it.
      await until(async () => (pool.idleCount === 1 ? true : undefined), 'the late connection');
      expect(await withConnection(pool, backendPid)).toBeGreaterThan(0);
      const already = new AbortController();
      already.abort();
      await expect(withConnection(pool, backendPid, already.signal)).rejects.toSatisfy((error) =>
        AbortError.isInstance(error),
      );
    } finally {
      await pool.end();
    }
  });
});
