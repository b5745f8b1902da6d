import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { findImports } from './imports.js';
import type { SourceFile } from './source-files.js';

/** The source files a relative specifier may name: itself, or the TypeScript file its `.js` stands for. */
function candidatesOf(path: string): string[] {
  if (path.endsWith('.js')) return [path, `${path.slice(0, -3)}.ts`, `${path.slice(0, -3)}.tsx`];
  if (path.endsWith('.mjs')) return [path, `${path.slice(0, -4)}.mts`];
  if (path.endsWith('.cjs')) return [path, `${path.slice(0, -4)}.cts`];
  return [path];
}

/**
 * The relative imports among a set of source files: for each file (by normalised absolute path) the
 * files of the set it imports (`./x.js` resolves to `./x.ts` when there is no `./x.js`). Type-only
 * imports, re-exports and `import()` with a string literal count.
 *
 * @param files - The files to read.
 */
export function relativeImportGraph(files: readonly SourceFile[]): Map<string, string[]> {
  const known = new Set(files.map((file) => normalize(file.path)));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const from = normalize(file.path);
    const targets: string[] = [];
    for (const site of findImports(readFileSync(file.path, 'utf8'))) {
      if (!site.specifier.startsWith('.')) continue;
      const named = normalize(join(dirname(from), site.specifier));
      const target = candidatesOf(named).find((candidate) => known.has(candidate));
      if (target !== undefined) targets.push(target);
    }
    edges.set(from, targets);
  }
  return edges;
}
