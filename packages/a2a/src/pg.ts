/**
 * `@aigo/a2a/pg` — the A2A task store in PostgreSQL (`pgTaskStore`), through `@aigo/pg`. A subpath
 * of its own, so applications without PostgreSQL never load `pg`.
 *
 * @packageDocumentation
 */

export { type PgTaskStore, type PgTaskStoreOptions, pgTaskStore } from './pg/pg-task-store.js';
