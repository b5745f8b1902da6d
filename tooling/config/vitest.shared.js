// @ts-check
/**
 * The Vitest settings every aigo package shares. A package's `vitest.config.ts` is
 * `export default defineTestConfig()`, with what is its own (a global setup, a longer timeout for a
 * database) as the argument.
 *
 * Tests never sleep and never reach beyond 127.0.0.1, so the default timeouts are short: a test that
 * waits 10 s is waiting on something that will not come.
 */
import { fileURLToPath } from 'node:url';

export const sharedTestConfig = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  environment: 'node',
  testTimeout: 10_000,
  hookTimeout: 30_000,
  // `process.exitCode` and unhandled rejections fail the run instead of being printed and forgotten.
  dangerouslyIgnoreUnhandledErrors: false,
  // One line per file, the failures in full: what a person reads, in CI and at a terminal alike.
  reporters: ['default'],
  pool: 'forks',
};

/**
 * The compiler options Vite's transform reads, from the repository's `tsconfig.base.json`. Named
 * outright because Vite resolves the `extends` chain of a package's `tsconfig.json` through the
 * `node_modules/@aigo/config` link without following it, where `../../tsconfig.base.json` of
 * `tooling/config/tsconfig.package.json` does not exist.
 */
const tsconfig = fileURLToPath(new URL('../../tsconfig.base.json', import.meta.url));

/**
 * A package's whole Vitest configuration: the shared settings with `test` over them.
 *
 * @param {Record<string, unknown>} [test] - The package's own test settings.
 */
export function defineTestConfig(test = {}) {
  return { tsconfig, test: { ...sharedTestConfig, ...test } };
}
