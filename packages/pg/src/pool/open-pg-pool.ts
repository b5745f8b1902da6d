import { ValidationError } from '@aigo/ai';
import pg, { type ClientConfig, type Pool, type PoolConfig } from 'pg';
import { type ServerAddress, serverAddressOf } from '../errors/server-address.js';
import { checkPoolOptions } from './check-pool-options.js';
import type { PgPoolOptions, PgPoolSettings } from './pg-pool-options.js';

/** The pool size of a pool the store creates, when none is given. */
export const DEFAULT_POOL_SIZE = 10;

/** The connect timeout of a pool the store creates, when none is given, in milliseconds. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** Marks the `error` listener this package adds to a caller's pool (shared by every aigo store). */
const GUARD = Symbol.for('@aigo/pg/pool-error-guard');

/** A store's pool, and whether the store owns it. */
export interface PgPoolHandle {
  /** The pool: the caller's, or one created from `connectionString` or `poolConfig`. */
  readonly pool: Pool;
  /** Whether the store created the pool (and {@link PgPoolHandle.close} ends it). */
  readonly owned: boolean;
  /** Host and port, for error messages. */
  readonly server: ServerAddress;
  /** Whether `close()` was called. */
  readonly closed: boolean;
  /**
   * Ends the pool when the store created it; leaves a caller's pool open. Idempotent: every call
   * returns the same promise.
   */
  close(): Promise<void>;
}

/**
 * Makes sure a caller's pool has this package's `error` listener, once however many stores use it:
 * without any listener, an idle connection killed by the server would crash the process. The
 * listener stays for the pool's life (it only keeps the error from being thrown; the pool has
 * already dropped the connection); the caller can add listeners of its own to see the errors.
 */
function guardCallerPool(pool: Pool): void {
  if (pool.listeners('error').some((listener) => GUARD in listener)) return;
  pool.on(
    'error',
    Object.assign((_error: Error) => undefined, { [GUARD]: true }),
  );
}

function createdPoolConfig(options: PgPoolOptions, settings: PgPoolSettings): PoolConfig {
  const base: PoolConfig =
    options.connectionString !== undefined
      ? { connectionString: options.connectionString }
      : { ...(options.poolConfig as PoolConfig) };
  return {
    keepAlive: true,
    // Idle connections do not keep the process alive: a script that forgets close() still exits.
    allowExitOnIdle: true,
    ...base,
    max: options.poolSize ?? base.max ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis:
      options.connectTimeoutMs ?? base.connectionTimeoutMillis ?? DEFAULT_CONNECT_TIMEOUT_MS,
    application_name:
      options.applicationName ?? base.application_name ?? settings.defaultApplicationName,
  };
}

/**
 * Checks a store's pool options (see `checkPoolOptions`) and opens its pool: the caller's `pool`
 * (guarded against crashing on idle-connection errors, never ended by `close()`), or a pool created
 * from `connectionString` or `poolConfig` (TCP keep-alive, `allowExitOnIdle`, the `onPoolError`
 * listener), which `close()` ends. Nothing connects until the pool is used.
 *
 * @example
 * const handle = openPgPool(options, { defaultApplicationName: 'aigo-my-store' });
 * await handle.pool.query('SELECT 1');
 * await handle.close(); // ends the pool only when it was created here
 *
 * @throws ValidationError naming the bad option; a malformed connection string is reported without
 *   its text (it may hold a password).
 */
export function openPgPool(options: PgPoolOptions, settings: PgPoolSettings): PgPoolHandle {
  checkPoolOptions(options, settings);
  if (options.pool !== undefined) {
    const pool = options.pool;
    guardCallerPool(pool);
    const config = (pool as { options?: ClientConfig }).options ?? {};
    let server: ServerAddress;
    try {
      server = serverAddressOf(config);
    } catch {
      server = { label: 'the server of the given pool', connectTimeoutMs: undefined };
    }
    return handle(pool, false, server, () => undefined);
  }
  const config = createdPoolConfig(options, settings);
  let server: ServerAddress;
  try {
    server = serverAddressOf(config);
  } catch {
    // No cause: the parser's error may quote the string, password included.
    throw new ValidationError(
      options.connectionString !== undefined ? 'connectionString' : 'poolConfig',
      'is not a valid PostgreSQL connection string',
    );
  }
  const pool = new pg.Pool(config);
  const onPoolError = options.onPoolError;
  const listener = (error: Error) => onPoolError?.(error);
  pool.on('error', listener);
  return handle(pool, true, server, () => pool.off('error', listener));
}

function handle(
  pool: Pool,
  owned: boolean,
  server: ServerAddress,
  detach: () => void,
): PgPoolHandle {
  let closing: Promise<void> | undefined;
  return {
    pool,
    owned,
    server,
    get closed() {
      return closing !== undefined;
    },
    close() {
      closing ??= (async () => {
        if (!owned) return;
        try {
          await pool.end();
        } finally {
          detach();
        }
      })();
      return closing;
    },
  };
}
