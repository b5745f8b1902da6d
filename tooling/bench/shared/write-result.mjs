// Where a benchmark's full record goes: tooling/bench/results/<name>-<date>.json (git ignores it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resultsDirectory } from './paths.mjs';

/**
 * Writes `result` with the date, Node version and CPU count (fields of `result` win); prints the
 * file's path and returns the record written.
 */
export function writeResult(name, result) {
  mkdirSync(resultsDirectory, { recursive: true });
  const date = new Date().toISOString();
  const record = { date, node: process.version, cpus: cpus().length, ...result };
  const file = `${resultsDirectory}${name}-${date.replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  process.stdout.write(`Wrote ${file}\n`);
  return record;
}
