import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compareExperiments } from '../compare/compare-experiments.js';
import { readExperimentResult } from '../experiment/read-experiment.js';
import { evaluateFailIf } from '../gate/evaluate-gate.js';
import { parseFailIf } from '../gate/fail-if.js';
import { formatComparison } from '../report/format-comparison.js';
import { writeHtmlReport } from '../report/html-report.js';
import { CliError, type CliIo } from './cli-io.js';
import { printVerdict } from './gate-output.js';

/** `aigo-eval compare <baseline> <candidate>`: compares two result files; resolves to the exit status. */
export async function compareCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { html: { type: 'string' }, 'fail-if': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 2)
    throw new CliError('aigo-eval compare needs two result files: <baseline> <candidate>');
  const gate = values['fail-if'] === undefined ? undefined : parseFailIf(values['fail-if']);
  const baseline = await readExperimentResult(resolve(io.cwd, positionals[0] as string));
  const candidate = await readExperimentResult(resolve(io.cwd, positionals[1] as string));
  const comparison = compareExperiments(baseline, candidate);
  io.stdout.write(`${formatComparison(comparison, candidate.aggregates.cost.currency)}\n`);
  if (values.html !== undefined) {
    const html = resolve(io.cwd, values.html);
    await writeHtmlReport(html, [baseline, candidate], { comparisons: [comparison] });
    io.stderr.write(`aigo-eval: wrote ${html}\n`);
  }
  if (gate === undefined) return 0;
  const verdict = evaluateFailIf(gate, candidate, baseline);
  printVerdict(io, candidate.name, values['fail-if'] as string, verdict);
  return verdict.failed ? 1 : 0;
}
