import { MemoryError, raceAbort, type TurnLocks, throwIfAborted } from '@aigo/ai';
import {
  inTransaction,
  isLostSession,
  memoryErrorFactory,
  migrate,
  openPgPool,
  type PgPoolHandle,
  readSchemaVersion,
  type ServerAddress,
  withConnection,
} from '@aigo/pg';
import type { QueryArrayConfig, QueryConfig, QueryResultRow } from 'pg';
import { BatchedReads } from './batched-reads.js';
import { POOL_SETTINGS, poolOptionsOf } from './check-arguments.js';
import {
  checkSchemaVersion,
  memoryMigrations,
  memoryMigrationTarget,
  SCHEMA_VERSION,
} from './migrations.js';
import type { PgMemoryStoreOptions } from './pg-memory-options.js';
import { sharedTurnLocks } from './shared-turn-locks.js';
import { buildStatements, type Statement, type Statements } from './statements.js';
import { type TableNames, tableNames } from './table-names.js';
import { toMemoryError } from './to-memory-error.js';

/** The reads a store merges under load: `readVersioned` of a whole conversation, and `readContext`. */
export type MergedRead = 'versioned' | 'context';

/**
 * What a store and its conversations share: the pool (`openPgPool` of `@aigo/pg`: owned or
 * borrowed), the table names and statements, the once-per-store migration, and the error mapping.
 * Internal.
 */
export class PgStoreCore {
  readonly names: TableNames;
  readonly statements: Statements;
  readonly server: ServerAddress;
  /**
   * One turn lock per conversation id, shared by every memory object of the store — and of other
   * stores and `pgMemory`s on the same pool (or connection string) and tables.
   */
  readonly turns: TurnLocks<string>;
  private readonly handle: PgPoolHandle;
  private readonly migrateOnStart: boolean;
  private readonly prepared: boolean;
  private readiness: Promise<void> | undefined;
  /** Whole-conversation versioned reads and bounded reads, each merged while the pool is busy. */
  private readonly merged: Record<MergedRead, BatchedReads<unknown[]>>;

  constructor(options: PgMemoryStoreOptions) {
    this.names = tableNames(options.tableName, options.schema);
    this.statements = buildStatements(this.names);
    this.migrateOnStart = options.migrate ?? true;
    this.prepared = options.preparedStatements ?? true;
    this.handle = openPgPool(poolOptionsOf(options), POOL_SETTINGS);
    this.server = this.handle.server;
    const arrayRows = (statement: Statement, values: unknown[]): QueryArrayConfig => ({
      ...this.config(statement, values),
      rowMode: 'array',
    });
    this.merged = {
      versioned: new BatchedReads(this.handle, (reads) =>
        arrayRows(this.statements.readVersionedMany, [reads.map((read) => read.conversationId)]),
      ),
      context: new BatchedReads(this.handle, (reads) =>
        arrayRows(this.statements.readContextMany, [
          reads.map((read) => read.conversationId),
          reads.map((read) => read.args[0]),
          reads.map((read) => read.args[1]),
        ]),
      ),
    };
    this.turns = sharedTurnLocks(options.pool ?? (options.connectionString as string), this.names);
  }

  /** `"schema"."table"`, for messages. */
  get label(): string {
    return this.names.messagesSql;
  }

  /** Whether `close()` was called. */
  get closed(): boolean {
    return this.handle.closed;
  }

  private get pool() {
    return this.handle.pool;
  }

  private checkOpen(operation: string): void {
    if (this.handle.closed) {
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
      // Two quick queries when the version is recorded and current (no lock).
      const target = memoryMigrationTarget(this.names);
      const version = await readSchemaVersion(this.pool, target);
      if (version === SCHEMA_VERSION) return;
      if (!this.migrateOnStart) {
        checkSchemaVersion(version, this.names);
        return;
      }
      await migrate(this.pool, {
        ...target,
        migrations: memoryMigrations(this.names),
        label: this.label,
        packageName: '@aigo/memory-pg',
        operation,
        makeError: memoryErrorFactory,
        server: this.server,
      });
    } catch (error) {
      throw toMemoryError(error, operation, this.server);
    }
  }

  /**
   * Checks that the store is open and ready, then runs a write statement (never retried); resolves
   * to the number of rows it wrote.
   */
  async write(
    operation: string,
    statement: Statement,
    values: unknown[],
    signal: AbortSignal | undefined,
  ): Promise<number> {
    this.checkOpen(operation);
    throwIfAborted(signal);
    await this.ready();
    throwIfAborted(signal);
    try {
      return (await this.pool.query(this.config(statement, values))).rowCount ?? 0;
    } catch (error) {
      throw toMemoryError(error, operation, this.server);
    }
  }

  /**
   * Runs a read statement, rows as arrays. A read that loses its session (killed backend, restarted
   * server) is retried once on a fresh connection; an aborted signal rejects at once (`raceAbort`:
   * the query finishes in the background, its result dropped).
   *
   * With `merge`, the read may go with other conversations' reads of that kind (`BatchedReads`):
   * alone when the pool has a free connection, else in one statement with the others waiting for
   * one. `values` are then the single statement's: the conversation id first.
   */
  async read<Row extends unknown[]>(
    operation: string,
    statement: Statement,
    values: unknown[],
    signal: AbortSignal | undefined,
    merge?: MergedRead,
  ): Promise<Row[]> {
    this.checkOpen(operation);
    throwIfAborted(signal);
    const run = async () => {
      await this.ready();
      const merged =
        merge === undefined
          ? undefined
          : this.merged[merge].read(values[0] as string, values.slice(1));
      if (merged !== undefined) return (await merged) as Row[];
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
      // No signal past this point: a transaction already sent may commit.
      return await withConnection(this.pool, (client) =>
        inTransaction(client, async () => {
          const results: QueryResultRow[][] = [];
          for (const { statement, values } of steps) {
            const result = await client.query(this.config(statement, values));
            results.push(result.rows);
          }
          return results;
        }),
      );
    } catch (error) {
      throw toMemoryError(error, operation, this.server);
    }
  }

  /** Ends the pool when the store created it; leaves a caller's pool alone. Idempotent. */
  close(): Promise<void> {
    return this.handle.close();
  }
}
