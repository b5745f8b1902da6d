import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkspacePackage } from '@aigo/deps-check';
import { checkManifest, checkTarballFiles } from './manifest-checks.js';
import { packPackage } from './pack-package.js';
import { checkInstallLine, checkLicenseFile, checkPublishMetadata } from './publish-checks.js';
import { runCommand } from './run-command.js';
import { sizeBudgetOf, sizeProblem } from './size-budget.js';
import { toolInvocation } from './tools.js';

/** The verdict on one package. */
export interface PackageReport {
  readonly name: string;
  readonly version: string;
  /** Tarball size in bytes, when packing worked. */
  readonly bytes?: number;
  /** Size budget in bytes, when it is readable. */
  readonly budget?: number;
  /** Every problem found; empty when the package may ship. */
  readonly problems: readonly string[];
}

/**
 * Packs one package and checks it: package.json fields (shape and publish metadata), README.md and
 * its install line, what the tarball ships (LICENSE included), its size against the budget,
 * `publint --strict` and `attw --profile esm-only` on the tarball.
 *
 * @param pkg - The workspace package (must be built).
 * @param destination - A directory for the tarball.
 */
export async function checkPackage(
  pkg: WorkspacePackage,
  destination: string,
): Promise<PackageReport> {
  const problems = checkManifest(pkg.manifest);
  problems.push(...checkPublishMetadata(pkg.manifest, pkg.relativeDir));
  const readmePath = join(pkg.dir, 'README.md');
  if (existsSync(readmePath)) {
    problems.push(...checkInstallLine(readFileSync(readmePath, 'utf8'), pkg.name));
  } else {
    problems.push('README.md is missing (the npm page shows it)');
  }
  const budget = sizeBudgetOf(pkg.manifest);
  if (!budget.ok) problems.push(budget.problem);
  const version = typeof pkg.manifest.version === 'string' ? pkg.manifest.version : '?';

  let packed: Awaited<ReturnType<typeof packPackage>>;
  try {
    packed = await packPackage(pkg.dir, destination);
  } catch (error) {
    problems.push((error as Error).message);
    return { name: pkg.name, version, problems };
  }
  for (const problem of [...checkTarballFiles(packed.files), ...checkLicenseFile(packed.files)]) {
    if (!problems.includes(problem)) problems.push(problem);
  }
  if (budget.ok) {
    const tooBig = sizeProblem(packed.bytes, budget.bytes);
    if (tooBig) problems.push(tooBig);
  }

  const publint = toolInvocation('publint', 'publint');
  const attw = toolInvocation('@arethetypeswrong/cli', 'attw');
  const [lint, types] = await Promise.all([
    runCommand(publint.command, [...publint.args, 'run', packed.tarball, '--strict'], pkg.dir),
    runCommand(
      attw.command,
      [...attw.args, packed.tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-emoji'],
      pkg.dir,
    ),
  ]);
  if (lint.code !== 0) problems.push(`publint failed:\n${indent(lint.output)}`);
  if (types.code !== 0) problems.push(`attw (--profile esm-only) failed:\n${indent(types.output)}`);

  return {
    name: pkg.name,
    version,
    bytes: packed.bytes,
    ...(budget.ok ? { budget: budget.bytes } : {}),
    problems,
  };
}

function indent(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
