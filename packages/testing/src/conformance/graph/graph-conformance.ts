import { afterEach, describe, it } from 'vitest';
import {
  type CheckpointerConformanceOptions,
  checkpointerConformanceChecks,
} from './checkpointer-checks.js';
import {
  type GraphRunQueueConformanceOptions,
  graphRunQueueConformanceChecks,
} from './graph-run-queue-checks.js';

/**
 * Registers the `GraphCheckpointer` conformance suite with vitest: one `describe` with an `it` per
 * check. Call it at the top level of a test file, once per implementation.
 *
 * @example
 * checkpointerConformance({ name: 'inMemoryCheckpointer', makeCheckpointer: () => inMemoryCheckpointer() });
 */
export function checkpointerConformance(options: CheckpointerConformanceOptions): void {
  register(
    `checkpointer conformance: ${options.name ?? 'checkpointer'}`,
    checkpointerConformanceChecks(options),
    options,
  );
}

/**
 * Registers the `GraphRunQueue` conformance suite with vitest: one `describe` with an `it` per check.
 *
 * @example
 * graphRunQueueConformance({ name: 'inMemoryGraphRunQueue', makeQueue: () => inMemoryGraphRunQueue() });
 */
export function graphRunQueueConformance(options: GraphRunQueueConformanceOptions): void {
  register(
    `graph run queue conformance: ${options.name ?? 'queue'}`,
    graphRunQueueConformanceChecks(options),
    options,
  );
}

function register(
  title: string,
  checks: readonly { readonly name: string; run(): Promise<void> }[],
  options: { readonly cleanup?: () => void | Promise<void>; readonly timeoutMs?: number },
): void {
  describe(title, () => {
    if (options.cleanup !== undefined) {
      const cleanup = options.cleanup;
      afterEach(async () => {
        await cleanup();
      });
    }
    for (const check of checks) it(check.name, () => check.run(), options.timeoutMs);
  });
}
