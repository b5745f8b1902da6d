// What the test files share: the run's database, an admin pool, and waiting on server state.
import pg from 'pg';
import { pollUntil as until } from '../../src/testing/poll-until.js';
import { adminPool, testDatabase } from '../../src/testing/vitest.js';

export { adminPool, until };

export const database = testDatabase();

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
