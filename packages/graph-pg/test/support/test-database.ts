// What every test file needs from the database started by global-setup.ts.
import { type TestDatabase, uniqueSchemaName } from '@aigo/pg/testing';
import { testDatabase } from '@aigo/pg/testing/vitest';
import pg from 'pg';
import { afterAll } from 'vitest';

/** The database of this run (started by global-setup.ts). */
export const database: TestDatabase = testDatabase();

let admin: pg.Pool | undefined;

/** A pool for the tests' own SQL (setup, checks). Ended after the file. */
export function adminPool(): pg.Pool {
  if (admin === undefined) {
    admin = new pg.Pool({
      connectionString: database.url,
      max: 4,
      application_name: 'aigo-graph-pg-tests-admin',
    });
    admin.on('error', () => undefined);
  }
  return admin;
}

afterAll(async () => {
  const pool = admin;
  admin = undefined;
  await pool?.end();
});

/** A unique schema name for one test. */
export function uniqueSchema(prefix = 'g'): string {
  return uniqueSchemaName(prefix);
}

/** Drops a test's schema and everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  await adminPool().query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}
