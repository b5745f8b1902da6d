/**
 * `@aigo/pg/testing` — a PostgreSQL for the tests of aigo's PostgreSQL packages: a scratch cluster
 * on 127.0.0.1 (the server binaries installed with apt-get when missing and running as root), a
 * vitest global setup that starts it once per run, and fresh schemas per test. No vitest at run
 * time here; the helpers that need vitest are in `@aigo/pg/testing/vitest`.
 *
 * @packageDocumentation
 */

export {
  type StartedTestDatabase,
  TEST_DATABASE_KEY,
  type TestDatabase,
} from './database.js';
export {
  type EnsurePostgresBinariesOptions,
  ensurePostgresBinaries,
  POSTGRES_DEBIAN_PACKAGE,
} from './ensure-postgres-binaries.js';
export {
  DEBIAN_POSTGRES_ROOT,
  type FindPostgresBinariesOptions,
  type FoundPostgresBinaries,
  findPostgresBinaries,
} from './find-postgres-binaries.js';
export {
  type PgFaultProxy,
  type PgProxyTarget,
  startPgFaultProxy,
} from './pg-fault-proxy.js';
export { pollUntil } from './poll-until.js';
export {
  type PostgresGlobalSetupOptions,
  type ProvidingProject,
  postgresGlobalSetup,
} from './postgres-global-setup.js';
export { createTestSchema, dropTestSchema, uniqueSchemaName } from './schemas.js';
export {
  type PostgresShutdownMode,
  type ScratchPostgres,
  type StartScratchPostgresOptions,
  startScratchPostgres,
} from './start-scratch-postgres.js';
export { type StartTestDatabaseOptions, startTestDatabase } from './start-test-database.js';
