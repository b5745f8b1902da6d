import { ValidationError } from '@aigo/ai';
import { checkSchemaName, type PgPoolOptions } from '@aigo/pg';

/** The schema the checkpoint tables live in by default. */
export const DEFAULT_CHECKPOINT_SCHEMA = 'aigo_graph';

/** How long finished runs are kept by default: 7 days. */
export const DEFAULT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Options of `pgCheckpointer`: where the pool comes from (`@aigo/pg`'s pool options) and more. */
export interface PgCheckpointerOptions extends PgPoolOptions {
  /** The schema of the `graph_runs` and `graph_run_nodes` tables. Default `aigo_graph`. */
  readonly schema?: string;
  /**
   * Finished runs (completed, failed, cancelled) older than this many ms are deleted with their
   * nodes — by {@link PgCheckpointer.prune}, and at most once per `pruneIntervalMs` after a run
   * finishes. `0` deletes a run as soon as a prune runs after it finished. Default 7 days.
   */
  readonly retentionMs?: number;
  /** The least time between two automatic prunes, in ms. Default 600 000 (10 minutes). */
  readonly pruneIntervalMs?: number;
  /**
   * Whether the first call creates or upgrades the tables (migrations under an advisory lock).
   * Default true.
   */
  readonly migrate?: boolean;
}

/** The checked options. */
export interface CheckedCheckpointerOptions {
  readonly schema: string;
  readonly retentionMs: number;
  readonly pruneIntervalMs: number;
  readonly migrate: boolean;
}

/** @throws ValidationError naming the first bad option (the pool options are checked by `openPgPool`). */
export function checkCheckpointerOptions(
  options: PgCheckpointerOptions,
): CheckedCheckpointerOptions {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const schema = options.schema ?? DEFAULT_CHECKPOINT_SCHEMA;
  checkSchemaName(schema, 'options.schema');
  const retentionMs = options.retentionMs ?? DEFAULT_RETENTION_MS;
  if (typeof retentionMs !== 'number' || !Number.isFinite(retentionMs) || retentionMs < 0) {
    throw new ValidationError(
      'options.retentionMs',
      'must be a finite number of milliseconds of at least 0',
    );
  }
  const pruneIntervalMs = options.pruneIntervalMs ?? 600_000;
  if (
    typeof pruneIntervalMs !== 'number' ||
    !Number.isFinite(pruneIntervalMs) ||
    pruneIntervalMs < 0
  ) {
    throw new ValidationError(
      'options.pruneIntervalMs',
      'must be a finite number of milliseconds of at least 0',
    );
  }
  if (options.migrate !== undefined && typeof options.migrate !== 'boolean') {
    throw new ValidationError('options.migrate', 'must be a boolean');
  }
  return { schema, retentionMs, pruneIntervalMs, migrate: options.migrate ?? true };
}
