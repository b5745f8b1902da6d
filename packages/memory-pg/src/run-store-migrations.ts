import type { Migration, MigrationTarget } from '@aigo/pg';

/** The newest schema version of the runs table this release knows. */
export const RUN_STORE_SCHEMA_VERSION = 1;

/** The `migrate` component of a runs table: one per table, so several stores can share a schema. */
export function runStoreMigrationTarget(schema: string, table: string): MigrationTarget {
  return { schema, component: `memory-pg-runs:${table}` };
}

/** The runs table, as versioned steps (a later release appends, never edits). */
export function runStoreMigrations(tableSql: string, indexSql: string): readonly Migration[] {
  return [
    {
      version: 1,
      name: 'suspended runs (revision, status, body as exact JSON text)',
      // The body is the JSON text exactly as saved (not jsonb): a signed value must come back
      // byte for byte. Every write is one statement, so a crash mid-save leaves the previous row.
      up: `CREATE TABLE IF NOT EXISTS ${tableSql} (
  run_id text PRIMARY KEY,
  revision bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('suspended', 'claimed')),
  body text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX IF NOT EXISTS ${indexSql} ON ${tableSql} (updated_at)`,
    },
  ];
}
