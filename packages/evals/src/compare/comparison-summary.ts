import type { Comparison } from './comparison.js';

/** A signed figure with a typographic minus: `+0.04`, `−0.02`. */
export function signed(value: number, digits = 2): string {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return `±${text}`.replace('±', '');
  return value < 0 ? `−${text}` : `+${text}`;
}

/** A ratio as `0.31×` (`n/a` when undefined). */
export function times(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return 'n/a';
  return `${value >= 10 ? value.toFixed(1) : value.toFixed(2).replace(/0$/, '')}×`;
}

/** The one-line summary of a comparison: `B: −0.02 ± 0.03 accuracy, 0.31× cost, 0.8× p95`. */
export function comparisonSummary(label: string, comparison: Omit<Comparison, 'summary'>): string {
  const parts = Object.entries(comparison.scorers).map(
    ([name, scorer]) => `${signed(scorer.difference)} ± ${scorer.margin.toFixed(2)} ${name}`,
  );
  parts.push(`${times(comparison.cost.ratio)} cost`);
  parts.push(`${times(comparison.latency.p95.ratio)} p95`);
  return `${label}: ${parts.join(', ')}`;
}
