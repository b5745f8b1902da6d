#!/usr/bin/env node
// Builds the publishable package in the current directory into `dist/`: one ES module and one
// declaration file per entry point of its `exports` map, and one ES module per `bin` in `dist/`
// (chunks for code two entries share), with every dependency left as an import.
//
// Why not the plain `tsc` output: ESM loading costs Node about half a millisecond per file, and a
// package of 40 small modules took 25–45 ms to import where its bundle takes 5–10; the files' 4 KiB
// disk blocks also doubled the installed size. So `tsc` (type checking, declarations) writes to
// `.tsc/`, esbuild bundles its JavaScript and rollup-plugin-dts its declarations, and `.tsc/` is
// removed. Nothing is minified: the code users step through is the code we wrote, without comments.
import { readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';

const root = process.cwd();
const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const tscOut = join(root, '.tsc');
const dist = join(root, 'dist');
// Written next to dist/ and swapped in at the end, so that dist/ is never half-built while
// something else (a test, a benchmark) imports it.
const staging = join(root, '.dist-next');

/**
 * `{ name: 'cli', js: './dist/cli.js' }` for each `bin` of the package that points into `./dist/`:
 * bundled like the exports' entries (the source's `#!` line kept), without a declaration file.
 */
function binEntriesOf(pkg) {
  const bins = typeof pkg.bin === 'string' ? [pkg.bin] : Object.values(pkg.bin ?? {});
  return bins
    .filter((js) => typeof js === 'string' && js.startsWith('./dist/') && js.endsWith('.js'))
    .map((js) => ({ name: js.slice('./dist/'.length, -'.js'.length), js }));
}

/** `{ name: 'index', js: './dist/index.js' }` for each entry of the exports map that is code. */
function entriesOf(pkg) {
  const entries = [];
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const js = typeof target === 'string' ? target : target?.import;
    if (typeof js !== 'string' || !js.endsWith('.js')) continue;
    if (!js.startsWith('./dist/')) {
      throw new Error(`${pkg.name}: export "${subpath}" must point into ./dist/, got ${js}`);
    }
    entries.push({ name: js.slice('./dist/'.length, -'.js'.length), js });
  }
  if (entries.length === 0) throw new Error(`${pkg.name}: no code entry in "exports"`);
  return entries;
}

/** Every bare import that is not this package's own code: dependencies stay imports. */
const isExternal = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

const entries = entriesOf(manifest);
const codeEntries = [
  ...entries,
  ...binEntriesOf(manifest).filter((bin) => !entries.some((entry) => entry.name === bin.name)),
];
await rm(tscOut, { recursive: true, force: true });
await rm(staging, { recursive: true, force: true });

const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const { spawnSync } = await import('node:child_process');
const compiled = spawnSync(
  process.execPath,
  [tsc, '-p', 'tsconfig.build.json', '--outDir', tscOut],
  { cwd: root, stdio: 'inherit' },
);
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

try {
  await build({
    entryPoints: Object.fromEntries(
      codeEntries.map(({ name }) => [name, resolve(tscOut, `${name}.js`)]),
    ),
    outdir: staging,
    bundle: true,
    splitting: codeEntries.length > 1,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    legalComments: 'none',
    logLevel: 'warning',
  });

  const bundle = await rollup({
    input: Object.fromEntries(entries.map(({ name }) => [name, resolve(tscOut, `${name}.d.ts`)])),
    plugins: [dts()],
    external: isExternal,
    onwarn(warning, warn) {
      if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
    },
  });
  await bundle.write({
    dir: staging,
    format: 'es',
    entryFileNames: '[name].d.ts',
    chunkFileNames: 'chunks/[name]-[hash].d.ts',
  });
  await bundle.close();
  await rm(dist, { recursive: true, force: true });
  await rename(staging, dist);
} finally {
  await rm(staging, { recursive: true, force: true });
  await rm(tscOut, { recursive: true, force: true });
}
