import { ValidationError } from '@aigo/ai';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminPool, database, noBackendsOf } from '../../test/support/helpers.js';
import { openPgPool } from './open-pg-pool.js';
import type { PgPoolOptions } from './pg-pool-options.js';

const url = 'postgres://user:s3cret-password@127.0.0.1:1/db';
const settings = { defaultApplicationName: 'aigo-test-store' };

describe('openPgPool options', () => {
  const pool = new pg.Pool({ connectionString: url });
  afterAll(() => pool.end());
  const cases: ReadonlyArray<[string, unknown, string]> = [
    ['nothing', undefined, 'options'],
    ['no source', {}, 'options'],
    [
      'connectionString: undefined (an unset variable)',
      { connectionString: undefined },
      'connectionString',
    ],
    ['pool and connectionString', { pool, connectionString: url }, 'options'],
    ['connectionString and poolConfig', { connectionString: url, poolConfig: {} }, 'options'],
    ['a pool that is not a pg.Pool', { pool: {} }, 'pool'],
    ['an empty connectionString', { connectionString: '' }, 'connectionString'],
    [
      'a malformed connectionString',
      { connectionString: 'postgres://u:pw@[::1/db' },
      'connectionString',
    ],
    ['a poolConfig that is not an object', { poolConfig: 'host=x' }, 'poolConfig'],
    ['poolSize and poolConfig.max', { poolConfig: { max: 2 }, poolSize: 3 }, 'poolSize'],
    [
      'connectTimeoutMs and poolConfig.connectionTimeoutMillis',
      { poolConfig: { connectionTimeoutMillis: 2 }, connectTimeoutMs: 3 },
      'connectTimeoutMs',
    ],
    ['poolSize 0', { connectionString: url, poolSize: 0 }, 'poolSize'],
    ['poolSize 2.5', { connectionString: url, poolSize: 2.5 }, 'poolSize'],
    ['connectTimeoutMs -1', { connectionString: url, connectTimeoutMs: -1 }, 'connectTimeoutMs'],
    [
      'applicationName with a newline',
      { connectionString: url, applicationName: 'a\nb' },
      'applicationName',
    ],
    [
      'onPoolError that is not a function',
      { connectionString: url, onPoolError: 1 },
      'onPoolError',
    ],
    ['poolSize with a caller pool', { pool, poolSize: 3 }, 'poolSize'],
    ['onPoolError with a caller pool', { pool, onPoolError: () => undefined }, 'onPoolError'],
  ];
  it.each(cases)('rejects %s, naming the option', (_label, options, argument) => {
    expect(() => openPgPool(options as PgPoolOptions, settings)).toThrow(
      expect.objectContaining({ name: 'ValidationError', argument }),
    );
  });

  it('without poolConfig on offer, ignores it and names only pool and connectionString', () => {
    const call = () =>
      openPgPool({ poolConfig: { host: 'x' } } as PgPoolOptions, {
        ...settings,
        acceptPoolConfig: false,
      });
    expect(call).toThrow(expect.objectContaining({ argument: 'options' }));
    expect(call).toThrow(/needs pool \(a pg\.Pool\) or connectionString$/);
  });

  it('never puts a connection string (or its password) into an error', () => {
    let caught: unknown;
    try {
      openPgPool({ connectionString: 'postgres://u:s3cret-password@[::1/db' }, settings);
    } catch (error) {
      caught = error;
    }
    expect(ValidationError.isInstance(caught)).toBe(true);
    expect(JSON.stringify(caught)).not.toContain('s3cret');
    expect((caught as Error).message).not.toContain('s3cret');
    expect((caught as Error).cause).toBeUndefined();
  });

  it('names host and port of a created pool, with its defaults, and connects to nothing', async () => {
    const handle = openPgPool({ connectionString: url }, settings);
    expect(handle.owned).toBe(true);
    expect(handle.server).toEqual({ label: '127.0.0.1:1', connectTimeoutMs: 10_000 });
    const options = (handle.pool as unknown as { options: pg.PoolConfig }).options;
    expect(options).toMatchObject({
      max: 10,
      connectionTimeoutMillis: 10_000,
      application_name: 'aigo-test-store',
      keepAlive: true,
      allowExitOnIdle: true,
    });
    expect(handle.pool.totalCount).toBe(0);
    await handle.close();
  });
});

describe(`openPgPool ownership (${database.kind})`, () => {
  it('a pool created from connectionString is ended by close(): its connections go away; close() is idempotent', async () => {
    const applicationName = `aigo-pg-owned-${process.pid}`;
    const handle = openPgPool(
      { connectionString: database.url, applicationName, poolSize: 2 },
      settings,
    );
    expect(handle.owned).toBe(true);
    expect((await handle.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    const closing = handle.close();
    expect(handle.close()).toBe(closing);
    await closing;
    expect(handle.closed).toBe(true);
    expect(handle.pool.ended).toBe(true);
    expect(handle.pool.listenerCount('error')).toBe(0);
    await noBackendsOf(applicationName);
  });

  it('a pool created from poolConfig uses its fields and the options; it is owned', async () => {
    const target = new URL(database.url);
    const handle = openPgPool(
      {
        poolConfig: {
          host: target.hostname,
          port: Number(target.port),
          user: decodeURIComponent(target.username),
          database: target.pathname.slice(1),
          ...(target.password === '' ? {} : { password: decodeURIComponent(target.password) }),
        },
        applicationName: 'aigo-pg-config',
      },
      settings,
    );
    try {
      expect(handle.owned).toBe(true);
      expect(handle.server.label).toBe(`${target.hostname}:${target.port}`);
      const name = await handle.pool.query<{ name: string }>(
        "SELECT current_setting('application_name') AS name",
      );
      expect(name.rows).toEqual([{ name: 'aigo-pg-config' }]);
    } finally {
      await handle.close();
    }
    expect(handle.pool.ended).toBe(true);
  });

  it("a caller's pool is borrowed: close() leaves it open, and it gets one guard listener however many handles use it", async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      const handles = Array.from({ length: 5 }, () => openPgPool({ pool }, settings));
      expect(handles.every((handle) => handle.owned === false)).toBe(true);
      expect(pool.listenerCount('error')).toBe(1);
      await Promise.all(handles.map((handle) => handle.close()));
      expect(pool.ended).toBe(false);
      // No crash when the pool reports an error: the guard takes it.
      expect(pool.emit('error', new Error('idle connection lost'))).toBe(true);
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect(handles[0]?.server.label).toBe(new URL(database.url).host);
    } finally {
      await pool.end();
    }
  });

  it('an idle connection of a created pool killed by the server goes to onPoolError, not a crash', async () => {
    const applicationName = `aigo-pg-idle-${process.pid}`;
    let report: (error: Error) => void = () => undefined;
    const reported = new Promise<Error>((resolve) => {
      report = resolve;
    });
    const handle = openPgPool(
      { connectionString: database.url, applicationName, onPoolError: (error) => report(error) },
      settings,
    );
    try {
      await handle.pool.query('SELECT 1');
      await adminPool().query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [applicationName],
      );
      expect((await reported).message).toMatch(
        /terminating connection due to administrator command/,
      );
      expect((await handle.pool.query('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
    } finally {
      await handle.close();
    }
  });
});
