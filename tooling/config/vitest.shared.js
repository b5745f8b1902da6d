// @ts-check
/**
 * The Vitest settings every aigo package shares. A package's `vitest.config.ts` spreads this and adds
 * what is its own (a global setup, a longer timeout for a database).
 *
 * Tests never sleep and never reach beyond 127.0.0.1, so the default timeouts are short: a test that
 * waits 10 s is waiting on something that will not come.
 */
export const sharedTestConfig = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  environment: 'node',
  testTimeout: 10_000,
  hookTimeout: 30_000,
  // `process.exitCode` and unhandled rejections fail the run instead of being printed and forgotten.
  dangerouslyIgnoreUnhandledErrors: false,
  // Keep CI output to what a person needs: one line per file, the failures in full.
  reporters: process.env.CI ? ['default'] : ['default'],
  pool: 'forks',
};
