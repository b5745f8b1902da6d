import { MemoryError } from '@aigo/ai';
import type { Migration, MigrationTarget } from '@aigo/pg';
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
      name: 'messages (jsonb, format, gap-free seq, turn ids, token counts) and conversations (sequence counter, version, token total, summary)',
      // A conversation's `version` is the id of the transaction that last changed it (0 means "holds
      // nothing"). Only the first row of a batch carries its turn's id, so the unique index on turn
      // ids is partial. The index on the running token sums makes a bounded read one range scan.
      up: `CREATE TABLE IF NOT EXISTS ${names.conversationsSql} (
  conversation_id text NOT NULL,
  last_seq bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version bigint NOT NULL DEFAULT 1,
  total_tokens bigint NOT NULL DEFAULT 0,
  summary jsonb,
  CONSTRAINT ${names.conversationsKeySql} PRIMARY KEY (conversation_id)
);
CREATE TABLE IF NOT EXISTS ${names.messagesSql} (
  conversation_id text NOT NULL,
  seq bigint NOT NULL,
  role text NOT NULL,
  format smallint NOT NULL,
  escaped boolean NOT NULL DEFAULT false,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  turn_id text,
  tokens integer,
  running_tokens bigint,
  CONSTRAINT ${names.messagesKeySql} PRIMARY KEY (conversation_id, seq)
);
CREATE UNIQUE INDEX IF NOT EXISTS ${names.turnKeySql} ON ${names.messagesSql} (conversation_id, turn_id) WHERE turn_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS ${names.runningTokensKeySql} ON ${names.messagesSql} (conversation_id, running_tokens)`,
    },
  ];
}

/** The newest schema version this release knows. */
export const SCHEMA_VERSION = 1;

/**
 * Where the store's versions are recorded: the schema's `aigo_migrations`, as component
 * `memory-pg:<table>` (two stores with other tables in one schema are versioned apart).
 */
export function memoryMigrationTarget(names: TableNames): MigrationTarget {
  return { schema: names.schema, component: `memory-pg:${names.table}` };
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
