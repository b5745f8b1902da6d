import { MemoryError } from '@aigo/ai';
import type { ClientBase } from 'pg';
import { fnv1a } from './statements.js';
import type { TableNames } from './table-names.js';

/** One step of the schema: applied once, in order, recorded in `<table>_migrations`. */
export interface Migration {
  readonly version: number;
  readonly description: string;
  readonly statements: (names: TableNames) => readonly string[];
}

/**
 * The schema, as versioned steps. A later release appends steps (never edits a released one); a
 * store brings the tables forward to the newest version it knows on first use.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'messages (jsonb, format, gap-free seq) and conversations (sequence counter)',
    statements: (names) => [
      `CREATE TABLE IF NOT EXISTS ${names.conversationsSql} (
  conversation_id text NOT NULL,
  last_seq bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ${names.conversationsKeySql} PRIMARY KEY (conversation_id)
)`,
      `CREATE TABLE IF NOT EXISTS ${names.messagesSql} (
  conversation_id text NOT NULL,
  seq bigint NOT NULL,
  role text NOT NULL,
  format smallint NOT NULL,
  escaped boolean NOT NULL DEFAULT false,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ${names.messagesKeySql} PRIMARY KEY (conversation_id, seq)
)`,
    ],
  },
];

/** The newest schema version this release knows. */
export const SCHEMA_VERSION: number = MIGRATIONS.at(-1)?.version ?? 0;

/** The advisory lock namespace of this package (`aigo` in ASCII). */
const LOCK_NAMESPACE = 0x6169676f;

/**
 * The advisory-lock key pair guarding the migration of one table: the package's namespace and a
 * hash of `schema.table`, as signed 32-bit integers (what `pg_advisory_xact_lock(int, int)` takes).
 */
export function migrationLockKey(names: TableNames): readonly [number, number] {
  return [LOCK_NAMESPACE | 0, fnv1a(`${names.schema}.${names.table}`) | 0];
}

type Queryable = Pick<ClientBase, 'query'>;

/** The schema version recorded for these tables: 0 when the migrations table does not exist. */
export async function readSchemaVersion(client: Queryable, names: TableNames): Promise<number> {
  const found = await client.query<{ exists: boolean }>(
    'SELECT to_regclass($1) IS NOT NULL AS exists',
    [names.migrationsRegclass],
  );
  if (found.rows[0]?.exists !== true) return 0;
  const version = await client.query<{ version: number | null }>(
    `SELECT max(version) AS version FROM ${names.migrationsSql}`,
  );
  return version.rows[0]?.version ?? 0;
}

function tooNew(version: number, names: TableNames): MemoryError {
  return new MemoryError(
    `${names.messagesSql} is at schema version ${version}, newer than this version of @aigo/memory-pg knows (${SCHEMA_VERSION}); upgrade the package`,
  );
}

/**
 * Checks a recorded schema version when the store must not migrate (`migrate: false`).
 *
 * @throws MemoryError when the tables are missing, older or newer than this release.
 */
export function checkSchemaVersion(version: number, names: TableNames): void {
  if (version === SCHEMA_VERSION) return;
  if (version > SCHEMA_VERSION) throw tooNew(version, names);
  throw new MemoryError(
    version === 0
      ? `${names.messagesSql} has not been created (migrate is false): create it with migrate: true once`
      : `${names.messagesSql} is at schema version ${version}, this release needs ${SCHEMA_VERSION} (migrate is false): run it once with migrate: true`,
  );
}

/**
 * Brings the tables to {@link SCHEMA_VERSION} in one transaction, under a transaction-scoped
 * advisory lock, so that several processes starting at once neither race on `CREATE` nor apply a
 * step twice: the first one migrates, the others wait for its commit and find nothing left to do.
 * `client` must be a dedicated connection (not a pool), as the steps share one transaction.
 *
 * @returns the versions applied (empty when the schema was up to date).
 */
export async function migrate(client: ClientBase, names: TableNames): Promise<number[]> {
  const applied: number[] = [];
  await client.query('BEGIN');
  try {
    const [namespace, key] = migrationLockKey(names);
    await client.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [namespace, key]);
    const schema = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
      names.schema,
    ]);
    if (schema.rowCount === 0) await client.query(`CREATE SCHEMA IF NOT EXISTS ${names.schemaSql}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${names.migrationsSql} (
  version integer PRIMARY KEY,
  description text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`,
    );
    const current = await readSchemaVersion(client, names);
    if (current > SCHEMA_VERSION) throw tooNew(current, names);
    for (const migration of MIGRATIONS) {
      if (migration.version <= current) continue;
      for (const sql of migration.statements(names)) await client.query(sql);
      await client.query(
        `INSERT INTO ${names.migrationsSql} (version, description) VALUES ($1, $2)`,
        [migration.version, migration.description],
      );
      applied.push(migration.version);
    }
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
