// One test run's start on a machine without the PostgreSQL server binaries, as a process of its own
// (used by test/ensure-postgres-binaries-processes.test.ts: several of these start at once, like the
// test runs of several packages under turbo). Runs the built package: `pnpm build` (or turbo) first.
//
//   node test/support/ensure-binaries-child.mjs '{"name":"a","env":{…},"debianRoot":"…","lockFile":"…","events":"…"}'
//
// Prints each progress line of ensurePostgresBinaries as `log <line>`, then `result <json>`; appends
// `resolved <name>` to the events file when it has its answer.
import { appendFileSync } from 'node:fs';
import { ensurePostgresBinaries } from '../../dist/testing/index.js';

const { name, env, debianRoot, lockFile, events } = JSON.parse(process.argv[2] ?? '{}');
const found = await ensurePostgresBinaries({
  env,
  debianRoot,
  lockFile,
  isRoot: true,
  log: (line) => process.stdout.write(`log ${line}\n`),
});
appendFileSync(events, `resolved ${name}\n`);
process.stdout.write(`result ${JSON.stringify(found)}\n`);
