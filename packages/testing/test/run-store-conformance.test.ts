import type { StoredRun } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { runStoreConformanceChecks } from '../src/conformance/run-store/run-store-checks.js';
import { runStoreConformance } from '../src/conformance/run-store/run-store-conformance.js';
import { type MapRunStoreFaults, mapRunStore } from './support/test-map-run-store.js';

// The suite itself, against the reference store: every check passes.
const shared = new Map<string, StoredRun>();
runStoreConformance({ name: 'reference map store', makeStore: () => mapRunStore(shared) });

async function failure(prefix: string, faults: MapRunStoreFaults): Promise<unknown> {
  const runs = new Map<string, StoredRun>();
  const check = runStoreConformanceChecks({ makeStore: () => mapRunStore(runs, faults) }).find(
    (candidate) => candidate.name.startsWith(prefix),
  );
  if (check === undefined) throw new Error(`no check named "${prefix}…"`);
  return check.run().then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('run store conformance checks catch broken stores', () => {
  it.each<[string, string, MapRunStoreFaults, RegExp]>([
    [
      'a claim that wins twice',
      'claim is a compare-and-set',
      { claimTwice: true },
      /claim at a revision never stored/,
    ],
    ['many claims that all win', 'of many concurrent claims', { claimTwice: true }, /winners/],
    [
      'a save that ignores expectedRevision',
      'save with a stale expectedRevision',
      { ignoreExpectedRevision: true },
      /resolved instead of rejecting/,
    ],
  ])('%s', async (_label, check, faults, message) => {
    const error = await failure(check, faults);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
  });
});
