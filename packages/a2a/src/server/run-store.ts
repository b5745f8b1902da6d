import type { SuspendedRun } from '@aigo/ai';

/** Options of a run store call. */
export interface A2ARunStoreCallOptions {
  readonly signal?: AbortSignal;
}

/**
 * Where `serveA2A` keeps the runs that wait for input (A2A `input-required`), by run id — the A2A
 * task id. The part of `@aigo/ai`'s `RunStore` this package uses: every `RunStore`
 * (`inMemoryRunStore()` of `@aigo/client`, `pgRunStore()` of `@aigo/memory-pg`) is one.
 */
export interface A2ARunStore {
  save(suspended: SuspendedRun, options?: A2ARunStoreCallOptions): Promise<unknown>;
  load(
    runId: string,
    options?: A2ARunStoreCallOptions,
  ): Promise<{ readonly suspended: SuspendedRun } | undefined>;
  delete(runId: string, options?: A2ARunStoreCallOptions): Promise<boolean>;
}

/** The default run store: a map in this process (suspended runs do not survive a restart). */
export function inProcessRunStore(): A2ARunStore {
  const runs = new Map<string, SuspendedRun>();
  return {
    async save(suspended) {
      runs.set(suspended.runId, suspended);
    },
    async load(runId) {
      const suspended = runs.get(runId);
      return suspended === undefined ? undefined : { suspended };
    },
    async delete(runId) {
      return runs.delete(runId);
    },
  };
}
