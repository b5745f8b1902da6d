// What the test files share: the run's database, an admin pool, and waiting on server state.
import pg from 'pg';
import { afterAll } from 'vitest';
import { testDatabase } from '../../src/testing/vitest.js';

export const database = testDatabase();

let admin: pg.Pool | undefined;

/** A pool for the tests' own SQL (setup, checks, holding locks, killing backends). Ended after the file. */
export function adminPool(): pg.Pool {
  if (admin === undefined) {
    admin = new pg.Pool({
      connectionString: database.url,
      max: 4,
      application_name: 'aigo-pg-tests-admin',
    });
    admin.on('error', () => undefined);
  }
  return admin;
}

afterAll(async () => {
  const pool = admin;
  admin = undefined;
  await pool?.end();
});

/** A pool of its own for one test, ended when `end()` is called. Its connections carry `applicationName`. */
export function testPool(applicationName: string, max = 2): pg.Pool {
  const pool = new pg.Pool({
    connectionString: database.url,
    max,
    application_name: applicationName.slice(0, 63),
  });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Runs `probe` (a query) again and again until it returns a value: each round is a real round trip
 * to the server, so this waits for server-side state without timers. Bounded, so a bug fails the test
 * instead of hanging it.
 */
export async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let round = 0; round < 20_000; round++) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** The pids of the backends of `applicationName` waiting on an advisory lock, once there are `count`. */
export function advisoryWaiters(applicationName: string, count: number): Promise<number[]> {
  return until(async () => {
    const result = await adminPool().query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE application_name = $1 AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
      [applicationName],
    );
    return result.rows.length >= count ? result.rows.map((row) => row.pid) : undefined;
  }, `${count} backends of ${applicationName} to wait on an advisory lock`);
}

/** Resolves when no backend of `applicationName` is left. */
export function noBackendsOf(applicationName: string): Promise<true> {
  return until(async () => {
    const open = await adminPool().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
    return open.rows[0]?.n === 0 ? true : undefined;
  }, `the backends of ${applicationName} to end`);
}
