import { createServer, type Server, type Socket } from 'node:net';
import { AbortError, AigoError, MemoryError, ValidationError } from '@aigo/ai';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { adminPool, database, testPool, until } from '../../test/support/helpers.js';
import {
  isConnectionLoss,
  isLostSession,
  isRetryablePgError,
  sqlStateOf,
} from './pg-error-codes.js';
import type { ServerAddress } from './server-address.js';
import { type StoreErrorDetails, toStoreError } from './to-store-error.js';

const server: ServerAddress = { label: 'db.internal:5432', connectTimeoutMs: 2000 };
const operation = 'Saving to "public"."notes"';

/** An error shaped as pg's `DatabaseError` (what PostgreSQL raised). */
function serverError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'ERROR' });
}

function networkError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 10.0.0.1:5432`), { code });
}

describe('toStoreError: the mapping table', () => {
  const cases: ReadonlyArray<[string, unknown, string, string | undefined, boolean]> = [
    [
      'a missing table',
      serverError('42P01', 'relation "x" does not exist'),
      `${operation} failed: relation "x" does not exist (SQLSTATE 42P01)`,
      '42P01',
      false,
    ],
    [
      'a unique violation',
      serverError('23505', 'duplicate key value violates unique constraint "k"'),
      `${operation} failed: duplicate key value violates unique constraint "k" (SQLSTATE 23505)`,
      '23505',
      false,
    ],
    [
      'a serialization failure',
      serverError('40001', 'could not serialize access'),
      `${operation} failed: could not serialize access (SQLSTATE 40001)`,
      '40001',
      true,
    ],
    [
      'a deadlock',
      serverError('40P01', 'deadlock detected'),
      `${operation} failed: deadlock detected (SQLSTATE 40P01)`,
      '40P01',
      true,
    ],
    [
      'a lock not available',
      serverError('55P03', 'could not obtain lock'),
      `${operation} failed: could not obtain lock (SQLSTATE 55P03)`,
      '55P03',
      true,
    ],
    [
      'too many connections',
      serverError('53300', 'sorry, too many clients already'),
      `${operation} failed: sorry, too many clients already (SQLSTATE 53300)`,
      '53300',
      true,
    ],
    [
      'the backend terminated (names the server)',
      serverError('57P01', 'terminating connection due to administrator command'),
      `${operation} failed: terminating connection due to administrator command (SQLSTATE 57P01) (server db.internal:5432)`,
      '57P01',
      true,
    ],
    [
      'a connection exception (class 08)',
      serverError('08006', 'connection failure'),
      `${operation} failed: connection failure (SQLSTATE 08006) (server db.internal:5432)`,
      '08006',
      true,
    ],
    [
      'a refused connection',
      networkError('ECONNREFUSED'),
      `${operation} failed: cannot reach PostgreSQL at db.internal:5432 (ECONNREFUSED)`,
      undefined,
      true,
    ],
    [
      'an unknown host',
      networkError('ENOTFOUND'),
      `${operation} failed: cannot reach PostgreSQL at db.internal:5432 (ENOTFOUND)`,
      undefined,
      true,
    ],
    [
      'a connect timeout',
      new Error('timeout exceeded when trying to connect'),
      `${operation} failed: no connection to PostgreSQL at db.internal:5432 within 2000 ms (server unreachable, or every pooled connection busy): timeout exceeded when trying to connect`,
      undefined,
      true,
    ],
    [
      'a lost connection',
      new Error('Connection terminated unexpectedly'),
      `${operation} failed: the connection to PostgreSQL at db.internal:5432 was lost: Connection terminated unexpectedly`,
      undefined,
      true,
    ],
    [
      'a driver error',
      new Error('Client was closed and is not queryable'),
      `${operation} failed: Client was closed and is not queryable`,
      undefined,
      false,
    ],
    [
      'a code that only looks like a SQLSTATE (no severity)',
      Object.assign(new Error('odd'), { code: '42P01' }),
      `${operation} failed: odd`,
      undefined,
      false,
    ],
    ['a thrown string', 'boom', `${operation} failed: boom`, undefined, false],
  ];

  it.each(cases)('%s', (_label, error, message, pgCode, retryable) => {
    const seen: StoreErrorDetails[] = [];
    const mapped = toStoreError(error, {
      operation,
      server,
      make: (text, details) => {
        seen.push(details);
        return new MemoryError(text, {
          cause: details.cause,
          ...(details.pgCode === undefined ? {} : { pgCode: details.pgCode }),
        });
      },
    });
    expect(mapped.message).toBe(message);
    expect(seen).toEqual([{ cause: error, pgCode, retryable }]);
    expect(isRetryablePgError(error)).toBe(retryable);
    expect(sqlStateOf(error)).toBe(pgCode);
    // The default factory: a MemoryError with pgCode and the cause.
    const fallback = toStoreError(error, { operation, server });
    expect(MemoryError.isInstance(fallback)).toBe(true);
    expect(fallback).toMatchObject({ message, pgCode, cause: error });
  });

  it('passes aigo errors through unchanged', () => {
    for (const error of [
      new ValidationError('limit', 'must be a number'),
      new AbortError('aborted'),
      new MemoryError('already mapped'),
    ]) {
      expect(toStoreError(error, { operation, server })).toBe(error);
    }
  });

  it('tells a lost session (safe to re-run a read) from other connection losses', () => {
    expect(isLostSession(serverError('57P01', 'terminating'))).toBe(true);
    expect(isLostSession(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isLostSession(networkError('ECONNRESET'))).toBe(true);
    expect(isLostSession(networkError('ECONNREFUSED'))).toBe(false);
    expect(isLostSession(serverError('40001', 'serialize'))).toBe(false);
    expect(isConnectionLoss(networkError('ECONNREFUSED'))).toBe(true);
    expect(isConnectionLoss(serverError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isConnectionLoss(serverError('42P01', 'missing'))).toBe(false);
    expect(isConnectionLoss(null)).toBe(false);
  });
});

const servers: Server[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((each) => new Promise((resolve) => each.close(resolve))));
});

/** What a pg call rejected with. */
async function failure(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe(`toStoreError on what pg really throws (${database.kind})`, () => {
  it.each([
    ['40001', true],
    ['40P01', true],
    ['23505', false],
    ['22P02', false],
  ])('an error raised with SQLSTATE %s: pgCode kept, retryable %s', async (code, retryable) => {
    const error = await failure(
      adminPool().query(`DO $$ BEGIN RAISE EXCEPTION 'raised' USING ERRCODE = '${code}'; END $$`),
    );
    const mapped = toStoreError(error, { operation, server });
    expect(mapped).toMatchObject({
      pgCode: code,
      message: `${operation} failed: raised (SQLSTATE ${code})`,
    });
    expect(isRetryablePgError(error)).toBe(retryable);
  });

  it('a missing table', async () => {
    const error = await failure(adminPool().query('SELECT * FROM "no_such_table_here"'));
    expect(toStoreError(error, { operation, server })).toMatchObject({ pgCode: '42P01' });
    expect(isRetryablePgError(error)).toBe(false);
  });

  it('a port nothing listens on: cannot reach, retryable', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const client = new pg.Client({ connectionString: `postgres://u:s3cret@127.0.0.1:${port}/db` });
    const error = await failure(client.connect());
    const mapped = toStoreError(error, {
      operation,
      server: { label: `127.0.0.1:${port}`, connectTimeoutMs: undefined },
    });
    expect(mapped.message).toBe(
      `${operation} failed: cannot reach PostgreSQL at 127.0.0.1:${port} (ECONNREFUSED)`,
    );
    expect(JSON.stringify(mapped)).not.toContain('s3cret');
    expect(isRetryablePgError(error)).toBe(true);
  });

  it('a server that never answers: the connect timeout, retryable', async () => {
    const silent = createServer((socket) => {
      sockets.push(socket);
    });
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const pool = new pg.Pool({
      connectionString: `postgres://u@127.0.0.1:${port}/db`,
      connectionTimeoutMillis: 200,
    });
    try {
      const error = await failure(pool.query('SELECT 1'));
      const mapped = toStoreError(error, {
        operation,
        server: { label: `127.0.0.1:${port}`, connectTimeoutMs: 200 },
      });
      expect(mapped.message).toMatch(
        new RegExp(
          `^${operation.replace(/[".]/g, '\\$&')} failed: no connection to PostgreSQL at 127\\.0\\.0\\.1:${port} within 200 ms`,
        ),
      );
      expect(isRetryablePgError(error)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('a backend killed during a statement: 57P01, names the server, retryable', async () => {
    const applicationName = `aigo-pg-kill-${process.pid}`;
    const pool = testPool(applicationName, 1);
    const holder = await adminPool().connect();
    try {
      await holder.query('SELECT pg_advisory_lock(4242)');
      const waiting = failure(pool.query('SELECT pg_advisory_lock(4242)'));
      const pid = await until(async () => {
        const result = await adminPool().query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
          [applicationName],
        );
        return result.rows[0]?.pid;
      }, 'the statement to wait on the lock');
      await adminPool().query('SELECT pg_terminate_backend($1)', [pid]);
      const error = await waiting;
      const mapped = toStoreError(error, { operation, server });
      expect(mapped).toMatchObject({ pgCode: '57P01' });
      expect(mapped.message).toMatch(/\(SQLSTATE 57P01\) \(server db\.internal:5432\)$/);
      expect(isRetryablePgError(error)).toBe(true);
      expect(isLostSession(error)).toBe(true);
      expect(AigoError.isInstance(mapped)).toBe(true);
    } finally {
      await holder.query('SELECT pg_advisory_unlock_all()');
      holder.release();
      await pool.end();
    }
  });
});
