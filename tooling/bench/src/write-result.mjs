// Where a benchmark run's full record goes: bench/results/<name>-<date>.json at the repository root.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

const directory = fileURLToPath(new URL('../../../bench/results/', import.meta.url));

/** Writes `result` with the date, Node version and CPU count; prints and returns the file's path. */
export function writeResult(name, result) {
  mkdirSync(directory, { recursive: true });
  const date = new Date().toISOString();
  const file = `${directory}${name}-${date.replace(/[:.]/g, '-')}.json`;
  writeFileSync(
    file,
    `${JSON.stringify({ date, node: process.version, cpus: cpus().length, ...result }, null, 2)}\n`,
  );
  process.stdout.write(`Wrote ${file}\n`);
  return file;
}
