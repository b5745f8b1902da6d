#!/usr/bin/env node
/**
 * `aigo-pack-all [root]` (`pnpm pack:all`) — the packages from a clone, for a user's own project
 * before they are on npm: packs every publishable package with `pnpm pack` (`workspace:` ranges
 * rewritten as on publish) into `dist-packages/` at the workspace root (emptied first), then prints
 * the one `npm install` line that installs them all, with typebox, into another project. npm must
 * get all the tarballs in one command: they depend on each other by version, and only the tarballs
 * given together satisfy those versions before the first release. Packages must be built first
 * (`pnpm pack:all` does that).
 *
 * @packageDocumentation
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findWorkspaceRoot, readWorkspace } from '@aigo/deps-check';
import { packPackage } from './pack-package.js';

/** The folder, under the workspace root, the tarballs are written to. */
const PACK_ALL_FOLDER = 'dist-packages';

/** The `npm install` line for `tarballs` (absolute paths), quoted for a POSIX shell when needed. */
function installLine(tarballs: readonly string[]): string {
  const quote = (path: string) =>
    /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
  return ['npm install', ...tarballs.map(quote), 'typebox'].join(' ');
}

async function main(argv: readonly string[]): Promise<number> {
  const workspace = readWorkspace(findWorkspaceRoot(argv[0] ?? process.cwd()));
  const publishable = workspace.packages.filter((pkg) => pkg.manifest.private !== true);
  const destination = join(workspace.root, PACK_ALL_FOLDER);
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  const tarballs: string[] = [];
  for (const pkg of publishable) {
    const { tarball } = await packPackage(pkg.dir, destination);
    tarballs.push(tarball);
    console.log(`packed ${pkg.manifest.name} → ${relative(workspace.root, tarball)}`);
  }
  console.log(
    `\n${tarballs.length} packages in ${destination}. In your project, install them in one command (they depend on each other by version); add pg for the PostgreSQL packages and @opentelemetry/api for @aigo/otel:\n\n${installLine(tarballs)}\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`pack:all: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
