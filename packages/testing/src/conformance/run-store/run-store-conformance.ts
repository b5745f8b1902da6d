import { afterEach, describe, it } from 'vitest';
import { type RunStoreConformanceOptions, runStoreConformanceChecks } from './run-store-checks.js';

/**
 * Registers the run store conformance suite with vitest: one `describe` with an `it` per check —
 * saves and loads round-trip the value, revisions grow, `claim` is a compare-and-set of which
 * exactly one of many concurrent claims wins, stale saves conflict, deletes, bad arguments and
 * aborted signals. Call it at the top level of a test file, once per store.
 *
 * @example
 * runStoreConformance({ name: 'inMemoryRunStore', makeStore: () => inMemoryRunStore() });
 */
export function runStoreConformance(options: RunStoreConformanceOptions): void {
  const checks = runStoreConformanceChecks(options);
  describe(`run store conformance: ${options.name ?? 'run store'}`, () => {
    if (options.cleanup !== undefined) {
      const cleanup = options.cleanup;
      afterEach(async () => {
        await cleanup();
      });
    }
    for (const check of checks) {
      it(check.name, () => check.run(), options.timeoutMs);
    }
  });
}
