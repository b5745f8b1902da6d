import type { AigoError } from '@aigo/ai';
import type { Pool, PoolClient } from 'pg';
import { type ServerAddress, serverAddressOf } from '../errors/server-address.js';
import { memoryErrorFactory, toStoreError } from '../errors/to-store-error.js';
import { inTransaction } from '../pool/in-transaction.js';
import { withConnection } from '../pool/with-connection.js';
import { type CheckedTarget, checkMigrateOptions } from './check-migrate-options.js';
import type { MigrateOptions, MigrateResult, Migration } from './migration.js';
import { migrationLockKey } from './migration-lock-key.js';
import { checkBaselineVersion } from './read-schema-version.js';
import { ensureVersionTable, recordedVersion, recordVersion } from './version-table.js';

/** What `migrate` needs of a pool: connections, and (optionally) its options for messages. */
export type MigratablePool = Pick<Pool, 'connect'> & { readonly options?: object };

interface Run {
  readonly target: CheckedTarget;
  readonly migrations: readonly Migration[];
  readonly latest: number;
  readonly newer: (version: number) => AigoError;
}

async function applyStep(client: PoolClient, run: Run, migration: Migration): Promise<void> {
  await inTransaction(client, async () => {
    if (typeof migration.up === 'string') await client.query(migration.up);
    else await migration.up(client);
    await recordVersion(client, run.target, migration.version, migration.name);
  });
}

/** Records the steps up to the baseline version as applied, without running them. */
async function adoptBaseline(client: PoolClient, run: Run): Promise<number> {
  const { baseline } = run.target;
  if (baseline === undefined) return 0;
  return inTransaction(client, async () => {
    const version = checkBaselineVersion(await baseline(client));
    if (version > run.latest) throw run.newer(version);
    for (const migration of run.migrations) {
      if (migration.version > version) break;
      await recordVersion(
        client,
        run.target,
        migration.version,
        `${migration.name} (adopted: applied before the version table existed)`,
      );
    }
    return version;
  });
}

async function migrateLocked(client: PoolClient, run: Run): Promise<MigrateResult> {
  await ensureVersionTable(client, run.target);
  let current = await recordedVersion(client, run.target);
  const adopted = current === 0 ? await adoptBaseline(client, run) : 0;
  current = Math.max(current, adopted);
  if (current > run.latest) throw run.newer(current);
  const applied: number[] = [];
  for (const migration of run.migrations) {
    if (migration.version <= current) continue;
    await applyStep(client, run, migration);
    applied.push(migration.version);
  }
  return { version: Math.max(current, ...applied), applied, adopted };
}

function serverOf(pool: MigratablePool): ServerAddress {
  try {
    return serverAddressOf(pool.options ?? {});
  } catch {
    return { label: 'the server of the given pool', connectTimeoutMs: undefined };
  }
}

/**
 * Brings a component's schema to its newest step, once however many processes start at once:
 * 1. on a connection of its own, takes a session advisory lock on the version table
 *    (`migrationLockKey`): concurrent callers wait for each other, and the next one finds nothing
 *    left to do;
 * 2. creates the schema and the version table when missing;
 * 3. reads the component's recorded version; when none is recorded, asks `baseline` which version an
 *    older install already has, and records those steps without running them;
 * 4. refuses a database whose version is newer than the newest step known here (a typed error:
 *    this code would misread it);
 * 5. runs each pending step in a transaction of its own and records it in the same transaction: a
 *    step that fails rolls back whole (nothing of it, not its version), and the steps before it stay.
 *
 * Idempotent: a second call applies nothing. The lock is released (and the connection given back)
 * at the end; a failure destroys the connection, which releases it too.
 *
 * @example
 * await migrate(pool, {
 *   schema: 'public',
 *   component: 'notes',
 *   migrations: [
 *     { version: 1, name: 'notes table', up: 'CREATE TABLE "public"."notes" (id bigint PRIMARY KEY, body text)' },
 *   ],
 * });
 *
 * @returns the version now recorded, the versions applied and the version adopted from `baseline`.
 * @throws ValidationError for bad options (before connecting); `AbortError` when `signal` fires; the
 *   `makeError` error (default `MemoryError`) for a newer database or a failed step, with `pgCode`.
 */
export async function migrate(
  pool: MigratablePool,
  options: MigrateOptions,
): Promise<MigrateResult> {
  const { target, migrations } = checkMigrateOptions(options);
  const make = options.makeError ?? memoryErrorFactory;
  const label = options.label ?? `component "${target.component}" in schema "${target.schema}"`;
  const latest = (migrations.at(-1) as Migration).version;
  const run: Run = {
    target,
    migrations,
    latest,
    newer: (version) =>
      make(
        `${label} is at schema version ${version}, newer than this version of ${options.packageName ?? 'the code'} knows (${latest}); upgrade the package`,
        { cause: undefined, pgCode: undefined, retryable: false },
      ),
  };
  const [namespace, key] = migrationLockKey(target.schema, target.table);
  try {
    return await withConnection(
      pool,
      async (client) => {
        await client.query('SELECT pg_advisory_lock($1::int, $2::int)', [namespace, key]);
        const result = await migrateLocked(client, run);
        await client.query('SELECT pg_advisory_unlock($1::int, $2::int)', [namespace, key]);
        return result;
      },
      options.signal,
    );
  } catch (error) {
    throw toStoreError(error, {
      operation: options.operation ?? `Migrating ${label}`,
      server: options.server ?? serverOf(pool),
      make,
    });
  }
}
