#!/usr/bin/env node
/**
 * `aigo-release-check [root]` — packs every publishable (non-private) package of the workspace with
 * `pnpm pack` into a temporary directory and checks each tarball (see `checkPackage`). Packages must be
 * built first (`pnpm release:check` does that). Exits 1 when any package has a problem.
 *
 * @packageDocumentation
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findWorkspaceRoot, readWorkspace } from '@aigo/deps-check';
import { checkPackage, type PackageReport } from './check-package.js';
import { formatReport } from './format-report.js';

async function main(argv: readonly string[]): Promise<number> {
  const workspace = readWorkspace(findWorkspaceRoot(argv[0] ?? process.cwd()));
  const publishable = workspace.packages.filter((pkg) => pkg.manifest.private !== true);
  if (publishable.length === 0) {
    console.error('release-check: no publishable packages found');
    return 1;
  }
  const destination = mkdtempSync(join(tmpdir(), 'aigo-release-check-'));
  const reports: PackageReport[] = [];
  try {
    // Two at a time: each package runs pnpm, publint and attw, and the machine may have two cores.
    for (let index = 0; index < publishable.length; index += 2) {
      const batch = publishable.slice(index, index + 2);
      for (const report of await Promise.all(batch.map((pkg) => checkPackage(pkg, destination)))) {
        console.log(formatReport(report));
        reports.push(report);
      }
    }
  } finally {
    rmSync(destination, { recursive: true, force: true });
  }
  const failed = reports.filter((report) => report.problems.length > 0);
  if (failed.length > 0) {
    console.error(
      `release-check: ${failed.length} of ${reports.length} packages cannot ship: ${failed.map((r) => r.name).join(', ')}.`,
    );
    return 1;
  }
  const count =
    reports.length === 1
      ? 'the 1 publishable package packs'
      : `all ${reports.length} publishable packages pack`;
  console.log(`release-check: ${count} cleanly.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`release-check: ${(error as Error).message}`);
    process.exitCode = 2;
  },
);
