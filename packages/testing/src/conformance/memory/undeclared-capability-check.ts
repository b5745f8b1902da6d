import assert from 'node:assert/strict';
import type { MemoryProvider } from '@aigo/ai';
import type { ConformanceCheck } from '../conformance-check.js';

/** The check that a memory not declared with a capability does not have it either. */
export function undeclared(
  fresh: () => Promise<MemoryProvider>,
  method: 'readVersioned' | 'acquireTurn',
  option: 'versioned' | 'turnLock',
): ConformanceCheck {
  return {
    name: `${option} not declared: the memory has no ${method}()`,
    async run() {
      const memory = await fresh();
      assert.equal(
        typeof memory[method],
        'undefined',
        `the memory has ${method}(): pass ${option}: true to memoryConformance so that its checks run`,
      );
    },
  };
}
