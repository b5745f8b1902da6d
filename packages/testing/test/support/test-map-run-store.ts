import {
  checkRunStoreArguments,
  RunConflictError,
  type RunStore,
  type StoredRun,
  throwIfAborted,
} from '@aigo/ai';

/** Faults a reference store can have, to show the suite catches them. */
export interface MapRunStoreFaults {
  /** `claim` ignores the status: a claimed run can be claimed again. */
  readonly claimTwice?: boolean;
  /** `save` ignores `expectedRevision`. */
  readonly ignoreExpectedRevision?: boolean;
  /** `load` hands out the stored object itself (later changes reach it). */
  readonly noCopy?: boolean;
}

/** The reference run store of the suite's own tests: a Map, with optional faults. */
export function mapRunStore(
  runs: Map<string, StoredRun> = new Map(),
  faults: MapRunStoreFaults = {},
): RunStore {
  const copy = (run: StoredRun | undefined) =>
    run === undefined || faults.noCopy === true
      ? run
      : (JSON.parse(JSON.stringify(run)) as StoredRun);
  return {
    save: async (suspended, options) => {
      const run = checkRunStoreArguments.suspended(suspended);
      const expected =
        options?.expectedRevision === undefined
          ? undefined
          : checkRunStoreArguments.revision(options.expectedRevision, 'expectedRevision');
      throwIfAborted(checkRunStoreArguments.signal(options));
      const revision = runs.get(run.runId)?.revision ?? 0;
      if (
        expected !== undefined &&
        expected !== revision &&
        faults.ignoreExpectedRevision !== true
      ) {
        throw new RunConflictError(run.runId, 'stale', {
          expectedRevision: expected,
          actualRevision: revision,
        });
      }
      const stored: StoredRun = {
        runId: run.runId,
        revision: revision + 1,
        status: 'suspended',
        suspended: faults.noCopy === true ? run : JSON.parse(JSON.stringify(run)),
        updatedAt: Date.now(),
      };
      runs.set(run.runId, stored);
      return copy(stored) as StoredRun;
    },
    load: async (runId, options) => {
      checkRunStoreArguments.runId(runId);
      throwIfAborted(checkRunStoreArguments.signal(options));
      return copy(runs.get(runId));
    },
    claim: async (runId, revision, options) => {
      checkRunStoreArguments.runId(runId);
      checkRunStoreArguments.revision(revision);
      throwIfAborted(checkRunStoreArguments.signal(options));
      const run = runs.get(runId);
      if (run === undefined) return false;
      if (faults.claimTwice !== true && (run.status !== 'suspended' || run.revision !== revision)) {
        return false;
      }
      runs.set(runId, {
        ...run,
        status: 'claimed',
        revision: run.revision + 1,
        updatedAt: Date.now(),
      });
      return true;
    },
    delete: async (runId, options) => {
      checkRunStoreArguments.runId(runId);
      throwIfAborted(checkRunStoreArguments.signal(options));
      return runs.delete(runId);
    },
  };
}
