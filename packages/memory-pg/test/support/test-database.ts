// What every test file needs from the database started by global-setup.ts.
import { type TestDatabase, uniqueSchemaName } from '@aigo/pg/testing';
import { testDatabase } from '@aigo/pg/testing/vitest';
import pg from 'pg';
import { afterAll, onTestFinished } from 'vitest';
import type { PgMemoryStore, PgMemoryStoreOptions } from '../../src/pg-memory-options.js';
import { pgMemoryStore } from '../../src/pg-memory-store.js';

export type { TestDatabase } from '@aigo/pg/testing';

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

let admin: pg.Pool | undefined;

/** A pool for the tests' own SQL (setup, checks, killing backends). Ended after the file. */
export function adminPool(): pg.Pool {
  if (admin === undefined) {
    admin = new pg.Pool({
      connectionString: database.url,
      max: realServer ? 4 : 1,
      application_name: 'aigo-memory-pg-tests-admin',
    });
    // A backend killed by a test may be the admin's (it never is by design); never crash on it.
    admin.on('error', () => undefined);
  }
  return admin;
}

afterAll(async () => {
  const pool = admin;
  admin = undefined;
  await pool?.end();
});

/** A unique schema name for one test (`uniqueSchemaName` of @aigo/pg/testing). Drop it with {@link dropSchema}. */
export function uniqueSchema(prefix = 't'): string {
  return uniqueSchemaName(prefix);
}

/** Drops a test's schema and everything in it. */
export async function dropSchema(schema: string): Promise<void> {
  await adminPool().query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
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

/**
 * Runs `probe` (a query) again and again until it returns a value: each round is a real round trip
 * to the server, so this waits for server-side state without timers. Bounded, so a bug fails the test
 * instead of hanging it.
 */
export async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let round = 0; round < 20_000; round++) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`gave up waiting for ${what}`);
}
