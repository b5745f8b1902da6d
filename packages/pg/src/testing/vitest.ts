/**
 * `@aigo/pg/testing/vitest` — what a test file needs from the PostgreSQL that `postgresGlobalSetup`
 * started: the database, and a fresh schema per test, dropped when the test finishes. Imports vitest.
 *
 * @packageDocumentation
 */

import { inject, onTestFinished } from 'vitest';
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
