import { readFileSync } from 'node:fs';
import { findImportCycles } from './cycles.js';
import { findOversizedFiles, MAX_SOURCE_LINES } from './file-size.js';
import { findImports, packageNameOf } from './imports.js';
import { isLibraryDirectory, layerOf, layerViolation } from './layers.js';
import { declaredNames } from './manifest.js';
import { findUnreachableFiles } from './reachability.js';
import { isHelperUnderSrc, listSourceFiles } from './source-files.js';
import { readWorkspace, type Workspace, type WorkspacePackage } from './workspace.js';

/** One breach of the dependency rule. */
export interface Violation {
  /** The package at fault. */
  readonly packageName: string;
  /** Where: a source path relative to the package (`src/index.ts:3`), or `package.json`. */
  readonly location: string;
  /** What it does: `imports @aigo/openai`, `depends on @aigo/client`. */
  readonly action: string;
  /** Why that is not allowed. */
  readonly reason: string;
}

/** The outcome of a check. */
export interface CheckResult {
  readonly packages: number;
  readonly files: number;
  readonly violations: readonly Violation[];
}

const RUNTIME_SECTIONS = ['dependencies', 'peerDependencies', 'optionalDependencies'] as const;
const ALL_SECTIONS = [...RUNTIME_SECTIONS, 'devDependencies'] as const;

/**
 * Checks the dependency rule over a whole workspace:
 * - every library (a package under `packages/`) is in the layer table;
 * - a library's production source (and its runtime dependencies in package.json) reaches only libraries
 *   of strictly lower layers, never an adapter from an adapter, never an app or a tooling package;
 * - no files of any package (libraries, apps, tooling; tests included) import one another in a cycle;
 * - production source imports only what `dependencies`/`peerDependencies`/`optionalDependencies`
 *   declare; test code may also use `devDependencies` and the root's dependencies (vitest, say);
 * - no test helper lives under `src/` (helpers go in `test/support/`), and every production file of a
 *   library is reached from an entry point of its `exports` map (else it is a helper or dead code);
 * - no file of non-test source has more than {@link MAX_SOURCE_LINES} lines (generated files excepted).
 * Apps and tooling may import any package they declare.
 *
 * @param root - The workspace root (the directory of `pnpm-workspace.yaml`).
 */
export function checkWorkspace(root: string): CheckResult {
  return checkPackages(readWorkspace(root));
}

/**
 * {@link checkWorkspace} over an already-read workspace.
 *
 * @param workspace - The workspace to check.
 */
export function checkPackages(workspace: Workspace): CheckResult {
  const byName = new Map(workspace.packages.map((pkg) => [pkg.name, pkg]));
  const rootNames = declaredNames(workspace.rootManifest, ALL_SECTIONS);
  const violations: Violation[] = [];
  let files = 0;

  for (const pkg of workspace.packages) {
    const library = isLibraryDirectory(pkg.relativeDir);
    if (library && !layerOf(pkg.name)) {
      violations.push({
        packageName: pkg.name,
        location: 'package.json',
        action: `is a library in ${pkg.relativeDir}`,
        reason: 'not in the layer table of tooling/deps-check/src/layers.ts; add it there',
      });
    }
    if (library) violations.push(...checkDeclaredLayers(pkg, byName), ...checkReachable(pkg));
    violations.push(...checkHouseRules(pkg));
    const runtime = declaredNames(pkg.manifest, RUNTIME_SECTIONS);
    const development = declaredNames(pkg.manifest, ['devDependencies']);
    for (const file of listSourceFiles(pkg.dir)) {
      files++;
      if (isHelperUnderSrc(file.relativePath)) {
        violations.push({
          packageName: pkg.name,
          location: file.relativePath,
          action: 'is a test helper under src/',
          reason:
            'src/ holds the code the package ships and the unit tests beside it; move test helpers to test/support/',
        });
      }
      for (const site of findImports(readFileSync(file.path, 'utf8'))) {
        const target = packageNameOf(site.specifier);
        if (target === undefined || target === pkg.name) continue;
        const location = `${file.relativePath}:${site.line}`;
        const action = `imports ${site.specifier}`;
        const undeclared =
          file.kind === 'production'
            ? productionDeclarationProblem(target, runtime, development)
            : testDeclarationProblem(target, runtime, development, rootNames);
        if (undeclared) {
          violations.push({ packageName: pkg.name, location, action, reason: undeclared });
        }
        if (!library || file.kind !== 'production') continue;
        const layerProblem = libraryEdgeProblem(pkg, byName.get(target));
        if (layerProblem) {
          violations.push({ packageName: pkg.name, location, action, reason: layerProblem });
        }
      }
    }
  }
  return { packages: workspace.packages.length, files, violations: sortViolations(violations) };
}

/** Production files of a library that no published entry point reaches. */
function checkReachable(pkg: WorkspacePackage): Violation[] {
  return findUnreachableFiles(pkg.dir, pkg.manifest).map((file) => ({
    packageName: pkg.name,
    location: file.relativePath,
    action: file.usedByTests
      ? 'is reached from no entry point, only from tests'
      : 'is reached from no entry point',
    reason: file.usedByTests
      ? 'a file only tests use is a test helper: move it to test/support/ (or delete it with its tests if it is dead code)'
      : 'dead code: no export of the package reaches it; delete it or export what it holds',
  }));
}

/** Import cycles (anywhere in the package) and files over the size cap. */
function checkHouseRules(pkg: WorkspacePackage): Violation[] {
  const violations: Violation[] = [];
  for (const cycle of findImportCycles(pkg.dir)) {
    violations.push({
      packageName: pkg.name,
      location: cycle[0] ?? '.',
      action:
        cycle.length > 1
          ? `imports in a cycle with ${cycle.slice(1).join(', ')}`
          : 'imports itself',
      reason: 'files import one another in a cycle; move what they share into a file both import',
    });
  }
  for (const file of findOversizedFiles(pkg.dir)) {
    violations.push({
      packageName: pkg.name,
      location: file.relativePath,
      action: `has ${file.lines} lines`,
      reason: `non-test source is at most ${MAX_SOURCE_LINES} lines a file (generated files excepted); split it by concern`,
    });
  }
  return violations;
}

function checkDeclaredLayers(
  pkg: WorkspacePackage,
  byName: ReadonlyMap<string, WorkspacePackage>,
): Violation[] {
  const violations: Violation[] = [];
  for (const section of RUNTIME_SECTIONS) {
    for (const name of Object.keys(pkg.manifest[section] ?? {})) {
      const problem = libraryEdgeProblem(pkg, byName.get(name));
      if (problem) {
        violations.push({
          packageName: pkg.name,
          location: 'package.json',
          action: `depends on ${name} (${section})`,
          reason: problem,
        });
      }
    }
  }
  return violations;
}

/** Why library `from` may not use workspace package `to` at run time; `undefined` if it may (or `to` is external). */
function libraryEdgeProblem(
  from: WorkspacePackage,
  to: WorkspacePackage | undefined,
): string | undefined {
  if (!to || to.name === from.name) return undefined;
  if (!isLibraryDirectory(to.relativeDir)) {
    return `${to.relativeDir} is an app or tooling package; libraries never depend on one`;
  }
  const fromLayer = layerOf(from.name);
  const toLayer = layerOf(to.name);
  if (!fromLayer) return undefined; // reported once as "not in the layer table"
  if (!toLayer) return `${to.name} is not in the layer table of tooling/deps-check/src/layers.ts`;
  return layerViolation(from.name, fromLayer, to.name, toLayer);
}

function productionDeclarationProblem(
  target: string,
  runtime: ReadonlySet<string>,
  development: ReadonlySet<string>,
): string | undefined {
  if (runtime.has(target)) return undefined;
  if (development.has(target)) {
    return `${target} is only a devDependency; non-test source needs it in dependencies or peerDependencies`;
  }
  return `${target} is not declared in dependencies or peerDependencies`;
}

function testDeclarationProblem(
  target: string,
  runtime: ReadonlySet<string>,
  development: ReadonlySet<string>,
  root: ReadonlySet<string>,
): string | undefined {
  if (runtime.has(target) || development.has(target) || root.has(target)) return undefined;
  return `${target} is not declared in the package's dependencies or devDependencies (nor the root's)`;
}

function sortViolations(violations: Violation[]): Violation[] {
  return violations.sort(
    (a, b) =>
      a.packageName.localeCompare(b.packageName) ||
      a.location.localeCompare(b.location, undefined, { numeric: true }) ||
      a.action.localeCompare(b.action),
  );
}

/**
 * Formats a violation as one line: `package: file:line: imports X (reason)`.
 *
 * @param violation - The violation to print.
 */
export function formatViolation(violation: Violation): string {
  return `${violation.packageName}: ${violation.location}: ${violation.action} (${violation.reason})`;
}
