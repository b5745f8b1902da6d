import type { PackageManifest } from '@aigo/deps-check';

/** The oldest Node every published package supports. */
export const SUPPORTED_NODE = '>=22.12';

/**
 * Checks what users and registries read from a published package.json besides its shape: the
 * supported Node range, where the code lives (`repository` with the package's `directory`,
 * `homepage`, `bugs`), an `exports` map that CommonJS can `require` (Node's `require(esm)` needs a
 * `default` or `require` condition on every entry point), and runtime dependencies in caret ranges, so
 * users get their dependencies' fixes without a new aigo release.
 *
 * @param manifest - The package's package.json.
 * @param directory - The package's folder relative to the repository root (`packages/ai`).
 * @returns One sentence per problem; empty when the manifest is fine.
 */
export function checkPublishMetadata(manifest: PackageManifest, directory: string): string[] {
  const problems: string[] = [];
  const engines = manifest.engines as Record<string, unknown> | undefined;
  if (engines?.node !== SUPPORTED_NODE) {
    problems.push(`"engines.node" must be "${SUPPORTED_NODE}"`);
  }
  const repository = manifest.repository as Record<string, unknown> | undefined;
  if (
    typeof repository !== 'object' ||
    repository === null ||
    repository.type !== 'git' ||
    typeof repository.url !== 'string' ||
    repository.directory !== directory
  ) {
    problems.push(`"repository" must be { "type": "git", "url": …, "directory": "${directory}" }`);
  }
  if (typeof manifest.homepage !== 'string' || !manifest.homepage.startsWith('https://')) {
    problems.push('"homepage" must be an https URL');
  }
  const bugs = manifest.bugs as Record<string, unknown> | undefined;
  if (typeof bugs !== 'object' || bugs === null || typeof bugs.url !== 'string') {
    problems.push('"bugs" must be { "url": … }');
  }
  const exportsField = manifest.exports;
  if (typeof exportsField === 'object' && exportsField !== null && !Array.isArray(exportsField)) {
    for (const [subpath, target] of Object.entries(exportsField as Record<string, unknown>)) {
      if (subpath.endsWith('.json') || typeof target !== 'object' || target === null) continue;
      const conditions = target as Record<string, unknown>;
      if (conditions.default === undefined && conditions.require === undefined) {
        problems.push(
          `"exports["${subpath}"]" has no "default" condition, so require('${manifest.name ?? ''}${subpath.slice(1)}') fails`,
        );
      }
    }
  }
  for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
    if (range.startsWith('workspace:')) continue;
    if (!range.startsWith('^')) {
      problems.push(`dependency "${name}" must use a caret range (got "${range}")`);
    }
  }
  return problems;
}

/**
 * Checks that a README tells users how to install the package: a line with `npm i <name>` (or
 * `npm install`, `pnpm add`).
 *
 * @param readme - The README's text.
 * @param name - The package name.
 */
export function checkInstallLine(readme: string, name: string): string[] {
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const install = new RegExp(`(?:npm i|npm install|pnpm add)\\s+(?:-D\\s+)?${escaped}(?![\\w-])`);
  return install.test(readme) ? [] : [`README.md has no install line ("npm i ${name}")`];
}

/**
 * Checks that the tarball carries the license text (pnpm adds the repository's LICENSE when the
 * package has none of its own; this keeps it so).
 */
export function checkLicenseFile(files: readonly string[]): string[] {
  return files.some((file) => /^LICEN[CS]E(?:\.md|\.txt)?$/i.test(file))
    ? []
    : ['the tarball has no LICENSE file'];
}
