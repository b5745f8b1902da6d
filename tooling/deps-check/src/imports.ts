import { builtinModules } from 'node:module';
import ts from 'typescript';

/** One module specifier found in a source file. */
export interface ImportSite {
  /** The specifier as written (`@aigo/ai`, `./x.js`, `node:fs`). */
  readonly specifier: string;
  /** 1-based line of the specifier. */
  readonly line: number;
}

/**
 * Finds every module specifier of a source text: static imports (`import type` included), re-exports
 * (`export … from`), side-effect imports, `import x = require()`, `require()` and `import()` calls with a
 * string literal, and `typeof import('x')` types. Comments and strings are skipped. Uses the TypeScript
 * pre-processor (`ts.preProcessFile`), so it needs no type information and no tsconfig.
 *
 * @param text - The source text.
 */
export function findImports(text: string): ImportSite[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const sites: ImportSite[] = [];
  let line = 1;
  let scanned = 0;
  // One forward pass over the sites in source order counts the lines.
  for (const file of [...importedFiles].sort((a, b) => a.pos - b.pos)) {
    for (; scanned < file.pos && scanned < text.length; scanned++) {
      if (text.charCodeAt(scanned) === 10) line++;
    }
    sites.push({ specifier: file.fileName, line });
  }
  return sites;
}

const BUILTINS = new Set(builtinModules);

/**
 * The package a bare specifier names (`@aigo/ai/package.json` → `@aigo/ai`, `typebox/value` → `typebox`),
 * or `undefined` for relative and absolute paths, `#` subpath imports, Node built-ins and URLs.
 *
 * @param specifier - A module specifier.
 */
export function packageNameOf(specifier: string): string | undefined {
  if (
    specifier === '' ||
    specifier.startsWith('.') ||
    specifier.startsWith('/') ||
    specifier.startsWith('#') ||
    specifier.includes(':')
  ) {
    return undefined;
  }
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  if (BUILTINS.has(name)) return undefined;
  return name;
}
