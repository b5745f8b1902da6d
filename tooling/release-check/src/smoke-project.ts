import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackageManifest } from '@aigo/deps-check';

/**
 * Peer dependencies the scratch project installs beside the tarballs: the optional ones a user of the
 * whole set installs anyway (schemas for tools, the PostgreSQL driver, the OpenTelemetry API, vitest
 * for the test-support entry points).
 */
export const SMOKE_PEERS: readonly string[] = [
  'typebox@^1.4.3',
  'pg@^8.11.0',
  '@opentelemetry/api@^1.9.0',
  'vitest@^4.1.12',
];

/**
 * The module specifiers a user can load from a package: its name for `"."` and `name/sub` for every
 * other JavaScript entry point of its `exports` map (JSON entries and `./package.json` left out).
 * An entry named `…/vitest` is left out too: it is loaded by a test file inside Vitest's runner and
 * registers its hooks as it loads (`@aigo/pg/testing/vitest`), which no plain `require` or `import`
 * can do; the packages' own suites load it from the built package.
 */
export function entryPoints(manifest: PackageManifest): string[] {
  const name = manifest.name ?? '';
  const exportsField = manifest.exports;
  if (typeof exportsField !== 'object' || exportsField === null) return [name];
  return Object.keys(exportsField as Record<string, unknown>)
    .filter(
      (subpath) =>
        !subpath.endsWith('.json') && !subpath.includes('*') && !subpath.endsWith('/vitest'),
    )
    .map((subpath) => (subpath === '.' ? name : `${name}${subpath.slice(1)}`));
}

/**
 * Writes the two scripts the smoke check runs in the scratch project: `require.cjs` loads every entry
 * point with `require()` (Node's `require(esm)`), `import.mjs` with `import()`. Each fails on an entry
 * point that does not load or exports nothing, and prints one line per entry point.
 *
 * @returns The paths of the two scripts.
 */
export function writeSmokeScripts(dir: string, specifiers: readonly string[]): [string, string] {
  const list = JSON.stringify(specifiers);
  const check = `
function check(specifier, module, how) {
  const names = Object.keys(module).filter((name) => name !== 'default' && name !== '__esModule');
  if (names.length === 0) throw new Error(how + ' ' + specifier + ': exports nothing');
  console.log(how + ' ' + specifier + ': ' + names.length + ' exports');
}`;
  const requireScript = join(dir, 'require.cjs');
  writeFileSync(
    requireScript,
    `'use strict';${check}\nfor (const specifier of ${list}) check(specifier, require(specifier), 'require');\n`,
  );
  const importScript = join(dir, 'import.mjs');
  writeFileSync(
    importScript,
    `${check}\nfor (const specifier of ${list}) check(specifier, await import(specifier), 'import');\n`,
  );
  return [requireScript, importScript];
}
