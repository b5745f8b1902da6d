import type { SuspendedRun } from '../agent/suspended-run.js';

/**
 * Where a stored run stands: `suspended` waits for its decisions; `claimed` was taken by a resume
 * (`RunStore.claim`) and must not be resumed again.
 */
export type RunStatus = 'suspended' | 'claimed';

/** A suspended run as a `RunStore` holds it. */
export interface StoredRun {
  readonly runId: string;
  /**
   * Grows by one on every `save` and on a won `claim` of this run id (the first save is revision
   * 1). Pass it to `claim`: a claim succeeds only on the revision it names.
   */
  readonly revision: number;
  readonly status: RunStatus;
  /** The value `save` was given, as it was given (signature included). */
  readonly suspended: SuspendedRun;
  /** When the run was last saved or claimed, in milliseconds since the epoch. */
  readonly updatedAt: number;
}

/** Options every `RunStore` call takes. */
export interface RunStoreCallOptions {
  /** Stops the call with `AbortError`; a write that did not commit leaves the previous state. */
  readonly signal?: AbortSignal;
}

/** Options of `RunStore.save`. */
export interface RunSaveOptions extends RunStoreCallOptions {
  /**
   * Save only when the stored run is at this revision (`0`: only when nothing is stored under the
   * run id); otherwise reject with `RunConflictError` and change nothing. A resumed run that
   * suspends again is saved against the revision its claim produced.
   */
  readonly expectedRevision?: number;
}

/**
 * Where suspended runs wait for their decisions, across processes: `save` when a run suspends,
 * `load` to show its requests, `claim` before resuming, `delete` when done.
 *
 * `claim(runId, revision)` is a compare-and-set: it marks the run `claimed` (revision + 1) and
 * resolves `true` only when the run is `suspended` at exactly `revision`; of any number of racing
 * claims of one revision — in any number of processes — exactly one wins. An agent given a run store
 * claims before it runs any tool, so two resumes of one run never both run its tools.
 *
 * Every write is atomic: a crash or an abort mid-write leaves the previous state. Stores check their
 * arguments (`ValidationError` naming the argument) and fail with aigo's typed errors.
 * `inMemoryRunStore` (`@aigo/client`) and `pgRunStore` (`@aigo/memory-pg`) implement it;
 * `runStoreConformance` (`@aigo/testing`) checks an implementation.
 */
export interface RunStore {
  /**
   * Stores `suspended` under `suspended.runId` (replacing what was there) with status `suspended`
   * and the next revision; resolves to what is now stored.
   */
  save(suspended: SuspendedRun, options?: RunSaveOptions): Promise<StoredRun>;
  /** The run stored under `runId`, or `undefined`. */
  load(runId: string, options?: RunStoreCallOptions): Promise<StoredRun | undefined>;
  /**
   * Takes the run for one resume: `true` when it was `suspended` at `revision` and is now `claimed`
   * by this call, `false` otherwise (claimed by another, saved again since, deleted, never stored).
   */
  claim(runId: string, revision: number, options?: RunStoreCallOptions): Promise<boolean>;
  /** Removes the run; `true` when there was one. */
  delete(runId: string, options?: RunStoreCallOptions): Promise<boolean>;
  /** Releases what the store owns (a pool it made). Optional. */
  close?(): Promise<void>;
}
