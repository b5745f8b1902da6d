import pg from 'pg';
import { quoteIdentifier } from '../names/identifiers.js';

let counter = 0;

/**
 * A schema name no other test uses: `<prefix>_<pid>_<n>_<random>`, a valid identifier of at most
 * 63 characters.
 *
 * @param prefix - Letters, digits and underscores. Default `t`.
 */
export function uniqueSchemaName(prefix = 't'): string {
  counter += 1;
  return `${prefix}_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`.slice(
    0,
    63,
  );
}

async function withClient(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'aigo-pg-test-schema' });
  // A backend a test kills may be this one's; never crash on it.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Drops a test's schema and everything in it (on a connection of its own). */
export async function dropTestSchema(url: string, schema: string): Promise<void> {
  await withClient(url, `DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE`);
}

/**
 * A fresh schema for one test: a unique name, created (unless `create` is false: the code under
 * test creates it), and a `drop()` that drops it with everything in it.
 */
export async function createTestSchema(
  url: string,
  options: { readonly prefix?: string; readonly create?: boolean } = {},
): Promise<{ readonly schema: string; drop(): Promise<void> }> {
  const schema = uniqueSchemaName(options.prefix);
  if (options.create ?? true) await withClient(url, `CREATE SCHEMA ${quoteIdentifier(schema)}`);
  return { schema, drop: () => dropTestSchema(url, schema) };
}
