import { afterEach, describe, it } from 'vitest';
import { vectorStoreConformanceChecks } from './vector-store-checks.js';
import type { VectorStoreConformanceOptions } from './vector-store-options.js';

/**
 * Registers the vector store conformance suite with vitest: one `describe` with an `it` per check —
 * records kept as written, upsert by id, delete, `topK` and `minScore`, metadata filters against the
 * reference semantics of `@aigo/ai`, ranking against brute force under each metric, embedding of
 * texts through an embedder, bad input and aborts, and documents (replaced at once, deleted,
 * versioned, the embedding model recorded and checked). Call it at the top level of a test file,
 * once per store configuration.
 *
 * @example
 * vectorStoreConformance({ name: 'in memory', makeStore: (o) => inMemoryVectorStore(o), tolerance: 0 });
 */
export function vectorStoreConformance(options: VectorStoreConformanceOptions): void {
  const checks = vectorStoreConformanceChecks(options);
  describe(`vector store conformance: ${options.name ?? 'vector store'}`, () => {
    if (options.cleanup !== undefined) {
      const cleanup = options.cleanup;
      afterEach(async () => {
        await cleanup();
      });
    }
    for (const check of checks) it(check.name, () => check.run(), options.timeoutMs);
  });
}
