import { TEST_DATABASE_KEY, type TestDatabase } from './database.js';
import { type StartTestDatabaseOptions, startTestDatabase } from './start-test-database.js';

/** What the global setup needs of vitest's `TestProject`. */
export interface ProvidingProject {
  provide(key: typeof TEST_DATABASE_KEY, value: TestDatabase): void;
}

/** Options of {@link postgresGlobalSetup}. */
export interface PostgresGlobalSetupOptions extends StartTestDatabaseOptions {
  /** Names the package in the output line (`@aigo/memory-pg`). */
  readonly name: string;
}

/**
 * A vitest global setup that starts the run's PostgreSQL once (see `startTestDatabase`), hands it to
 * every test file (read it with `testDatabase()` of `@aigo/pg/testing/vitest`), prints which one it
 * is, and stops it after the run. Export it as the default of the file `globalSetup` names:
 *
 * @example
 * // test/global-setup.ts
 * import { postgresGlobalSetup } from '@aigo/pg/testing';
 * export default postgresGlobalSetup({ name: '@aigo/my-store' });
 */
export function postgresGlobalSetup(
  options: PostgresGlobalSetupOptions,
): (project: ProvidingProject) => Promise<() => Promise<void>> {
  return async (project) => {
    const { database, stop } = await startTestDatabase(options);
    project.provide(TEST_DATABASE_KEY, database);
    const notRun =
      database.notRealReason === undefined
        ? ''
        : `\n[${options.name} tests] NOT RUN: the tests that need a real server: ${database.notRealReason}`;
    process.stdout.write(
      `\n[${options.name} tests] PostgreSQL: ${database.description}${notRun}\n\n`,
    );
    return stop;
  };
}
