// What every test file needs from the database started by global-setup.ts: the run's database, an
// admin pool for the tests' own SQL and schema clean-up, all from @aigo/pg/testing/vitest.
import { type TestDatabase, uniqueSchemaName } from '@aigo/pg/testing';
import { testDatabase } from '@aigo/pg/testing/vitest';

export { adminPool, dropSchema } from '@aigo/pg/testing/vitest';

/** The database of this run (started by global-setup.ts). */
export const database: TestDatabase = testDatabase();

/** A unique schema name for one test. */
export function uniqueSchema(prefix = 'g'): string {
  return uniqueSchemaName(prefix);
}
