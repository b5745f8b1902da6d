// What every test file needs from the database started by global-setup.ts.
import { type TestDatabase, uniqueSchemaName } from '@aigo/pg/testing';
import { dropSchema, testDatabase } from '@aigo/pg/testing/vitest';
import { onTestFinished } from 'vitest';
import type { PgMemoryStore, PgMemoryStoreOptions } from '../../src/pg-memory-options.js';
import { pgMemoryStore } from '../../src/pg-memory-store.js';

export { pollUntil as until, type TestDatabase } from '@aigo/pg/testing';
export { adminPool, dropSchema } from '@aigo/pg/testing/vitest';

/** The database of this run (started by global-setup.ts). */
export const database: TestDatabase = testDatabase();

/** Whether this run talks to a real PostgreSQL server (fault, concurrency and lock tests need one). */
export const realServer: boolean = database.notRealReason === undefined;

/** The pool size tests give stores: PGlite serves one session at a time. */
export const testPoolSize: number = realServer ? 10 : 1;

/**
 * Whether stores use named prepared statements: not on PGlite, whose socket server shares one
 * session between all connections (two pools preparing one name collide).
 */
export const testPreparedStatements: boolean = realServer;

/** A unique schema name for one test (`uniqueSchemaName` of @aigo/pg/testing). Drop it with {@link dropSchema}. */
export function uniqueSchema(prefix = 't'): string {
  return uniqueSchemaName(prefix);
}

/**
 * A store in a fresh schema of its own; closed, and the schema dropped, when the test finishes.
 * Its connections carry a unique `application_name` (to find their backends).
 */
export function testStore(options: Partial<PgMemoryStoreOptions> = {}): {
  store: PgMemoryStore;
  schema: string;
  applicationName: string;
} {
  const schema = options.schema ?? uniqueSchema();
  const applicationName = `aigo-test-${schema}`.slice(0, 63);
  const store =
    options.pool === undefined
      ? pgMemoryStore({
          connectionString: database.url,
          poolSize: testPoolSize,
          applicationName,
          preparedStatements: testPreparedStatements,
          ...options,
          schema,
        })
      : pgMemoryStore({ preparedStatements: testPreparedStatements, ...options, schema });
  onTestFinished(async () => {
    await store.close();
    await dropSchema(schema);
  });
  return { store, schema, applicationName };
}
