#!/usr/bin/env node
/**
 * `aigo-deps-check [root]` — checks the dependency rule of the workspace at `root` (default: the nearest
 * directory with a pnpm-workspace.yaml). Prints one line per violation and exits 1 if there is any.
 *
 * @packageDocumentation
 */
import { checkWorkspace, formatViolation } from './check.js';
import { findWorkspaceRoot } from './workspace.js';

function main(argv: readonly string[]): number {
  const root = findWorkspaceRoot(argv[0] ?? process.cwd());
  const result = checkWorkspace(root);
  const summary = `${result.packages} packages, ${result.files} source files`;
  if (result.violations.length === 0) {
    console.log(`deps-check: ${summary}: the dependency rule holds.`);
    return 0;
  }
  for (const violation of result.violations) console.error(formatViolation(violation));
  const count = result.violations.length;
  console.error(`deps-check: ${summary}: ${count} violation${count === 1 ? '' : 's'}.`);
  return 1;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(`deps-check: ${(error as Error).message}`);
  process.exitCode = 2;
}
