// `pnpm dup:check`: runs jscpd (configured by jscpd.json beside this file: at least 6 lines and 50
// tokens; generated price tables, fixtures and build output ignored) over packages/, apps/ and
// tooling/, then sorts the clones it found:
//
//   failing    the two copies are in two different workspace packages, neither in a test — code
//              copied between packages, which belongs once in a package both use (@aigo/http's
//              wire/ kit, @aigo/ai, @aigo/pg/testing, @aigo/testing);
//   reported   any other clone (inside one package, or in tests and test helpers): printed, so it
//              can be cleaned up, but it does not fail the check.
//
// Exit code 1 when there is a failing clone, else 0.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const require = createRequire(import.meta.url);
const jscpdPackage = require.resolve('jscpd/package.json');
const jscpdBin = join(dirname(jscpdPackage), require(jscpdPackage).bin.jscpd);

/** `packages/openai`, `apps/demo`, `tooling/bench`: the workspace package a path is in. */
function packageOf(path) {
  const parts = path.split(/[\\/]/);
  return parts.length >= 2 ? `${parts[0]}/${parts[1]}` : path;
}

/** A test, a test helper or a test fixture: under a `test/` folder, or a `*.test.*` file. */
function isTest(path) {
  const parts = path.split(/[\\/]/);
  return parts.includes('test') || parts.includes('tests') || /\.test\.[cm]?[jt]sx?$/.test(path);
}

const output = mkdtempSync(join(tmpdir(), 'aigo-dup-check-'));
try {
  const run = spawnSync(
    process.execPath,
    [
      jscpdBin,
      '--config',
      join(here, 'jscpd.json'),
      '--reporters',
      'json',
      '--output',
      output,
      '--absolute',
      'packages',
      'apps',
      'tooling',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    process.stderr.write(run.stdout ?? '');
    process.stderr.write(run.stderr ?? '');
    console.error(`dup:check: jscpd exited with ${run.status ?? run.signal}`);
    process.exit(2);
  }
  const report = JSON.parse(readFileSync(join(output, 'jscpd-report.json'), 'utf8'));
  const failing = [];
  const reported = [];
  for (const clone of report.duplicates ?? []) {
    const first = relative(root, clone.firstFile.name).split(sep).join('/');
    const second = relative(root, clone.secondFile.name).split(sep).join('/');
    const line = `${first}:${clone.firstFile.start}-${clone.firstFile.end} ≡ ${second}:${clone.secondFile.start}-${clone.secondFile.end} (${clone.lines} lines)`;
    const between = packageOf(first) !== packageOf(second);
    if (between && !isTest(first) && !isTest(second)) failing.push(line);
    else reported.push(line);
  }
  const files = report.statistics?.total?.sources ?? 0;
  if (reported.length > 0) {
    console.log(
      `Clones inside one package or in tests (reported, not failing): ${reported.length}`,
    );
    for (const line of reported) console.log(`  ${line}`);
  }
  if (failing.length > 0) {
    console.error(`\nCode copied between packages outside tests: ${failing.length}`);
    for (const line of failing) console.error(`  ${line}`);
    console.error(
      '\nPut it once where both packages can use it (CONTRIBUTING.md, "Adding a provider adapter").',
    );
    process.exit(1);
  }
  console.log(`dup:check: ${files} files, no code copied between packages outside tests.`);
} finally {
  rmSync(output, { recursive: true, force: true });
}
