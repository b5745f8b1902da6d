import { ValidationError } from '@aigo/ai';
import { checkMigrationTarget } from './check-migrate-options.js';
import type { MigrationTarget, Queryable } from './migration.js';
import { recordedVersion } from './version-table.js';

/** Checks what a `baseline` function returned. */
export function checkBaselineVersion(version: unknown): number {
  if (!Number.isSafeInteger(version) || (version as number) < 0) {
    throw new ValidationError(
      'baseline',
      `must resolve to a non-negative integer (got ${version})`,
    );
  }
  return version as number;
}

/**
 * The schema version recorded for a component, without migrating or locking anything: the newest
 * version in the version table, else what `baseline` reports (an install that predates the table),
 * else 0. One query when the table exists and holds the component. For a store that must not
 * migrate (a `migrate: false` option) to check the version it finds; driver errors are not mapped.
 *
 * @example
 * const version = await readSchemaVersion(pool, { schema: 'public', component: 'my-store' });
 * if (version !== LATEST) throw new MemoryError(`run the migration first (found version ${version})`);
 *
 * @throws ValidationError for bad options.
 */
export async function readSchemaVersion(db: Queryable, target: MigrationTarget): Promise<number> {
  const checked = checkMigrationTarget(target);
  const recorded = await recordedVersion(db, checked);
  if (recorded > 0 || checked.baseline === undefined) return recorded;
  return checkBaselineVersion(await checked.baseline(db));
}
