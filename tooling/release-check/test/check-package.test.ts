import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest, type WorkspacePackage } from '@aigo/deps-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPackage } from '../src/check-package.js';
import { formatReport } from '../src/format-report.js';

const destination = mkdtempSync(join(tmpdir(), 'release-check-test-'));
afterAll(() => rmSync(destination, { recursive: true, force: true }));

function fixture(name: string): WorkspacePackage {
  const dir = fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
  const manifest = readManifest(join(dir, 'package.json'));
  return { name: manifest.name ?? name, dir, relativeDir: `fixtures/${name}`, manifest };
}

// These run the real pnpm pack, publint and attw on small fixture packages.
describe('checkPackage', () => {
  it('passes a package that packs cleanly', async () => {
    const report = await checkPackage(fixture('good'), destination);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ name: '@aigo-fixture/good', version: '1.2.3', budget: 153_600 });
    expect(report.bytes).toBeGreaterThan(100);
    expect(formatReport(report)).toMatch(
      /^ok {3}@aigo-fixture\/good@1\.2\.3 \([\d.]+ (?:B|KiB) of 150\.0 KiB\)$/,
    );
  }, 60_000);

  it('lists every problem of a broken package, publint and attw included', async () => {
    const report = await checkPackage(fixture('broken'), destination);
    const text = formatReport(report);
    expect(text).toMatch(
      /^FAIL @aigo-fixture\/broken@1\.0 \([\d.]+ (?:B|KiB) of 100 B\)\n {2}- "version"/,
    );
    // (pnpm adds the repository's LICENSE to a package inside the workspace, so it has one.)
    expect(report.problems.slice(0, 13)).toEqual([
      '"version" must be a semver version',
      '"license" must be "MIT"',
      '"type" must be "module"',
      '"sideEffects" must be false',
      '"engines.node" must name the supported Node versions',
      '"exports["."]" has no "types" condition',
      '"engines.node" must be ">=22.12"',
      '"repository" must be { "type": "git", "url": …, "directory": "fixtures/broken" }',
      '"homepage" must be an https URL',
      '"bugs" must be { "url": … }',
      `"exports["./typed"]" has no "default" condition, so require('@aigo-fixture/broken/typed') fails`,
      'README.md is missing (the npm page shows it)',
      'the tarball ships 1 test file (lib/index.test.js); exclude them in "files"',
    ]);
    expect(report.problems[13]).toMatch(
      /^packed size [\d.]+ (?:B|KiB) is over its budget of 100 B/,
    );
    expect(report.problems[14]).toMatch(/^publint failed:\n/);
    expect(report.problems[15]).toMatch(/^attw \(--profile esm-only\) failed:\n/);
    expect(report.problems).toHaveLength(16);
  }, 60_000);
});
