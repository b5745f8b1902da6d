import type { PackageManifest } from '@aigo/deps-check';

const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/**
 * Checks the package.json fields every published aigo package needs (docs/design.md, "Conventions" and "Release"): a semver `version`,
 * `license: "MIT"`, `type: "module"`, `sideEffects: false`, `engines.node`, a `files` list, and an
 * `exports` map whose entry points (every subpath except JSON files) carry a `types` condition.
 *
 * @param manifest - The package's package.json.
 * @returns One sentence per problem; empty when the manifest is fine.
 */
export function checkManifest(manifest: PackageManifest): string[] {
  const problems: string[] = [];
  if (typeof manifest.version !== 'string' || !SEMVER.test(manifest.version)) {
    problems.push('"version" must be a semver version');
  }
  if (manifest.license !== 'MIT') problems.push('"license" must be "MIT"');
  if (manifest.type !== 'module') problems.push('"type" must be "module"');
  if (manifest.sideEffects !== false) problems.push('"sideEffects" must be false');
  const engines = manifest.engines;
  if (
    typeof engines !== 'object' ||
    engines === null ||
    typeof (engines as Record<string, unknown>).node !== 'string'
  ) {
    problems.push('"engines.node" must name the supported Node versions');
  }
  if (!Array.isArray(manifest.files) || manifest.files.length === 0) {
    problems.push('"files" must list what the tarball ships');
  }
  problems.push(...checkExports(manifest.exports));
  return problems;
}

function checkExports(exportsField: unknown): string[] {
  if (typeof exportsField !== 'object' || exportsField === null || Array.isArray(exportsField)) {
    return ['"exports" must be a map of subpaths ({ ".": { "types": …, "import": … } })'];
  }
  const entries = Object.entries(exportsField as Record<string, unknown>);
  if (!entries.every(([key]) => key.startsWith('.'))) {
    return ['"exports" must be keyed by subpath (".", "./package.json", …)'];
  }
  const problems: string[] = [];
  if (!entries.some(([key]) => key === '.')) problems.push('"exports" has no "." entry');
  for (const [subpath, target] of entries) {
    if (subpath.endsWith('.json') || target === null) continue;
    if (!hasTypesCondition(target)) {
      problems.push(`"exports["${subpath}"]" has no "types" condition`);
    }
  }
  return problems;
}

/** Whether every branch of a conditional export resolves types (a nested condition object counts). */
function hasTypesCondition(target: unknown): boolean {
  if (typeof target !== 'object' || target === null || Array.isArray(target)) return false;
  const conditions = target as Record<string, unknown>;
  if (typeof conditions.types === 'string') return true;
  const nested = Object.values(conditions).filter((value) => typeof value === 'object');
  return nested.length > 0 && nested.every(hasTypesCondition);
}

/**
 * Checks the list of files a tarball ships: its package.json and README.md, and no tests (`*.test.*`, `*.spec.*`).
 *
 * @param files - Paths inside the tarball, relative to the package root (`dist/index.js`).
 * @returns One sentence per problem; empty when the list is fine.
 */
export function checkTarballFiles(files: readonly string[]): string[] {
  const problems: string[] = [];
  if (!files.includes('package.json')) problems.push('the tarball has no package.json');
  if (!files.includes('README.md')) problems.push('README.md is missing (the npm page shows it)');
  const tests = files.filter((file) => /\.(?:test|spec)\.[^/]+$/.test(file));
  if (tests.length > 0) {
    const shown = tests.slice(0, 3).join(', ');
    problems.push(
      `the tarball ships ${tests.length} test file${tests.length === 1 ? '' : 's'} (${shown}${tests.length > 3 ? ', …' : ''}); exclude them in "files"`,
    );
  }
  return problems;
}
