import type { ClientBase, PoolClient } from 'pg';
import type { ServerAddress } from '../errors/server-address.js';
import type { StoreErrorFactory } from '../errors/to-store-error.js';

/** The version table used when none is named: `"<schema>"."aigo_migrations"`. */
export const DEFAULT_MIGRATIONS_TABLE = 'aigo_migrations';

/** Something that runs SQL: a `pg.Pool`, a `pg.Client`, a checked-out `PoolClient`. */
export type Queryable = Pick<ClientBase, 'query'>;

/**
 * One step of a component's schema: applied once, in its own transaction, and recorded in the
 * version table. Released steps are never edited; a later release appends steps.
 */
export interface Migration {
  /** A positive integer; the steps of a component are listed in increasing order. */
  readonly version: number;
  /** What the step does, recorded with it (`messages and conversations tables`). */
  readonly name: string;
  /**
   * The step: SQL (several statements separated by `;` are fine: it is sent as one simple query), or
   * a function running statements on the migration's connection, inside its transaction.
   */
  readonly up: string | ((client: PoolClient) => Promise<void>);
}

/** Where a component's schema versions are recorded. */
export interface MigrationTarget {
  /** The schema holding the component's tables and the version table; created when missing. */
  readonly schema: string;
  /** The version table, in `schema`. Default `aigo_migrations`. */
  readonly table?: string;
  /**
   * Whose versions these are: components share one version table and are versioned apart
   * (`memory-pg:aigo_messages`). Include whatever tells two installs in one schema apart (a table name).
   */
  readonly component: string;
  /**
   * The version of an install made before the version table existed, for a component with nothing
   * recorded yet (0: none). `migrate` records the steps up to it as applied, without running them.
   * Runs on the migration's connection, under the lock.
   */
  readonly baseline?: (client: Queryable) => Promise<number>;
}

/** Options of `migrate`. */
export interface MigrateOptions extends MigrationTarget {
  /** Every step of the component, in increasing version order. */
  readonly migrations: readonly Migration[];
  /** What the steps build, for messages (`"public"."aigo_messages"`). Default `component "…" in schema "…"`. */
  readonly label?: string;
  /** Who knows these steps, for the "newer version" message (`@aigo/memory-pg`). Default `the code`. */
  readonly packageName?: string;
  /** A sentence start for failures (`Preparing "public"."aigo_messages"`). Default `Migrating <label>`. */
  readonly operation?: string;
  /** Builds the typed errors (see `toStoreError`). Default: `MemoryError`. */
  readonly makeError?: StoreErrorFactory;
  /** Host and port for messages. Default: read from the pool's options. */
  readonly server?: ServerAddress;
  /**
   * Stops waiting (for a connection, the lock, a step) and rejects with its `AbortError`. The
   * migration's connection is destroyed, so the step in progress rolls back; steps already
   * committed stay (the next `migrate` goes on from there).
   */
  readonly signal?: AbortSignal;
}

/** What `migrate` did. */
export interface MigrateResult {
  /** The component's version now recorded. */
  readonly version: number;
  /** The versions this call applied, in order (empty when the schema was up to date). */
  readonly applied: readonly number[];
  /** The version recorded from `baseline` by this call, without running its steps (0: none). */
  readonly adopted: number;
}
