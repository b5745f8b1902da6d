import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What a source file is for: shipped code, or tests and tooling that only run in the repository. */
export type SourceKind = 'production' | 'test';

/** A source file of a package. */
export interface SourceFile {
  /** Absolute path. */
  readonly path: string;
  /** Path relative to the package directory, `/`-separated (`src/index.ts`). */
  readonly relativePath: string;
  readonly kind: SourceKind;
}

const SOURCE_EXTENSION = /\.(?:[cm]?[jt]s|[jt]sx)$/;
/** Directories never scanned: build output, dependencies, caches and fixture data (fake monorepos included). */
const SKIPPED_DIRECTORIES = new Set([
  'node_modules',
  'dist',
  'coverage',
  '.turbo',
  'fixtures',
  '__fixtures__',
]);
/** Directory names whose files are test code wherever they appear. */
const TEST_DIRECTORIES = new Set(['test', 'tests', '__tests__', '__mocks__']);
/** `*.test.ts`, `*.spec.ts`, `*.bench.ts`, `*.test-d.ts`: files vitest runs (or type-checks) as tests. */
const TEST_SUITE_FILE = /\.(?:test|spec|bench|test-d)\.[cm]?[jt]sx?$/;
/** Test suites, and test helpers named `test-*.ts`. */
const TEST_FILE = /(?:\.(?:test|spec|bench|test-d)\.[cm]?[jt]sx?$)|^test-/;
/** Configuration files of the tools (`vitest.config.ts`, `biome.config.mjs`). */
const CONFIG_FILE = /\.config\.[cm]?[jt]s$/;

/**
 * Classifies a package-relative path. Production code is what lives under `src/` and is not a test or
 * a test helper; everything else (tests, `test/` helpers, config files such as `vitest.config.ts`) is
 * test code, which may also use devDependencies.
 *
 * @param relativePath - Path relative to the package directory, `/`-separated.
 */
export function classify(relativePath: string): SourceKind {
  const parts = relativePath.split('/');
  const fileName = parts.at(-1) ?? '';
  if (parts[0] !== 'src' || parts.length < 2) return 'test';
  if (parts.slice(0, -1).some((part) => TEST_DIRECTORIES.has(part))) return 'test';
  return TEST_FILE.test(fileName) ? 'test' : 'production';
}

/**
 * Whether a package-relative path is a test helper under `src/`: test code (by name or folder) that
 * is not itself a test suite. Helpers belong in `test/support/`, where they cannot pass for the
 * package's own code.
 *
 * @param relativePath - Path relative to the package directory, `/`-separated.
 */
export function isHelperUnderSrc(relativePath: string): boolean {
  const parts = relativePath.split('/');
  if (parts[0] !== 'src' || parts.length < 2) return false;
  return classify(relativePath) === 'test' && !TEST_SUITE_FILE.test(parts.at(-1) ?? '');
}

/**
 * Whether a package-relative path is source that is not test code or configuration, wherever it is
 * (`src/`, a tooling package's `runner/`, an app's `ui/`): what the size cap of the house applies to.
 *
 * @param relativePath - Path relative to the package directory, `/`-separated.
 */
export function isNonTestSource(relativePath: string): boolean {
  const parts = relativePath.split('/');
  const fileName = parts.at(-1) ?? '';
  if (parts.slice(0, -1).some((part) => TEST_DIRECTORIES.has(part))) return false;
  return !TEST_FILE.test(fileName) && !CONFIG_FILE.test(fileName);
}

/**
 * Lists a package's JavaScript and TypeScript sources (skipping build output, dependencies and fixtures),
 * sorted by path.
 *
 * @param packageDir - Absolute package directory.
 */
export function listSourceFiles(packageDir: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relativePath = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.')) {
          walk(join(dir, entry.name), relativePath);
        }
      } else if (entry.isFile() && SOURCE_EXTENSION.test(entry.name)) {
        files.push({
          path: join(dir, entry.name),
          relativePath,
          kind: classify(relativePath),
        });
      }
    }
  };
  walk(packageDir, '');
  return files.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
}
