// The @aigo/evals benchmark (not a test): what the experiment harness costs beyond the task and the
// scorers, and whether a large experiment streamed to its JSON file runs in flat memory.
//
//   node --expose-gc tooling/bench/suites/evals/evals-bench.mjs      (after `pnpm build`)
//
// (a) CPU per case: `runExperiment` over a dataset of no-op cases (a function task that returns its
//     input, one sync scorer) against the floor — the same task and scorer called in a plain loop
//     over the same cases — and F′, an identical copy of the floor, as the control. Interleaved
//     batches balanced for carry-over, CPU time of this process; the figure is (harness − floor) per
//     case, the median over rounds. Target < 50 µs per case.
// (b) 10,000 cases of the no-op task from a generator (so the dataset holds nothing), streamed to a
//     results file: wall time (target < 5 s), and the heap after a full GC at every 1,000th run —
//     growth from the 1,000th to the 10,000th run (target < 2 MB: flat).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fullGc, interleaved, round3 } from '../../shared/cpu-timing.mjs';
import { packagesBuilt } from '../../shared/packages-built.mjs';
import { packageDirectory } from '../../shared/paths.mjs';
import { median } from '../../shared/stats.mjs';
import { writeResult } from '../../shared/write-result.mjs';

export const TARGETS = Object.freeze({ harnessUsPerCase: 50, bigRunSeconds: 5, heapGrowthMb: 2 });

let evals;
let scorers;

async function load() {
  if (!packagesBuilt('evals', ['ai', 'client', 'testing', 'evals'])) return false;
  evals = await import(new URL('dist/index.js', packageDirectory('evals')).href);
  scorers = await import(new URL('dist/scorers/index.js', packageDirectory('evals')).href);
  return true;
}

const noop = (input) => input;

function cases(count) {
  return Array.from({ length: count }, (_, index) => ({
    id: `c${index}`,
    input: index,
    expected: index,
  }));
}

/** (a): harness CPU per case over the floor, with the floor-versus-floor control. */
export async function harnessOverhead({
  rounds = 11,
  batches = 6,
  casesPerBatch = 500,
  varied = false,
} = {}) {
  const list = cases(casesPerBatch, varied);
  const dataset = evals.defineDataset({ name: 'bench', version: '1', cases: list });
  const scorer = scorers.exactMatch();
  const target = evals.task(noop);
  const run = {
    runId: 'r',
    trial: 1,
    result: undefined,
    toolCalls: [],
    usage: undefined,
    cost: undefined,
    latencyMs: 0,
    signal: new AbortController().signal,
  };
  const floor = async () => {
    for (const evalCase of list) {
      const output = await noop(evalCase.input);
      scorer(evalCase, output, run);
    }
  };
  const arms = {
    harness: async () => {
      await evals.runExperiment({
        name: 'bench',
        dataset,
        task: target,
        scorers: { accuracy: scorer },
      });
    },
    floor,
    floorCopy: async () => {
      for (const evalCase of list) {
        const output = await noop(evalCase.input);
        scorer(evalCase, output, run);
      }
    },
  };
  await interleaved(arms, batches); // warm-up (JIT)
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    fullGc();
    const totals = await interleaved(arms, batches);
    const perCase = (name) => totals[name] / (batches * casesPerBatch);
    samples.push({
      harness: perCase('harness'),
      floor: perCase('floor'),
      added: perCase('harness') - perCase('floor'),
      control: totals.floorCopy / totals.floor,
    });
  }
  return {
    rounds,
    varied,
    casesPerRound: batches * casesPerBatch,
    harnessUsPerCase: round3(median(samples.map((sample) => sample.harness))),
    floorUsPerCase: round3(median(samples.map((sample) => sample.floor))),
    addedUsPerCase: round3(median(samples.map((sample) => sample.added))),
    control: round3(median(samples.map((sample) => sample.control))),
  };
}

/** (b): a 10,000-case experiment streamed to its JSON file: wall time and heap at every 1,000 runs. */
export async function bigRun({ count = 10_000 } = {}) {
  const folder = mkdtempSync(join(tmpdir(), 'aigo-evals-bench-'));
  try {
    const file = join(folder, 'big.json');
    const dataset = evals.defineDataset({
      name: 'generated',
      version: '1',
      *cases() {
        for (let index = 0; index < count; index++)
          yield { id: `c${index}`, input: index, expected: index };
      },
    });
    const heapMb = [];
    fullGc();
    const start = performance.now();
    await evals.runExperiment({
      name: 'big',
      dataset,
      task: evals.task(noop),
      scorers: { accuracy: scorers.exactMatch() },
      resultsFile: file,
      onProgress: (progress) => {
        if (progress.runsDone % 1000 === 0) {
          fullGc();
          heapMb.push(process.memoryUsage().heapUsed / 1024 / 1024);
        }
      },
    });
    const wallSeconds = (performance.now() - start) / 1000;
    return {
      cases: count,
      wallSeconds: round3(wallSeconds),
      // Each sample's full GC is inside the wall time: reported, not subtracted.
      gcSamples: heapMb.length,
      fileMb: round3(statSync(file).size / 1024 / 1024),
      heapMbAt1000s: heapMb.map(round3),
      heapGrowthMb: round3((heapMb.at(-1) ?? 0) - (heapMb[0] ?? 0)),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export async function runEvalsBench(options = {}) {
  const overhead = await harnessOverhead(options.overhead);
  const varied = await harnessOverhead({ ...options.overhead, varied: true });
  const big = await bigRun(options.big);
  const verdicts = {
    harness: overhead.addedUsPerCase < TARGETS.harnessUsPerCase,
    harnessVaried: varied.addedUsPerCase < TARGETS.harnessUsPerCase,
    bigRun: big.wallSeconds < TARGETS.bigRunSeconds,
    heap: big.heapGrowthMb < TARGETS.heapGrowthMb,
  };
  return { overhead, varied, big, targets: TARGETS, verdicts };
}

export function evalsBenchTable(result) {
  const ok = (pass) => (pass ? 'ok' : '**over target**');
  const { overhead, varied, big, verdicts } = result;
  return [
    '## @aigo/evals: the experiment harness',
    '',
    `(a) \`runExperiment\` over ${overhead.casesPerRound} no-op cases per round (a function task returning its input, \`exactMatch\`), against the same task and scorer called in a loop; median of ${overhead.rounds} rounds, CPU of this process. Every score 1 (its interval needs no resampling), or half of them 0 (the intervals bootstrapped: 1,000 resamples of the cases, twice per scorer). Control (floor′ / floor): ${overhead.control}, ${varied.control}.`,
    '',
    '| figure | harness | floor | added | target | verdict |',
    '|---|---:|---:|---:|---:|---|',
    `| CPU per case, scores all 1 | ${overhead.harnessUsPerCase} µs | ${overhead.floorUsPerCase} µs | ${overhead.addedUsPerCase} µs | < ${TARGETS.harnessUsPerCase} µs | ${ok(verdicts.harness)} |`,
    `| CPU per case, scores 0 and 1 | ${varied.harnessUsPerCase} µs | ${varied.floorUsPerCase} µs | ${varied.addedUsPerCase} µs | < ${TARGETS.harnessUsPerCase} µs | ${ok(verdicts.harnessVaried)} |`,
    '',
    `(b) ${big.cases.toLocaleString('en-US')} no-op cases from a generator, streamed to a ${big.fileMb} MB results file: ${big.wallSeconds} s (target < ${TARGETS.bigRunSeconds} s: ${ok(verdicts.bigRun)}, ${big.gcSamples} full GCs included); heap after GC at every 1,000 runs ${big.heapMbAt1000s.join(', ')} MB — growth ${big.heapGrowthMb} MB (target < ${TARGETS.heapGrowthMb} MB: ${ok(verdicts.heap)}).`,
  ].join('\n');
}

/**
 * Runs the benchmark, prints its table and writes its JSON to tooling/bench/results/. It runs on its own
 * (`node --expose-gc tooling/bench/suites/evals/evals-bench.mjs`) and from the runner.
 */
export async function main(options = {}) {
  if (!(await load())) return undefined;
  const result = await runEvalsBench(options);
  process.stdout.write(
    `\n${evalsBenchTable(result)}\n\nNode ${process.version}, ${cpus().length} CPUs.\n`,
  );
  writeResult('evals', result);
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
