import { existsSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { relativeImportGraph } from './import-graph.js';
import type { PackageManifest } from './manifest.js';
import { listSourceFiles } from './source-files.js';

/** A production file of a library that none of the package's entry points reaches. */
export interface UnreachableFile {
  /** Path relative to the package directory, `/`-separated. */
  readonly relativePath: string;
  /** Whether a test imports it: a test helper under `src/` rather than dead code. */
  readonly usedByTests: boolean;
}

/** Every string target of an `exports` map (conditions and subpaths, at any depth) and of `bin`. */
function publishedTargets(manifest: PackageManifest): string[] {
  const targets: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') targets.push(value);
    else if (value && typeof value === 'object')
      for (const inner of Object.values(value)) visit(inner);
  };
  visit(manifest.exports);
  visit(manifest.bin);
  return targets;
}

/**
 * The source files a library publishes as entry points: each `./dist/<name>.js` target of its
 * `exports` map or `bin` is built from `src/<name>.ts` (or `.tsx`, `.mts`, `.js`).
 *
 * @param packageDir - Absolute package directory.
 * @param manifest - Its package.json.
 */
export function entryFiles(packageDir: string, manifest: PackageManifest): string[] {
  const entries = new Set<string>();
  for (const target of publishedTargets(manifest)) {
    const match = /^\.\/dist\/(.+)\.(?:m?js|cjs)$/.exec(target);
    if (!match?.[1]) continue;
    for (const extension of ['.ts', '.tsx', '.mts', '.js', '.mjs']) {
      const path = normalize(join(packageDir, 'src', `${match[1]}${extension}`));
      if (existsSync(path)) {
        entries.add(path);
        break;
      }
    }
  }
  return [...entries];
}

/**
 * The production files under `src/` of a library that no entry point reaches through relative imports
 * (`import`, `export … from`, `import()` with a literal; type-only imports count): test helpers that do
 * not say so by their name, or dead code. Empty when the package publishes no entry built from `src/`.
 *
 * @param packageDir - Absolute package directory.
 * @param manifest - Its package.json.
 */
export function findUnreachableFiles(
  packageDir: string,
  manifest: PackageManifest,
): UnreachableFile[] {
  const entries = entryFiles(packageDir, manifest);
  if (entries.length === 0) return [];
  const files = listSourceFiles(packageDir);
  const edges = relativeImportGraph(files);
  const reached = new Set<string>();
  const pending = [...entries];
  for (let path = pending.pop(); path !== undefined; path = pending.pop()) {
    if (reached.has(path)) continue;
    reached.add(path);
    for (const target of edges.get(path) ?? []) if (!reached.has(target)) pending.push(target);
  }
  const importedByTests = new Set<string>();
  for (const file of files) {
    if (file.kind !== 'test') continue;
    for (const target of edges.get(normalize(file.path)) ?? []) importedByTests.add(target);
  }
  return files
    .filter((file) => file.kind === 'production' && !reached.has(normalize(file.path)))
    .filter((file) => !file.relativePath.endsWith('.d.ts'))
    .map((file) => ({
      relativePath: file.relativePath,
      usedByTests: importedByTests.has(normalize(file.path)),
    }));
}
