import {
  AigoError,
  checkRunStoreArguments,
  MemoryError,
  RunConflictError,
  raceAbort,
  type StoredRun,
  type SuspendedRun,
  throwIfAborted,
  ValidationError,
} from '@aigo/ai';
import {
  checkIdentifier,
  checkPoolOptions,
  checkSchemaName,
  memoryErrorFactory,
  migrate,
  openPgPool,
  qualifiedName,
  quoteIdentifier,
  readSchemaVersion,
  toStoreError,
} from '@aigo/pg';
import type { PgRunStore, PgRunStoreOptions } from './pg-run-store-options.js';
import {
  RUN_STORE_SCHEMA_VERSION,
  runStoreMigrations,
  runStoreMigrationTarget,
} from './run-store-migrations.js';

/** The default runs table. */
export const DEFAULT_RUNS_TABLE = 'aigo_runs';

const POOL_KEYS = [
  'pool',
  'connectionString',
  'poolSize',
  'connectTimeoutMs',
  'applicationName',
] as const;
const OWN_KEYS = new Set<string>([...POOL_KEYS, 'schema', 'tableName', 'retentionMs', 'migrate']);
const SETTINGS = { defaultApplicationName: 'aigo-run-store', acceptPoolConfig: false } as const;

interface RunRow {
  revision: string;
  status: 'suspended' | 'claimed';
  body: string;
  updated_ms: number;
}

/**
 * A `RunStore` in PostgreSQL, on `@aigo/pg`: suspended runs wait in one table (made by `migrate`
 * at first use, its own component), across processes and restarts. Each call is one statement —
 * atomic, so a crash mid-save leaves the previous state — and `claim` is a conditional `UPDATE`
 * (`revision = $2 AND status = 'suspended'`): of any number of racing claims, in any number of
 * processes, PostgreSQL's row lock lets exactly one change the row. `retentionMs` removes runs
 * nobody resumed.
 *
 * @example
 * const runs = pgRunStore({ connectionString: process.env.DATABASE_URL, retentionMs: 7 * 86_400_000 });
 * const agent = createReAct(client, { approval: 'all', runStore: runs });
 *
 * @throws ValidationError naming the first bad option.
 */
export function pgRunStore(options: PgRunStoreOptions): PgRunStore {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!OWN_KEYS.has(key)) throw new ValidationError(key, 'is not a pgRunStore option');
  }
  const schema = checkSchemaName(options.schema ?? 'public');
  const table = checkIdentifier(options.tableName ?? DEFAULT_RUNS_TABLE, 'tableName', {
    maxLength: 50,
    maxLengthReason: "the index name derived from it must fit PostgreSQL's 63-byte limit",
  });
  const { retentionMs, migrate: migrateOnStart = true } = options;
  if (
    retentionMs !== undefined &&
    (typeof retentionMs !== 'number' || !Number.isFinite(retentionMs) || retentionMs <= 0)
  ) {
    throw new ValidationError('retentionMs', 'must be a positive number of milliseconds');
  }
  if (typeof migrateOnStart !== 'boolean')
    throw new ValidationError('migrate', 'must be a boolean');
  const poolOptions: Record<string, unknown> = {};
  for (const key of POOL_KEYS) if (key in options) poolOptions[key] = options[key];
  checkPoolOptions(poolOptions, SETTINGS);
  const handle = openPgPool(poolOptions, SETTINGS);
  const server = handle.server;
  const sql = qualifiedName(schema, table);
  const target = runStoreMigrationTarget(schema, table);
  // Rows older than the retention are gone for every reader: `$n` is the retention in ms.
  const fresh = (n: number) =>
    retentionMs === undefined
      ? 'TRUE'
      : `updated_at >= clock_timestamp() - $${n} * interval '1 millisecond'`;
  const retention = retentionMs === undefined ? [] : [retentionMs];
  const RETURNING = `RETURNING revision, status, body, (extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms`;

  let readiness: Promise<void> | undefined;
  const prepare = async () => {
    const version = await readSchemaVersion(handle.pool, target);
    if (version === RUN_STORE_SCHEMA_VERSION) return;
    if (!migrateOnStart || version > RUN_STORE_SCHEMA_VERSION) {
      throw new MemoryError(
        `${sql} is at schema version ${version}; this @aigo/memory-pg needs ${RUN_STORE_SCHEMA_VERSION}${migrateOnStart ? ': upgrade the package' : ' (migrate: false — run a store with migrate: true once)'}`,
      );
    }
    await migrate(handle.pool, {
      ...target,
      migrations: runStoreMigrations(sql, quoteIdentifier(`${table}_updated_at`)),
      label: sql,
      packageName: '@aigo/memory-pg',
      operation: `Preparing ${sql}`,
      makeError: memoryErrorFactory,
      server,
    });
  };
  const ready = (): Promise<void> => {
    if (readiness === undefined) {
      const attempt = prepare();
      readiness = attempt;
      attempt.catch(() => {
        if (readiness === attempt) readiness = undefined;
      });
    }
    return readiness;
  };
  const query = async (
    operation: string,
    text: string,
    values: unknown[],
    signal: AbortSignal | undefined,
  ): Promise<RunRow[]> => {
    throwIfAborted(signal);
    if (handle.closed) throw new MemoryError(`${operation} failed: the run store is closed`);
    try {
      await raceAbort(ready(), signal);
      throwIfAborted(signal);
      const result = await raceAbort(handle.pool.query<RunRow>(text, values), signal);
      return result.rows;
    } catch (error) {
      if (AigoError.isInstance(error)) throw error;
      throw toStoreError(error, { operation, server });
    }
  };
  const stored = (runId: string, row: RunRow): StoredRun => ({
    runId,
    revision: Number(row.revision),
    status: row.status,
    suspended: JSON.parse(row.body) as SuspendedRun,
    updatedAt: Math.round(row.updated_ms),
  });
  const prune = async (signal: AbortSignal | undefined): Promise<number> => {
    if (retentionMs === undefined) return 0;
    const rows = await query(
      `Pruning ${sql}`,
      `DELETE FROM ${sql} WHERE NOT (${fresh(1)}) RETURNING run_id`,
      [retentionMs],
      signal,
    );
    return rows.length;
  };

  return {
    table: sql,
    ready: async (readyOptions) => {
      const signal = checkRunStoreArguments.signal(readyOptions);
      await query(`Preparing ${sql}`, 'SELECT 1', [], signal);
    },
    prune: (pruneOptions) => prune(checkRunStoreArguments.signal(pruneOptions)),
    save: async (suspended, saveOptions) => {
      const run = checkRunStoreArguments.suspended(suspended);
      const expected =
        saveOptions?.expectedRevision === undefined
          ? undefined
          : checkRunStoreArguments.revision(saveOptions.expectedRevision, 'expectedRevision');
      const signal = checkRunStoreArguments.signal(saveOptions);
      const body = JSON.stringify(run);
      const operation = `Saving run ${JSON.stringify(run.runId)} to ${sql}`;
      if (retentionMs !== undefined) await prune(signal);
      const rows =
        expected === undefined
          ? await query(
              operation,
              `INSERT INTO ${sql} AS r (run_id, revision, status, body) VALUES ($1, 1, 'suspended', $2)
ON CONFLICT (run_id) DO UPDATE SET revision = r.revision + 1, status = 'suspended', body = EXCLUDED.body, updated_at = clock_timestamp()
${RETURNING}`,
              [run.runId, body],
              signal,
            )
          : expected === 0
            ? await query(
                operation,
                `INSERT INTO ${sql} (run_id, revision, status, body) VALUES ($1, 1, 'suspended', $2)
ON CONFLICT (run_id) DO NOTHING ${RETURNING}`,
                [run.runId, body],
                signal,
              )
            : await query(
                operation,
                `UPDATE ${sql} SET revision = revision + 1, status = 'suspended', body = $2, updated_at = clock_timestamp()
WHERE run_id = $1 AND revision = $3 ${RETURNING}`,
                [run.runId, body, expected],
                signal,
              );
      const row = rows[0];
      if (row !== undefined) return stored(run.runId, row);
      const current = await query(
        operation,
        `SELECT revision FROM ${sql} WHERE run_id = $1`,
        [run.runId],
        undefined,
      );
      const actual = current[0] === undefined ? 0 : Number(current[0].revision);
      throw new RunConflictError(
        run.runId,
        `Run ${JSON.stringify(run.runId)} is at revision ${actual}, not ${String(expected)}: it changed since it was read`,
        { expectedRevision: expected as number, actualRevision: actual },
      );
    },
    load: async (runId, loadOptions) => {
      checkRunStoreArguments.runId(runId);
      const rows = await query(
        `Loading run ${JSON.stringify(runId)} from ${sql}`,
        `SELECT revision, status, body, (extract(epoch FROM updated_at) * 1000)::float8 AS updated_ms
FROM ${sql} WHERE run_id = $1 AND ${fresh(2)}`,
        [runId, ...retention],
        checkRunStoreArguments.signal(loadOptions),
      );
      const row = rows[0];
      return row === undefined ? undefined : stored(runId, row);
    },
    claim: async (runId, revision, claimOptions) => {
      checkRunStoreArguments.runId(runId);
      checkRunStoreArguments.revision(revision);
      const rows = await query(
        `Claiming run ${JSON.stringify(runId)} in ${sql}`,
        `UPDATE ${sql} SET status = 'claimed', revision = revision + 1, updated_at = clock_timestamp()
WHERE run_id = $1 AND revision = $2 AND status = 'suspended' AND ${fresh(3)} RETURNING revision`,
        [runId, revision, ...retention],
        checkRunStoreArguments.signal(claimOptions),
      );
      return rows.length === 1;
    },
    delete: async (runId, deleteOptions) => {
      checkRunStoreArguments.runId(runId);
      const rows = await query(
        `Deleting run ${JSON.stringify(runId)} from ${sql}`,
        `DELETE FROM ${sql} WHERE run_id = $1 RETURNING revision`,
        [runId],
        checkRunStoreArguments.signal(deleteOptions),
      );
      return rows.length === 1;
    },
    close: () => handle.close(),
  };
}
