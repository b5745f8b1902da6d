/**
 * `@aigo/pg/testing/vitest` — what a test file needs from the PostgreSQL that `postgresGlobalSetup`
 * started: the database, a fresh schema per test, dropped when the test finishes, and an admin pool
 * for the file's own SQL, ended after the file. Imports vitest.
 *
 * @packageDocumentation
 */

import pg from 'pg';
import { afterAll, inject, onTestFinished } from 'vitest';
import { quoteIdentifier } from '../names/identifiers.js';
import { TEST_DATABASE_KEY, type TestDatabase } from './database.js';
import { createTestSchema } from './schemas.js';

export type { TestDatabase } from './database.js';

/**
 * The run's database, as the global setup provided it.
 *
 * @throws Error when the package's vitest config has no `postgresGlobalSetup` global setup.
 */
export function testDatabase(): TestDatabase {
  const database = inject(TEST_DATABASE_KEY as never) as TestDatabase | undefined;
  if (database === undefined) {
    throw new Error(
      'No test database: name a file exporting postgresGlobalSetup(…) of @aigo/pg/testing in globalSetup of vitest.config.ts',
    );
  }
  return database;
}

/**
 * A fresh schema for the running test, dropped (with everything in it) when the test finishes.
 * Call it inside a test.
 *
 * @param options.create - Create the schema now (default `true`); `false` leaves that to the code
 *   under test (a migration creates it), and only the drop is registered.
 * @returns the schema's name.
 */
export async function withTestSchema(
  options: { readonly prefix?: string; readonly create?: boolean } = {},
): Promise<string> {
  const { url } = testDatabase();
  const { schema, drop } = await createTestSchema(url, options);
  onTestFinished(drop);
  return schema;
}

let admin: pg.Pool | undefined;

/**
 * A pool on the run's database for the test file's own SQL (setup, checks, holding locks, killing
 * backends): made at the first call, ended after the file. Four connections on a real server, one on
 * PGlite (which serves one session at a time); its connections are named `aigo-tests-admin`. A
 * backend a test kills may be one of its own: its `error` events are ignored.
 */
export function adminPool(): pg.Pool {
  if (admin === undefined) {
    const database = testDatabase();
    admin = new pg.Pool({
      connectionString: database.url,
      max: database.notRealReason === undefined ? 4 : 1,
      application_name: 'aigo-tests-admin',
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

/** Drops a test's schema and everything in it, through {@link adminPool}. */
export async function dropSchema(schema: string): Promise<void> {
  await adminPool().query(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE`);
}
