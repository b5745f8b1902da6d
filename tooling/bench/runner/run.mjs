// `pnpm bench`: every benchmark in one run, one report. Each section (runner/sections.mjs) runs in a
// fresh process of its own, one after another; the report (runner/report/) is printed to stdout and
// written to tooling/bench/results/report.md, the full results to results/bench-<date>.json, the
// sections' printouts and progress to results/bench-<date>.log. A run in which every section produced
// its result is copied to results/latest.md (committed).
//
// Exit code 1 only when the run itself broke (a section crashed, timed out or produced nothing); an
// over-target or VOID figure is a result, shown as such in the table.
//
//   pnpm bench                                     (from the repository root; builds first)
//   node --expose-gc tooling/bench/runner/run.mjs [section ...]   (only those sections; no latest.md)
import { fork } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { resultsDirectory } from '../shared/paths.mjs';
import { buildReport } from './report/report.mjs';
import { SECTIONS } from './sections.mjs';

/** Budget: after this many seconds no section takes extra rounds to rescue a VOID figure. */
const EXTRA_ROUNDS_UNTIL_S = 300;

const sectionScript = fileURLToPath(new URL('./section.mjs', import.meta.url));
const started = Date.now();
const date = new Date(started).toISOString();
const stamp = date.replace(/[:.]/g, '-');
const logFile = `${resultsDirectory}bench-${stamp}.log`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

const only = process.argv.slice(2);
const unknown = only.filter((name) => !SECTIONS.some((section) => section.name === name));
if (unknown.length > 0) {
  process.stderr.write(
    `unknown section(s): ${unknown.join(', ')}; sections: ${SECTIONS.map((s) => s.name).join(', ')}\n`,
  );
  process.exit(2);
}
const selected = only.length === 0 ? SECTIONS : SECTIONS.filter((s) => only.includes(s.name));

mkdirSync(resultsDirectory, { recursive: true });
const log = (text) => appendFileSync(logFile, text);
const progress = (line) => {
  process.stderr.write(`${line}\n`);
  log(`${line}\n`);
};

/** Runs one section in a fresh process; resolves to `{ result }` or `{ error }`. */
function runSection(section, deadline) {
  return new Promise((resolve) => {
    let result;
    let settled = false;
    const finish = (value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    const child = fork(sectionScript, [section.name, JSON.stringify({ deadline })], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout.on('data', (chunk) => log(chunk));
    child.stderr.on('data', (chunk) => {
      log(chunk);
      process.stderr.write(chunk);
    });
    child.on('message', (message) => {
      result = message.result;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish({ error: `timed out after ${section.timeoutMs / 1000} s` });
    }, section.timeoutMs);
    child.once('error', (error) => finish({ error: error.message }));
    child.once('exit', (code, signal) => {
      if (result !== undefined && code === 0) finish({ result });
      else finish({ error: `exited with ${code ?? signal} (see ${logFile})` });
    });
  });
}

const meta = {
  date,
  node: process.version,
  cpus: cpus().length,
  loadStart: load(),
  sections: selected.map((s) => s.name),
};
progress(`pnpm bench: ${selected.length} sections, load average ${meta.loadStart}; log ${logFile}`);
const deadline = started + EXTRA_ROUNDS_UNTIL_S * 1000;
const results = {};
for (const section of selected) {
  const sectionStart = Date.now();
  progress(`── ${section.name}: ${section.title}`);
  results[section.name] = await runSection(section, deadline);
  results[section.name].seconds = Math.round((Date.now() - sectionStart) / 100) / 10;
  progress(
    `── ${section.name} ${results[section.name].error ? `FAILED: ${results[section.name].error}` : 'done'} in ${results[section.name].seconds} s (load ${load()})`,
  );
}

meta.loadEnd = load();
meta.wallSeconds = Math.round((Date.now() - started) / 1000);
meta.failedSections = selected.filter((s) => results[s.name].error).map((s) => s.name);
meta.sectionSeconds = Object.fromEntries(selected.map((s) => [s.name, results[s.name].seconds]));
const { markdown, counts } = buildReport({ results, meta });

process.stdout.write(`\n${markdown}`);
writeFileSync(`${resultsDirectory}report.md`, markdown);
const jsonFile = `${resultsDirectory}bench-${stamp}.json`;
writeFileSync(jsonFile, `${JSON.stringify({ meta, counts, results }, null, 2)}\n`);
const complete = only.length === 0 && meta.failedSections.length === 0;
if (complete) copyFileSync(`${resultsDirectory}report.md`, `${resultsDirectory}latest.md`);
process.stdout.write(
  `\nWrote ${resultsDirectory}report.md${complete ? ' and latest.md' : ''}, ${jsonFile} and ${logFile}\n`,
);
if (meta.failedSections.length > 0) {
  process.stdout.write(`BROKEN: ${meta.failedSections.join(', ')}\n`);
  process.exitCode = 1;
}
