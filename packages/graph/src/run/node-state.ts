import type { NodeStatus } from '../plan/node-types.js';

// A node's state in one execution, as the scheduler keeps it (in a Uint8Array).
export const PENDING = 0;
/** Queued: decided to run, waiting for a concurrency slot (reported as `pending`). */
export const READY = 1;
export const RUNNING = 2;
export const COMPLETED = 3;
export const FAILED = 4;
export const SKIPPED = 5;
/** Its agent waits for decisions: the node neither completed nor failed, its dependants wait. */
export const SUSPENDED = 6;

/** The public status of each state. */
export const STATUS_NAMES: readonly NodeStatus[] = [
  'pending',
  'pending',
  'running',
  'completed',
  'failed',
  'skipped',
  'suspended',
];
