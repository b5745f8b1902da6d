#!/usr/bin/env node
/**
 * `aigo-release-smoke [root]` — what a user gets from npm, checked outside the workspace: packs every
 * publishable package with `pnpm pack`, installs the tarballs with npm into a scratch project in the
 * system's temporary folder (with the peers in `SMOKE_PEERS`), then loads every entry point with
 * `require()` from a CommonJS file and with `import()` from an ES module, and runs the root README's
 * first example there against a local stand-in for the OpenAI API, expecting the typed answer and a
 * nonzero cost with its price source. Packages must be built first
 * (`pnpm release:smoke` does that). npm fetches the third-party dependencies from the registry (or
 * its cache). Exits 1 when anything fails.
 *
 * @packageDocumentation
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findWorkspaceRoot, readWorkspace } from '@aigo/deps-check';
import { packPackage } from './pack-package.js';
import { runCommand } from './run-command.js';
import { entryPoints, SMOKE_PEERS, writeSmokeScripts } from './smoke-project.js';
import {
  checkExampleOutput,
  firstTypeScriptBlock,
  offlineExample,
  startScriptedOpenAIServer,
} from './smoke-readme.js';

async function main(argv: readonly string[]): Promise<number> {
  const workspace = readWorkspace(findWorkspaceRoot(argv[0] ?? process.cwd()));
  const publishable = workspace.packages.filter((pkg) => pkg.manifest.private !== true);
  const scratch = mkdtempSync(join(tmpdir(), 'aigo-release-smoke-'));
  try {
    const tarballs: string[] = [];
    for (const pkg of publishable) tarballs.push((await packPackage(pkg.dir, scratch)).tarball);
    const project = join(scratch, 'project');
    writeFileSync(join(scratch, 'package.json'), '{}');
    await runCommand('mkdir', ['-p', project], scratch);
    writeFileSync(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'aigo-release-smoke', private: true, version: '0.0.0' }, null, 2)}\n`,
    );
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const install = await runCommand(
      npm,
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
        ...tarballs,
        ...SMOKE_PEERS,
      ],
      project,
    );
    if (install.code !== 0) {
      console.error(`release-smoke: npm install of the tarballs failed:\n${install.output}`);
      return 1;
    }
    console.log(`release-smoke: npm installed ${tarballs.length} tarballs into ${project}`);
    const specifiers = publishable.flatMap((pkg) => entryPoints(pkg.manifest));
    for (const script of writeSmokeScripts(project, specifiers)) {
      const run = await runCommand(process.execPath, [script], project);
      process.stdout.write(run.output);
      if (run.code !== 0) {
        console.error(`release-smoke: ${script} failed`);
        return 1;
      }
    }
    const server = await startScriptedOpenAIServer();
    try {
      const readme = readFileSync(join(workspace.root, 'README.md'), 'utf8');
      const example = join(project, 'readme-example.mjs');
      writeFileSync(example, offlineExample(firstTypeScriptBlock(readme), server.baseURL));
      const run = await runCommand(process.execPath, [example], project);
      process.stdout.write(run.output);
      const problems =
        run.code === 0 ? checkExampleOutput(run.stdout) : [`it exited with ${run.code}`];
      if (problems.length > 0) {
        console.error(`release-smoke: the README example failed: ${problems.join('; ')}`);
        return 1;
      }
    } finally {
      await server.close();
    }
    console.log(
      `release-smoke: ${specifiers.length} entry points of ${publishable.length} packages load with require() and import() on Node ${process.version}; the README example printed its answer and a priced cost.`,
    );
    return 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`release-smoke: ${(error as Error).message}`);
    process.exitCode = 2;
  },
);
