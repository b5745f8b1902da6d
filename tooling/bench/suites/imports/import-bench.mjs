// Cold import time: a fresh `node` process per sample, timing `await import(specifier)` inside it,
// and the whole process's wall time.
import { spawnSync } from 'node:child_process';
import { benchDirectory } from '../../shared/paths.mjs';
import { fixed, median } from '../../shared/stats.mjs';

function sample(specifier) {
  const started = process.hrtime.bigint();
  const code =
    specifier === ''
      ? 'process.stdout.write("0")'
      : `const t = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - t));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: benchDirectory,
    encoding: 'utf8',
  });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`importing ${specifier} failed: ${result.stderr}`);
  return { importMs: Number(result.stdout), wallMs: wall };
}

/**
 * Median of `samples` fresh processes for each specifier ('' is an empty process, the baseline).
 * Specifiers are interleaved sample by sample, so a change in machine load hits them alike. They are
 * resolved from tooling/bench, so they are the bench package's dependencies.
 */
export function runImportBench(specifiers, samples) {
  const runs = new Map(specifiers.map((specifier) => [specifier, []]));
  // One warm-up process each fills the OS file cache.
  for (const specifier of specifiers) sample(specifier);
  for (let i = 0; i < samples; i++) {
    for (const specifier of specifiers) runs.get(specifier).push(sample(specifier));
  }
  return specifiers.map((specifier) => ({
    specifier: specifier === '' ? '(node, nothing imported)' : specifier,
    importMs: fixed(median(runs.get(specifier).map((r) => r.importMs)), 1),
    processMs: fixed(median(runs.get(specifier).map((r) => r.wallMs)), 1),
  }));
}
