import { MemoryError, ValidationError } from '@aigo/ai';
import pg, {
  type ClientConfig,
  type Pool,
  type PoolClient,
  type QueryArrayConfig,
  type QueryConfig,
  type QueryResultRow,
} from 'pg';
import { raceAbort, throwIfAborted } from './abort.js';
import { checkSchemaVersion, migrate, readSchemaVersion, SCHEMA_VERSION } from './migrations.js';
import type { PgMemoryStoreOptions } from './pg-memory-options.js';
import { buildStatements, type Statement, type Statements } from './statements.js';
import { type TableNames, tableNames } from './table-names.js';
import { type ServerAddress, toMemoryError } from './to-memory-error.js';

const DEFAULT_POOL_SIZE = 10;
const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_APPLICATION_NAME = 'aigo-memory-pg';

/** A read or write failed because the session died (killed, server restarted): safe to retry a read. */
function isLostSession(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === '57P01' ||
    code === '57P02' ||
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    message === 'Connection terminated unexpectedly'
  );
}

/** Marks the `error` listener this package adds to a caller's pool. */
const GUARD = Symbol.for('@aigo/memory-pg/pool-error-guard');

/**
 * Makes sure a caller's pool has this package's `error` listener, once however many stores use it:
 * without any listener, an idle connection killed by the server would crash the process. The
 * listener stays for the pool's life (it only keeps the error from being thrown; the pool has
 * already dropped the connection); the caller can add listeners of its own to see the errors.
 */
function guardCallerPool(pool: Pool): void {
  if (pool.listeners('error').some((listener) => GUARD in listener)) return;
  const guard = Object.assign((_error: Error) => undefined, { [GUARD]: true });
  pool.on('error', guard);
}

/** Host and port of a pg configuration, for messages (never the password). */
function serverAddress(config: ClientConfig, connectTimeoutMs: number | undefined): ServerAddress {
  // pg resolves the connection string, PG* environment variables and defaults in the Client
  // constructor, which opens nothing; this reads the result.
  const probe = new pg.Client(config);
  return { label: `${probe.host}:${probe.port}`, connectTimeoutMs };
}

/**
 * What a store and its conversations share: the pool, the table names and statements, the
 * once-per-store migration, and the error mapping. Internal.
 */
export class PgStoreCore {
  readonly names: TableNames;
  readonly statements: Statements;
  readonly server: ServerAddress;
  private readonly pool: Pool;
  private readonly ownsPool: boolean;
  private readonly migrateOnStart: boolean;
  private readonly prepared: boolean;
  private readonly poolErrorListener: (error: Error) => void;
  private readiness: Promise<void> | undefined;
  private closing: Promise<void> | undefined;

  constructor(options: PgMemoryStoreOptions) {
    this.names = tableNames(options.tableName, options.schema);
    this.statements = buildStatements(this.names);
    this.migrateOnStart = options.migrate ?? true;
    this.prepared = options.preparedStatements ?? true;
    const onPoolError = options.onPoolError;
    this.poolErrorListener = (error) => onPoolError?.(error);
    if (options.pool !== undefined) {
      this.pool = options.pool;
      this.ownsPool = false;
      guardCallerPool(this.pool);
      const config = (this.pool as { options?: ClientConfig }).options ?? {};
      let server: ServerAddress;
      try {
        server = serverAddress(config, config.connectionTimeoutMillis);
      } catch {
        server = { label: 'the server of the given pool', connectTimeoutMs: undefined };
      }
      this.server = server;
    } else {
      const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
      const config = {
        connectionString: options.connectionString as string,
        max: options.poolSize ?? DEFAULT_POOL_SIZE,
        connectionTimeoutMillis: connectTimeoutMs,
        application_name: options.applicationName ?? DEFAULT_APPLICATION_NAME,
        keepAlive: true,
        // Idle connections do not keep the process alive: a script that forgets close() still exits.
        allowExitOnIdle: true,
      };
      try {
        this.server = serverAddress(config, connectTimeoutMs);
      } catch {
        // No cause: the parser's error may quote the string, password included.
        throw new ValidationError(
          'connectionString',
          'is not a valid PostgreSQL connection string',
        );
      }
      this.pool = new pg.Pool(config);
      this.ownsPool = true;
      this.pool.on('error', this.poolErrorListener);
    }
  }

  /** `"schema"."table"`, for messages. */
  get label(): string {
    return this.names.messagesSql;
  }

  /** Whether `close()` was called. */
  get closed(): boolean {
    return this.closing !== undefined;
  }

  private checkOpen(operation: string): void {
    if (this.closing !== undefined) {
      throw new MemoryError(`${operation} failed: the memory store is closed`);
    }
  }

  /** A query config: named (prepared once per connection) unless `preparedStatements` is false. */
  private config(statement: Statement, values: unknown[]): QueryConfig {
    return this.prepared
      ? { name: statement.name, text: statement.text, values }
      : { text: statement.text, values };
  }

  /** Runs the migration (or the version check) once; a failure is retried by the next call. */
  ready(): Promise<void> {
    if (this.readiness === undefined) {
      const attempt = this.prepare();
      this.readiness = attempt;
      attempt.catch(() => {
        if (this.readiness === attempt) this.readiness = undefined;
      });
    }
    return this.readiness;
  }

  private async prepare(): Promise<void> {
    const operation = `Preparing ${this.label}`;
    try {
      const version = await readSchemaVersion(this.pool, this.names);
      if (version === SCHEMA_VERSION) return;
      if (!this.migrateOnStart) {
        checkSchemaVersion(version, this.names);
        return;
      }
      await this.withClient((client) => migrate(client, this.names));
    } catch (error) {
      throw toMemoryError(error, operation, this.server);
    }
  }

  /**
   * Runs `work` on a dedicated connection. An `error` listener covers the time the connection is
   * checked out; a connection that failed is destroyed instead of going back to the pool.
   */
  private async withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let failure: Error | undefined;
    const onError = (error: Error) => {
      failure = error;
    };
    client.on('error', onError);
    try {
      return await work(client);
    } catch (error) {
      failure ??= error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.off('error', onError);
      // A failed connection may be mid-transaction or dead: destroy it rather than reuse it.
      client.release(failure);
    }
  }

  /** Checks that the store is open and ready, then runs a write statement (never retried). */
  async write(
    operation: string,
    statement: Statement,
    values: unknown[],
    signal: AbortSignal | undefined,
  ): Promise<void> {
    this.checkOpen(operation);
    throwIfAborted(signal);
    await this.ready();
    throwIfAborted(signal);
    try {
      await this.pool.query(this.config(statement, values));
    } catch (error) {
      throw toMemoryError(error, operation, this.server);
    }
  }

  /**
   * Runs a read statement, rows as arrays. A read that loses its session (killed backend, restarted
   * server) is retried once on a fresh connection; an aborted signal rejects at once.
   */
  async read<Row extends unknown[]>(
    operation: string,
    statement: Statement,
    values: unknown[],
    signal: AbortSignal | undefined,
  ): Promise<Row[]> {
    this.checkOpen(operation);
    throwIfAborted(signal);
    const run = async () => {
      await this.ready();
      const config: QueryArrayConfig = { ...this.config(statement, values), rowMode: 'array' };
      try {
        return (await this.pool.query<Row>(config)).rows;
      } catch (error) {
        if (!isLostSession(error) || this.closed) throw error;
        return (await this.pool.query<Row>(config)).rows;
      }
    };
    try {
      return await raceAbort(run(), signal);
    } catch (error) {
      throw toMemoryError(error, operation, this.server);
    }
  }

  /** Runs named statements in one transaction on one connection; returns each one's rows. */
  async transaction(
    operation: string,
    steps: ReadonlyArray<{ statement: Statement; values: unknown[] }>,
    signal: AbortSignal | undefined,
  ): Promise<QueryResultRow[][]> {
    this.checkOpen(operation);
    throwIfAborted(signal);
    try {
      await this.ready();
      throwIfAborted(signal);
      return await this.withClient(async (client) => {
        await client.query('BEGIN');
        try {
          const results: QueryResultRow[][] = [];
          for (const { statement, values } of steps) {
            const result = await client.query(this.config(statement, values));
            results.push(result.rows);
          }
          await client.query('COMMIT');
          return results;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
    } catch (error) {
      throw toMemoryError(error, operation, this.server);
    }
  }

  /** Ends the pool when the store created it; leaves a caller's pool alone. */
  close(): Promise<void> {
    if (this.closing === undefined) {
      this.closing = (async () => {
        if (!this.ownsPool) return;
        try {
          await this.pool.end();
        } finally {
          this.pool.off('error', this.poolErrorListener);
        }
      })();
    }
    return this.closing;
  }
}
