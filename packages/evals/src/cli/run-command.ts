import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compareExperiments } from '../compare/compare-experiments.js';
import type { Comparison } from '../compare/comparison.js';
import type { ExperimentOptions } from '../experiment/experiment-options.js';
import type { ExperimentResult } from '../experiment/experiment-result.js';
import { readExperimentResult } from '../experiment/read-experiment.js';
import { runExperiment } from '../experiment/run-experiment.js';
import { evaluateFailIf } from '../gate/evaluate-gate.js';
import { type GateExpression, parseFailIf } from '../gate/fail-if.js';
import { formatComparison } from '../report/format-comparison.js';
import { formatExperiment } from '../report/format-experiment.js';
import { writeHtmlReport } from '../report/html-report.js';
import { progressReporter } from '../report/progress-reporter.js';
import { CliError, type CliIo } from './cli-io.js';
import { evalDefinitions, fileNameOf } from './eval-definitions.js';
import { expandFiles } from './expand-files.js';
import { printVerdict } from './gate-output.js';
import { loadEvalFile, type TypeScriptLoader } from './load-eval-file.js';

const RUN_OPTIONS = {
  replay: { type: 'string' },
  record: { type: 'string' },
  out: { type: 'string' },
  html: { type: 'string' },
  baseline: { type: 'string' },
  'fail-if': { type: 'string' },
  trials: { type: 'string' },
  concurrency: { type: 'string' },
  'max-cost': { type: 'string' },
  seed: { type: 'string' },
  typescript: { type: 'string' },
  quiet: { type: 'boolean' },
} as const;

/** `aigo-eval run`: runs the experiments of eval files; resolves to the exit status. */
export async function runCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: RUN_OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length === 0) throw new CliError('aigo-eval run needs at least one eval file');
  if (values.replay !== undefined && values.record !== undefined) {
    throw new CliError('--replay and --record cannot be used together');
  }
  const loader = (values.typescript ?? 'auto') as TypeScriptLoader;
  if (!['auto', 'node', 'esbuild'].includes(loader))
    throw new CliError('--typescript must be auto, node or esbuild');
  const gate: GateExpression | undefined =
    values['fail-if'] === undefined ? undefined : parseFailIf(values['fail-if']);
  const overrides = {
    ...integerOption(values.trials, 'trials'),
    ...integerOption(values.concurrency, 'concurrency'),
    ...integerOption(values.seed, 'seed'),
    ...numberOption(values['max-cost'], 'maxCost'),
  };
  const out = resolve(io.cwd, values.out ?? 'eval-results');
  const files = await expandFiles(positionals, io.cwd);

  const results: ExperimentResult[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const definitions = await evalDefinitions(await loadEvalFile(file, loader), file);
    for (const definition of definitions) {
      const name = fileNameOf(String(definition.name));
      if (seen.has(name)) throw new CliError(`two experiments are named "${definition.name}"`);
      seen.add(name);
      const reporter = values.quiet === true ? undefined : progressReporter(io.stderr);
      const options: ExperimentOptions = {
        ...definition,
        ...overrides,
        resultsFile: join(out, `${name}.json`),
        ...(values.replay === undefined ? {} : { replay: resolve(io.cwd, values.replay, name) }),
        ...(values.record === undefined ? {} : { record: resolve(io.cwd, values.record, name) }),
        ...(reporter === undefined ? {} : { onProgress: reporter.onProgress }),
      };
      try {
        await runExperiment(options);
      } finally {
        reporter?.done();
      }
      const result = await readExperimentResult(join(out, `${name}.json`));
      results.push(result);
      io.stdout.write(`${formatExperiment(result)}\n\n`);
    }
  }

  const comparisons: Comparison[] = [];
  const baselines = new Map<ExperimentResult, ExperimentResult>();
  if (values.baseline !== undefined) {
    const path = resolve(io.cwd, values.baseline);
    for (const result of results) {
      const baseline = await baselineFor(path, result, results.length);
      if (baseline === undefined) {
        io.stderr.write(`aigo-eval: no baseline for ${result.name} in ${values.baseline}\n`);
        continue;
      }
      baselines.set(result, baseline);
      const comparison = compareExperiments(baseline, result);
      comparisons.push(comparison);
      io.stdout.write(`${formatComparison(comparison, result.aggregates.cost.currency)}\n\n`);
    }
  }
  if (values.html !== undefined) {
    const html = resolve(io.cwd, values.html);
    await writeHtmlReport(html, results, { comparisons });
    io.stderr.write(`aigo-eval: wrote ${html}\n`);
  }
  if (gate === undefined) return 0;
  let failed = false;
  for (const result of results) {
    const verdict = evaluateFailIf(gate, result, baselines.get(result));
    printVerdict(io, result.name, values['fail-if'] as string, verdict);
    if (verdict.failed) failed = true;
  }
  return failed ? 1 : 0;
}

async function baselineFor(
  path: string,
  result: ExperimentResult,
  experiments: number,
): Promise<ExperimentResult | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) throw new CliError(`--baseline: nothing at ${path}`);
  if (info.isDirectory()) {
    const file = join(path, `${fileNameOf(result.name)}.json`);
    return (await stat(file).catch(() => undefined)) === undefined
      ? undefined
      : readExperimentResult(file);
  }
  const baseline = await readExperimentResult(path);
  return experiments === 1 || baseline.name === result.name ? baseline : undefined;
}

function integerOption(value: string | undefined, name: string): Record<string, number> {
  if (value === undefined) return {};
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed))
    throw new CliError(`--${name} must be an integer, got ${value}`);
  return { [name]: parsed };
}

function numberOption(value: string | undefined, name: string): Record<string, number> {
  if (value === undefined) return {};
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new CliError(`--max-cost must be a number, got ${value}`);
  return { [name]: parsed };
}
