import { afterEach, describe, it } from 'vitest';
import { type MemoryConformanceOptions, memoryConformanceChecks } from './memory-checks.js';

/**
 * Registers the memory conformance suite with vitest: one `describe` with an `it` per check. Call it
 * at the top level of a test file, once per memory implementation.
 *
 * @example
 * memoryConformance({ name: 'inMemoryMemory', makeMemory: () => inMemoryMemory() });
 */
export function memoryConformance(options: MemoryConformanceOptions): void {
  const checks = memoryConformanceChecks(options);
  describe(`memory conformance: ${options.name ?? 'memory'}`, () => {
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
