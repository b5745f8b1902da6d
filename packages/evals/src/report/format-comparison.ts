import type { Comparison } from '../compare/comparison.js';
import { signed, times } from '../compare/comparison-summary.js';
import { formatMoney, formatMs, formatScore, table } from './format-figures.js';

/**
 * A comparison as a terminal table: each scorer's baseline and candidate means and the difference
 * with its 95 % interval, cost and latency ratios, the cases that got worse, and the summary line.
 */
export function formatComparison(comparison: Comparison, currency = 'USD'): string {
  const lines = [
    `${comparison.candidate.name} vs ${comparison.baseline.name}  ·  ${comparison.pairedCases} paired cases`,
    '',
  ];
  const rows: string[][] = [['', 'baseline', 'candidate', 'change']];
  for (const [name, scorer] of Object.entries(comparison.scorers)) {
    rows.push([
      name,
      formatScore(scorer.baseline),
      formatScore(scorer.candidate),
      `${signed(scorer.difference)} [${signed(scorer.interval[0])}, ${signed(scorer.interval[1])}]`,
    ]);
  }
  const { cost, latency } = comparison;
  rows.push([
    'cost',
    formatMoney(cost.baseline, currency),
    formatMoney(cost.candidate, currency),
    times(cost.ratio),
  ]);
  rows.push([
    'p50',
    formatMs(latency.p50.baseline),
    formatMs(latency.p50.candidate),
    times(latency.p50.ratio),
  ]);
  rows.push([
    'p95',
    formatMs(latency.p95.baseline),
    formatMs(latency.p95.candidate),
    times(latency.p95.ratio),
  ]);
  lines.push(table(rows));
  if (comparison.worse.length > 0) {
    const shown = comparison.worse
      .slice(0, 5)
      .map(
        (worse) =>
          `${worse.caseId} (${worse.scorer} ${formatScore(worse.baseline)} → ${formatScore(worse.candidate)})`,
      );
    const more = comparison.worse.length > 5 ? `, and ${comparison.worse.length - 5} more` : '';
    lines.push('', `worse: ${shown.join(', ')}${more}`);
  }
  for (const warning of comparison.warnings) lines.push(`note: ${warning}`);
  lines.push('', comparison.summary);
  return lines.join('\n');
}
