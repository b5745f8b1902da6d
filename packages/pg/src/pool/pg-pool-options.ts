import type { Pool, PoolConfig } from 'pg';

/**
 * How a store reaches PostgreSQL: give exactly one of `pool`, `connectionString` and `poolConfig`.
 * A store spreads these into its own options (`interface MyStoreOptions extends PgPoolOptions`).
 */
export interface PgPoolOptions {
  /**
   * A `pg.Pool` the caller created. It stays the caller's: closing the store does not end it. When
   * it has no `error` listener of this package yet, one is added — once per pool, however many
   * stores use it, kept for the pool's life — so an idle connection killed by the server never
   * crashes the process.
   */
  readonly pool?: Pool | undefined;
  /**
   * A PostgreSQL connection string (`postgres://user:password@host:5432/db`): the store creates and
   * owns a `pg.Pool`, which closing the store ends. (`undefined` is accepted by the type, so that
   * `process.env.DATABASE_URL` can be passed as is, and rejected with a clear error at run time.)
   */
  readonly connectionString?: string | undefined;
  /**
   * A `pg.PoolConfig` (host, user, password, ssl, …): the store creates and owns a pool from it.
   * `poolSize`, `connectTimeoutMs` and `applicationName` fill in `max`, `connectionTimeoutMillis`
   * and `application_name`; giving both an option and its field is an error.
   */
  readonly poolConfig?: PoolConfig | undefined;
  /** Connections of the pool the store creates. Default 10. */
  readonly poolSize?: number;
  /**
   * How long to wait for a connection, in milliseconds (a pool the store creates), after which the
   * call fails naming the host and port. Default 10,000.
   */
  readonly connectTimeoutMs?: number;
  /** `application_name` of the connections of a pool the store creates. Default: the store's name. */
  readonly applicationName?: string;
  /**
   * Called when an idle connection of a pool the store creates fails (the server restarted or
   * killed it). The pool has already dropped it and opens a fresh one when needed. Default: ignored.
   */
  readonly onPoolError?: (error: Error) => void;
}

/** What a store decides about its pool options (second argument of `openPgPool`). */
export interface PgPoolSettings {
  /** `application_name` when the caller gives none (`aigo-memory-pg`). */
  readonly defaultApplicationName: string;
  /**
   * Whether the store offers `poolConfig` (default `true`). When `false`, a `poolConfig` option is
   * not looked at, and errors mention only `pool` and `connectionString`.
   */
  readonly acceptPoolConfig?: boolean;
}
