import { MemoryError } from '@aigo/ai';
import {
  fnv1a,
  LOCK_NAMESPACE,
  type Migration,
  type MigrationTarget,
  type Queryable,
} from '@aigo/pg';
import type { TableNames } from './table-names.js';

/**
 * The schema, as versioned steps (`migrate` of `@aigo/pg` applies them). A later release appends
 * steps (never edits a released one); a store brings the tables forward to the newest version it
 * knows on first use.
 */
export function memoryMigrations(names: TableNames): readonly Migration[] {
  return [
    {
      version: 1,
      name: 'messages (jsonb, format, gap-free seq) and conversations (sequence counter)',
      up: async (client) => {
        // Also the lock of releases before @aigo/pg, so that one of those migrating at the same
        // time (a rolling upgrade) and this step go one after the other.
        const [namespace, key] = legacyMigrationLockKey(names);
        await client.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [namespace, key]);
        await client.query(`CREATE TABLE IF NOT EXISTS ${names.conversationsSql} (
  conversation_id text NOT NULL,
  last_seq bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ${names.conversationsKeySql} PRIMARY KEY (conversation_id)
)`);
        await client.query(`CREATE TABLE IF NOT EXISTS ${names.messagesSql} (
  conversation_id text NOT NULL,
  seq bigint NOT NULL,
  role text NOT NULL,
  format smallint NOT NULL,
  escaped boolean NOT NULL DEFAULT false,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ${names.messagesKeySql} PRIMARY KEY (conversation_id, seq)
)`);
      },
    },
    {
      version: 2,
      name: 'conversation versions and turn ids (optimistic concurrency, idempotent turns)',
      // Existing conversations start at version 1 (a version written since is a transaction id,
      // always larger; 0 means "holds nothing"). The column default also keeps inserts of 0.1.x
      // processes working during a rolling upgrade. Existing messages have no turn id. The unique
      // index is partial: only the first row of a batch carries its turn's id.
      up: `ALTER TABLE ${names.conversationsSql} ADD COLUMN IF NOT EXISTS version bigint NOT NULL DEFAULT 1;
ALTER TABLE ${names.messagesSql} ADD COLUMN IF NOT EXISTS turn_id text;
CREATE UNIQUE INDEX IF NOT EXISTS ${names.turnKeySql} ON ${names.messagesSql} (conversation_id, turn_id) WHERE turn_id IS NOT NULL`,
    },
    {
      version: 3,
      name: 'per-message token counts, running sums and the conversation summary (bounded reads)',
      // Stored messages get an estimate (a token per four bytes of their JSON, as the store
      // estimates a message written without a count) and their running sums; the index on them
      // makes a bounded read one range scan.
      up: `ALTER TABLE ${names.conversationsSql} ADD COLUMN IF NOT EXISTS total_tokens bigint NOT NULL DEFAULT 0;
ALTER TABLE ${names.conversationsSql} ADD COLUMN IF NOT EXISTS summary jsonb;
ALTER TABLE ${names.messagesSql} ADD COLUMN IF NOT EXISTS tokens integer;
ALTER TABLE ${names.messagesSql} ADD COLUMN IF NOT EXISTS running_tokens bigint;
UPDATE ${names.messagesSql} AS m SET tokens = e.tokens, running_tokens = e.running
FROM (
  SELECT conversation_id, seq, GREATEST(1, (octet_length(body::text) + 3) / 4) AS tokens,
    sum(GREATEST(1, (octet_length(body::text) + 3) / 4)) OVER (PARTITION BY conversation_id ORDER BY seq) AS running
  FROM ${names.messagesSql}
) AS e
WHERE m.conversation_id = e.conversation_id AND m.seq = e.seq;
UPDATE ${names.conversationsSql} AS c SET total_tokens = COALESCE(
  (SELECT m.running_tokens FROM ${names.messagesSql} m WHERE m.conversation_id = c.conversation_id ORDER BY m.seq DESC LIMIT 1), 0);
CREATE INDEX IF NOT EXISTS ${names.runningTokensKeySql} ON ${names.messagesSql} (conversation_id, running_tokens)`,
    },
  ];
}

/** The newest schema version this release knows. */
export const SCHEMA_VERSION = 3;

/**
 * The advisory-lock key pair releases before `@aigo/pg` took to migrate one table: the aigo
 * namespace and a hash of `schema.table` (the version table's lock hashes `schema.aigo_migrations`,
 * a name no messages table can have).
 */
export function legacyMigrationLockKey(names: TableNames): readonly [number, number] {
  return [LOCK_NAMESPACE | 0, fnv1a(`${names.schema}.${names.table}`) | 0];
}

/**
 * The version an install made before `@aigo/pg` recorded in `<table>_migrations` (0 when there is no
 * such table): `migrate` records it in the version table without running those steps again.
 */
export async function legacySchemaVersion(db: Queryable, names: TableNames): Promise<number> {
  const found = await db.query<{ exists: boolean }>(
    'SELECT to_regclass($1) IS NOT NULL AS exists',
    [names.migrationsRegclass],
  );
  if (found.rows[0]?.exists !== true) return 0;
  const version = await db.query<{ version: number | null }>(
    `SELECT max(version) AS version FROM ${names.migrationsSql}`,
  );
  return version.rows[0]?.version ?? 0;
}

/**
 * Where the store's versions are recorded: the schema's `aigo_migrations`, as component
 * `memory-pg:<table>` (two stores with other tables in one schema are versioned apart). With
 * `adoptLegacy`, an install made before `@aigo/pg` is adopted (see {@link legacySchemaVersion}).
 */
export function memoryMigrationTarget(names: TableNames, adoptLegacy: boolean): MigrationTarget {
  const target = { schema: names.schema, component: `memory-pg:${names.table}` };
  return adoptLegacy
    ? { ...target, baseline: (db: Queryable) => legacySchemaVersion(db, names) }
    : target;
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
