/**
 * `@aigo/graph-pg` — durable `@aigo/graph` runs in PostgreSQL: `pgCheckpointer` (fenced
 * checkpoints: a run resumes after a crash, completed nodes are not run again) and
 * `pgGraphRunQueue` (a pg-boss queue of runs with leases and heartbeats, for graph workers on many
 * machines).
 *
 * @packageDocumentation
 */

export { jobIdOf } from './job-id.js';
export { SCHEMA_VERSION } from './migrations.js';
export { type PgCheckpointer, pgCheckpointer } from './pg-checkpointer.js';
export {
  type CheckedCheckpointerOptions,
  DEFAULT_CHECKPOINT_SCHEMA,
  DEFAULT_RETENTION_MS,
  type PgCheckpointerOptions,
} from './pg-checkpointer-options.js';
export { type PgGraphRunQueue, pgGraphRunQueue } from './pg-graph-run-queue.js';
export type { PgGraphRunQueueOptions } from './pg-graph-run-queue-options.js';
