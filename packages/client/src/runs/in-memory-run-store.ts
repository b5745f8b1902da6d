import {
  checkRunStoreArguments,
  RunConflictError,
  type RunSaveOptions,
  type RunStore,
  type RunStoreCallOptions,
  type StoredRun,
  type SuspendedRun,
  throwIfAborted,
  ValidationError,
} from '@aigo/ai';

/** Options of `inMemoryRunStore`. */
export interface InMemoryRunStoreOptions {
  /**
   * Runs not saved or claimed for this long are dropped (checked at each call), in milliseconds.
   * Default: kept until deleted.
   */
  readonly retentionMs?: number;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

/** A run store in the process: `RunStore` plus `size`. */
export interface InMemoryRunStore extends RunStore {
  /** How many runs it holds (expired ones dropped first). */
  readonly size: number;
}

/**
 * A `RunStore` held in the process — for tests, prototypes and single-process servers; its twin
 * across processes is `pgRunStore` of `@aigo/memory-pg`. Values are kept as JSON text, so what
 * `load` returns is a copy that later changes to the saved object do not reach. Every call is
 * atomic (JavaScript runs it to the end before another starts), so `claim` is a true
 * compare-and-set.
 *
 * @example
 * const runs = inMemoryRunStore();
 * const agent = createReAct(client, { approval: 'all', runStore: runs });
 */
export function inMemoryRunStore(options: InMemoryRunStoreOptions = {}): InMemoryRunStore {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const { retentionMs, now = Date.now } = options;
  if (
    retentionMs !== undefined &&
    (typeof retentionMs !== 'number' || !Number.isFinite(retentionMs) || retentionMs <= 0)
  ) {
    throw new ValidationError('retentionMs', 'must be a positive number of milliseconds');
  }
  if (typeof now !== 'function') throw new ValidationError('now', 'must be a function');
  const runs = new Map<
    string,
    { revision: number; status: StoredRun['status']; json: string; updatedAt: number }
  >();

  const expire = () => {
    if (retentionMs === undefined) return;
    const oldest = now() - retentionMs;
    for (const [runId, run] of runs) if (run.updatedAt < oldest) runs.delete(runId);
  };
  const view = (runId: string): StoredRun | undefined => {
    const run = runs.get(runId);
    if (run === undefined) return undefined;
    return {
      runId,
      revision: run.revision,
      status: run.status,
      suspended: JSON.parse(run.json) as SuspendedRun,
      updatedAt: run.updatedAt,
    };
  };
  const begin = (options: RunStoreCallOptions | undefined) => {
    throwIfAborted(checkRunStoreArguments.signal(options));
    expire();
  };

  return {
    get size() {
      expire();
      return runs.size;
    },
    save: async (suspended: SuspendedRun, saveOptions?: RunSaveOptions) => {
      const run = checkRunStoreArguments.suspended(suspended);
      const expected =
        saveOptions?.expectedRevision === undefined
          ? undefined
          : checkRunStoreArguments.revision(saveOptions.expectedRevision, 'expectedRevision');
      begin(saveOptions);
      const current = runs.get(run.runId);
      const revision = current?.revision ?? 0;
      if (expected !== undefined && expected !== revision) {
        throw new RunConflictError(
          run.runId,
          `Run ${JSON.stringify(run.runId)} is at revision ${revision}, not ${expected}: it changed since it was read`,
          { expectedRevision: expected, actualRevision: revision },
        );
      }
      runs.set(run.runId, {
        revision: revision + 1,
        status: 'suspended',
        json: JSON.stringify(run),
        updatedAt: now(),
      });
      return view(run.runId) as StoredRun;
    },
    load: async (runId: string, callOptions?: RunStoreCallOptions) => {
      checkRunStoreArguments.runId(runId);
      begin(callOptions);
      return view(runId);
    },
    claim: async (runId: string, revision: number, callOptions?: RunStoreCallOptions) => {
      checkRunStoreArguments.runId(runId);
      checkRunStoreArguments.revision(revision);
      begin(callOptions);
      const run = runs.get(runId);
      if (run === undefined || run.status !== 'suspended' || run.revision !== revision)
        return false;
      run.status = 'claimed';
      run.revision += 1;
      run.updatedAt = now();
      return true;
    },
    delete: async (runId: string, callOptions?: RunStoreCallOptions) => {
      checkRunStoreArguments.runId(runId);
      begin(callOptions);
      return runs.delete(runId);
    },
    close: async () => {},
  };
}
