// The real PostgreSQL of this run (test/global-setup.ts) and a fresh schema per store.
import { uniqueSchemaName } from '@aigo/pg/testing';
import { testDatabase } from '@aigo/pg/testing/vitest';
import pg from 'pg';
import { afterAll } from 'vitest';

/** The run's real server. */
export const database = testDatabase();

let admin: pg.Pool | undefined;

/** A pool for the tests' own SQL; ended after the file. */
export function adminPool(): pg.Pool {
  admin ??= new pg.Pool({ connectionString: database.url, max: 2 });
  return admin;
}

afterAll(async () => {
  await admin?.end();
  admin = undefined;
});

/** A unique schema name (dropped by {@link dropSchema}). */
export function freshSchema(): string {
  return uniqueSchemaName('v');
}

/** Drops a schema and everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  await adminPool().query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}
