/**
 * `@aigo/memory-pg` — conversation memory for aigo in PostgreSQL, through `pg` (node-postgres).
 *
 * @packageDocumentation
 */

export { MAX_CONVERSATION_ID_LENGTH } from './check-arguments.js';
export { SCHEMA_VERSION } from './migrations.js';
export { pgMemory } from './pg-memory.js';
export type {
  ConversationSummary,
  ListConversationsOptions,
  PgConversationMemory,
  PgMemory,
  PgMemoryOptions,
  PgMemoryStore,
  PgMemoryStoreOptions,
  ReadyOptions,
} from './pg-memory-options.js';
export { pgMemoryStore } from './pg-memory-store.js';
export { DEFAULT_RUNS_TABLE, pgRunStore } from './pg-run-store.js';
export type { PgRunStore, PgRunStoreOptions } from './pg-run-store-options.js';
export { RUN_STORE_SCHEMA_VERSION } from './run-store-migrations.js';
export { DEFAULT_SCHEMA, DEFAULT_TABLE_NAME, MAX_TABLE_NAME_LENGTH } from './table-names.js';
