import type { ExperimentResult } from '../experiment/experiment-result.js';
import { formatMoney, formatMs, formatPercent, formatScore, table } from './format-figures.js';

/**
 * An experiment's result as a terminal table: each scorer's mean with its 95 % interval and pass
 * rate, then cost, latency, errors, and why it stopped early if it did.
 *
 * @example
 * console.log(formatExperiment(await runExperiment(options)));
 */
export function formatExperiment(result: ExperimentResult): string {
  const { aggregates } = result;
  const trials = result.trials === 1 ? '1 trial' : `${result.trials} trials`;
  const lines = [
    `${result.name}  ·  ${result.dataset.name}@${result.dataset.version}  ·  ${aggregates.cases} cases × ${trials}  ·  ${result.task.kind} ${result.task.name}  ·  ${result.mode}`,
    '',
  ];
  const rows: string[][] = [['scorer', 'mean', '95% CI', 'pass rate']];
  for (const name of result.scorers) {
    const scorer = aggregates.scorers[name];
    if (scorer === undefined) continue;
    rows.push([
      name,
      formatScore(scorer.mean),
      `[${formatScore(scorer.meanInterval[0])}, ${formatScore(scorer.meanInterval[1])}]`,
      formatPercent(scorer.passRate),
    ]);
  }
  lines.push(table(rows), '');
  const { cost, latency } = aggregates;
  const scoring =
    cost.scorers > 0 ? ` (+ ${formatMoney(cost.scorers, cost.currency)} scoring)` : '';
  lines.push(
    `cost     ${formatMoney(cost.total, cost.currency)} total, ${formatMoney(cost.perCase, cost.currency)} per case${scoring}${cost.complete ? '' : '  (incomplete: some prices unknown)'}`,
    `latency  p50 ${formatMs(latency.p50)}, p95 ${formatMs(latency.p95)}`,
    `errors   ${aggregates.errors} of ${aggregates.runs} runs`,
  );
  if (result.stopped !== undefined) {
    lines.push(`stopped  max cost reached; ${result.stopped.notRun.length} case(s) not run`);
  }
  const misses = result.replayMisses;
  if (misses !== undefined && misses.models + misses.tools > 0) {
    lines.push(
      `replay   ${misses.models} model request(s) and ${misses.tools} tool call(s) had no recording: record again`,
    );
  }
  return lines.join('\n');
}
