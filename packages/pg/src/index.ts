/**
 * `@aigo/pg` — the PostgreSQL plumbing aigo's stores share, through `pg` (node-postgres): versioned
 * migrations under an advisory lock, pg errors as typed errors, pool ownership and option checks,
 * identifier checks. The scratch PostgreSQL for tests is `@aigo/pg/testing`.
 *
 * @packageDocumentation
 */

export {
  isConnectionLoss,
  isLostSession,
  isRetryablePgError,
  NETWORK_ERROR_CODES,
  sqlStateOf,
} from './errors/pg-error-codes.js';
export { type ServerAddress, serverAddressOf } from './errors/server-address.js';
export {
  memoryErrorFactory,
  type StoreErrorDetails,
  type StoreErrorFactory,
  type ToStoreErrorOptions,
  toStoreError,
} from './errors/to-store-error.js';
export {
  type CheckedTarget,
  checkMigrations,
  checkMigrationTarget,
} from './migrations/check-migrate-options.js';
export { type MigratablePool, migrate } from './migrations/migrate.js';
export {
  DEFAULT_MIGRATIONS_TABLE,
  type MigrateOptions,
  type MigrateResult,
  type Migration,
  type MigrationTarget,
  type Queryable,
} from './migrations/migration.js';
export { LOCK_NAMESPACE, migrationLockKey } from './migrations/migration-lock-key.js';
export { readSchemaVersion } from './migrations/read-schema-version.js';
export { fnv1a } from './names/fnv1a.js';
export {
  type CheckIdentifierOptions,
  checkIdentifier,
  checkSchemaName,
  MAX_IDENTIFIER_LENGTH,
  qualifiedName,
  quoteIdentifier,
} from './names/identifiers.js';
export { checkPoolOptions } from './pool/check-pool-options.js';
export { inTransaction } from './pool/in-transaction.js';
export {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_POOL_SIZE,
  openPgPool,
  type PgPoolHandle,
} from './pool/open-pg-pool.js';
export type { PgPoolOptions, PgPoolSettings } from './pool/pg-pool-options.js';
export { type ConnectablePool, withConnection } from './pool/with-connection.js';
