/**
 * `@aigo/release-check` — the package check of the aigo monorepo (docs/design.md, "Release"): every publishable package
 * packs, passes publint and Are the Types Wrong, has the metadata users rely on, and fits its size budget.
 *
 * @packageDocumentation
 */

export { checkPackage, type PackageReport } from './check-package.js';
export { formatReport } from './format-report.js';
export { checkManifest, checkTarballFiles } from './manifest-checks.js';
export { type PackedPackage, packPackage } from './pack-package.js';
export {
  DEFAULT_SIZE_BUDGET,
  formatBytes,
  type SizeBudget,
  sizeBudgetOf,
  sizeProblem,
} from './size-budget.js';
export { type Invocation, pnpmInvocation, toolInvocation } from './tools.js';
