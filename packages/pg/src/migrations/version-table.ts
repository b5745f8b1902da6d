import { quoteIdentifier } from '../names/identifiers.js';
import type { CheckedTarget } from './check-migrate-options.js';
import type { Queryable } from './migration.js';

/**
 * Creates the schema (when missing: checked first, so an existing schema needs no `CREATE`
 * privilege on the database) and the version table (likewise): one row per applied step of each component.
 * Run under the migration lock.
 */
export async function ensureVersionTable(client: Queryable, target: CheckedTarget): Promise<void> {
  const schema = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [
    target.schema,
  ]);
  if (schema.rowCount === 0) {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(target.schema)}`);
  }
  // Checked first too: `CREATE TABLE IF NOT EXISTS` needs the CREATE privilege on the schema even
  // when the table is there.
  const table = await client.query<{ exists: boolean }>(
    'SELECT to_regclass($1) IS NOT NULL AS exists',
    [target.tableSql],
  );
  if (table.rows[0]?.exists === true) return;
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${target.tableSql} (
  component text NOT NULL,
  version integer NOT NULL,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ${quoteIdentifier(`${target.table}_pkey`)} PRIMARY KEY (component, version)
)`,
  );
}

/** The newest version recorded for the component: 0 when none is, or the table does not exist. */
export async function recordedVersion(client: Queryable, target: CheckedTarget): Promise<number> {
  const found = await client.query<{ exists: boolean }>(
    'SELECT to_regclass($1) IS NOT NULL AS exists',
    [target.tableSql],
  );
  if (found.rows[0]?.exists !== true) return 0;
  const version = await client.query<{ version: number | null }>(
    `SELECT max(version) AS version FROM ${target.tableSql} WHERE component = $1`,
    [target.component],
  );
  return version.rows[0]?.version ?? 0;
}

/** Records one step of the component as applied. */
export async function recordVersion(
  client: Queryable,
  target: CheckedTarget,
  version: number,
  name: string,
): Promise<void> {
  await client.query(
    `INSERT INTO ${target.tableSql} (component, version, name) VALUES ($1, $2, $3)`,
    [target.component, version, name],
  );
}
