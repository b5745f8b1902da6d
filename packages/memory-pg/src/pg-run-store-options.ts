import type { RunStore } from '@aigo/ai';
import type { PgPoolOptions } from '@aigo/pg';

/** Options of `pgRunStore`: how to reach PostgreSQL, where the runs live, how long they wait. */
export interface PgRunStoreOptions extends PgPoolOptions {
  /** The schema of the runs table. Default `public`. */
  readonly schema?: string;
  /** The runs table. Default `aigo_runs`. */
  readonly tableName?: string;
  /**
   * Runs not saved or claimed for this long are gone: `load` and `claim` no longer see them, and
   * each `save` (and `prune()`) deletes them. In milliseconds; default: kept until deleted.
   */
  readonly retentionMs?: number;
  /** Create or upgrade the table at first use (`migrate` of `@aigo/pg`). Default true. */
  readonly migrate?: boolean;
}

/** A `RunStore` in PostgreSQL. */
export interface PgRunStore extends RunStore {
  /** `"schema"."table"` of the runs. */
  readonly table: string;
  /** Migrates (or checks) the table now rather than at the first call. */
  ready(options?: { readonly signal?: AbortSignal }): Promise<void>;
  /** Deletes the runs older than `retentionMs` now; resolves to how many (0 without retention). */
  prune(options?: { readonly signal?: AbortSignal }): Promise<number>;
  /** Ends the pool when the store made it (from `connectionString`); a pool you passed stays yours. */
  close(): Promise<void>;
}
