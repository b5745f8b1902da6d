import { fnv1a } from '../names/fnv1a.js';

/** The advisory-lock namespace of aigo (`aigo` in ASCII). */
export const LOCK_NAMESPACE = 0x6169676f;

/**
 * The advisory-lock key pair that guards one version table, as signed 32-bit integers (what
 * `pg_advisory_lock(int, int)` takes): aigo's namespace and a hash of `schema.table`. Every
 * migration of every component recorded in that table takes it, so concurrent processes migrate one
 * at a time.
 */
export function migrationLockKey(schema: string, table: string): readonly [number, number] {
  return [LOCK_NAMESPACE | 0, fnv1a(`${schema}.${table}`) | 0];
}
