// Installed size of each stack's dependency closure: `npm install` into an empty folder, peer
// dependencies excluded (`--omit=peer`), then `du -sk node_modules`. aigo's packages are installed from
// their packed tarballs (`pnpm pack`, which turns `workspace:^` into versions; `files: ["dist"]`);
// the anchors from the registry at the versions the bench package has installed.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from '../../shared/paths.mjs';

const root = fileURLToPath(repositoryRoot);

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd, timeout: 180_000, maxBuffer: 16 * 2 ** 20 },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`${command} ${args.join(' ')}: ${error.message}\n${stderr}`.trim()));
        else resolve(stdout);
      },
    );
  });
}

/** The version of `name` installed for the bench package (resolved from this folder). */
function installedVersion(name) {
  let dir = fileURLToPath(import.meta.resolve(name));
  // Walk up from the entry file to the package's own package.json.
  for (;;) {
    dir = join(dir, '..');
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (manifest.name === name) return manifest.version;
    } catch {
      // not a package folder
    }
  }
}

/** The version of `name` the bench package has installed, as an npm spec (`name@1.2.3`). */
export const installedSpec = (name) => `${name}@${installedVersion(name)}`;

/** What each stack installs: tarballs of workspace packages, or registry specs. */
export function stackInstalls() {
  const at = (name) => `${name}@${installedVersion(name)}`;
  return {
    floor: { registry: [at('undici'), at('eventsource-parser')] },
    'aigo-openai': { workspace: ['ai', 'http', 'openai'] },
    'aigo-client': { workspace: ['ai', 'http', 'openai', 'client'] },
    'openai-sdk': { registry: [at('openai')] },
    'ai-sdk': { registry: [at('ai'), at('@ai-sdk/openai')] },
    langchain: { registry: [at('@langchain/openai')] },
  };
}

async function npmInstall(specs, dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  await run(
    'npm',
    [
      'install',
      '--omit=peer',
      '--omit=dev',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--engine-strict',
      '--loglevel=error',
      ...specs,
    ],
    dir,
  );
  const kb = Number((await run('du', ['-sk', 'node_modules'], dir)).split(/\s/)[0]);
  const packages = [];
  const top = join(dir, 'node_modules');
  for (const entry of readdirSync(top)) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@'))
      for (const sub of readdirSync(join(top, entry))) packages.push(`${entry}/${sub}`);
    else packages.push(entry);
  }
  return { kb, packages: packages.length };
}

/**
 * Installs every stack's closure (`installs`, by default the anchors' of `stackInstalls`) into its own
 * empty folder (all at once: nothing else is measured while this runs) and resolves to
 * `{ [stack]: { specs, kb, packages } | { specs, error } }`.
 */
export async function measureInstalledSizes(installs = stackInstalls()) {
  const scratch = mkdtempSync(join(tmpdir(), 'aigo-bench-size-'));
  try {
    const workspace = [...new Set(Object.values(installs).flatMap((i) => i.workspace ?? []))];
    const tarballs = join(scratch, 'tarballs');
    mkdirSync(tarballs);
    await Promise.all(
      workspace.map((name) =>
        run('pnpm', ['--filter', `@aigo/${name}`, 'pack', '--pack-destination', tarballs], root),
      ),
    );
    const files = readdirSync(tarballs);
    const tarball = (name) => {
      const file = files.find((f) => f.startsWith(`aigo-${name}-`) && f.endsWith('.tgz'));
      if (!file) throw new Error(`no tarball for @aigo/${name}`);
      return join(tarballs, file);
    };
    const entries = await Promise.all(
      Object.entries(installs).map(async ([stack, install]) => {
        const specs = install.registry ?? install.workspace.map((name) => `@aigo/${name}`);
        try {
          const args = install.registry ?? install.workspace.map(tarball);
          return [stack, { specs, ...(await npmInstall(args, join(scratch, stack))) }];
        } catch (error) {
          return [stack, { specs, error: String(error.message).split('\n')[0] }];
        }
      }),
    );
    return Object.fromEntries(entries);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
