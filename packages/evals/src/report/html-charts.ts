import { escapeHtml } from '@aigo/ai';

/** The colour of the n-th experiment in every chart. */
export function seriesColour(index: number): string {
  const palette = [
    '#2563eb',
    '#dc2626',
    '#16a34a',
    '#9333ea',
    '#ea580c',
    '#0891b2',
    '#be185d',
    '#4d7c0f',
  ];
  return palette[index % palette.length] as string;
}

/** One experiment's point on a cost-versus-score chart. */
export interface CostScorePoint {
  readonly label: string;
  readonly cost: number;
  readonly score: number;
  readonly interval: readonly [number, number];
  readonly colour: string;
}

const WIDTH = 440;
const HEIGHT = 280;
const LEFT = 52;
const RIGHT = 16;
const TOP = 16;
const BOTTOM = 40;

function fmt(value: number): string {
  return Number(value.toFixed(2)).toString();
}

/**
 * An SVG chart of experiments by cost per case (x) and mean score (y, 0 to 1), each point with its
 * 95 % interval as a vertical bar and its name beside it.
 */
export function costScoreChart(
  title: string,
  points: readonly CostScorePoint[],
  currency: string,
): string {
  const maxCost = Math.max(...points.map((point) => point.cost), 0) * 1.15 || 1;
  const x = (cost: number) => LEFT + (cost / maxCost) * (WIDTH - LEFT - RIGHT);
  const y = (score: number) => TOP + (1 - score) * (HEIGHT - TOP - BOTTOM);
  const parts: string[] = [];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(
      `<line x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${fmt(y(tick))}" y2="${fmt(y(tick))}" class="grid"/>`,
      `<text x="${LEFT - 6}" y="${fmt(y(tick) + 4)}" text-anchor="end" class="tick">${tick}</text>`,
    );
  }
  for (const share of [0, 0.5, 1]) {
    const cost = (maxCost / 1.15) * share;
    parts.push(
      `<text x="${fmt(x(cost))}" y="${HEIGHT - BOTTOM + 16}" text-anchor="middle" class="tick">${escapeHtml(cost.toPrecision(2))}</text>`,
    );
  }
  parts.push(
    `<text x="${(LEFT + WIDTH - RIGHT) / 2}" y="${HEIGHT - 6}" text-anchor="middle" class="axis">cost per case (${escapeHtml(currency)})</text>`,
    `<text x="14" y="${(TOP + HEIGHT - BOTTOM) / 2}" text-anchor="middle" class="axis" transform="rotate(-90 14 ${(TOP + HEIGHT - BOTTOM) / 2})">mean score</text>`,
  );
  for (const point of points) {
    const cx = fmt(x(point.cost));
    parts.push(
      `<line x1="${cx}" x2="${cx}" y1="${fmt(y(point.interval[0]))}" y2="${fmt(y(point.interval[1]))}" stroke="${point.colour}" stroke-width="2"/>`,
      `<circle cx="${cx}" cy="${fmt(y(point.score))}" r="5" fill="${point.colour}"><title>${escapeHtml(`${point.label}: ${point.score.toFixed(3)} at ${point.cost}`)}</title></circle>`,
      // Right of the point, or left of it near the right edge, so the name stays inside.
      x(point.cost) > WIDTH * 0.6
        ? `<text x="${fmt(x(point.cost) - 8)}" y="${fmt(y(point.score) - 6)}" text-anchor="end" class="label">${escapeHtml(point.label)}</text>`
        : `<text x="${fmt(x(point.cost) + 8)}" y="${fmt(y(point.score) - 6)}" class="label">${escapeHtml(point.label)}</text>`,
    );
  }
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeHtml(title)}">${parts.join('')}</svg>`;
}

/**
 * An SVG histogram of scores in ten bins (0–0.1 … 0.9–1, the last closed), bar heights as shares
 * of the runs.
 */
export function scoreHistogram(label: string, scores: readonly number[], colour: string): string {
  const width = 260;
  const height = 120;
  const bins = new Array<number>(10).fill(0);
  for (const score of scores)
    bins[Math.min(9, Math.floor(score * 10))] =
      (bins[Math.min(9, Math.floor(score * 10))] as number) + 1;
  const most = Math.max(...bins, 1);
  const barWidth = (width - 20) / 10;
  const bars = bins.map((count, index) => {
    const barHeight = (count / most) * (height - 34);
    const left = 10 + index * barWidth;
    return `<rect x="${fmt(left + 1)}" y="${fmt(height - 20 - barHeight)}" width="${fmt(barWidth - 2)}" height="${fmt(barHeight)}" fill="${colour}"><title>${(index / 10).toFixed(1)}–${((index + 1) / 10).toFixed(1)}: ${count} run(s)</title></rect>`;
  });
  return `<svg class="histogram" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(label)}">${bars.join('')}<line x1="10" x2="${width - 10}" y1="${height - 20}" y2="${height - 20}" class="grid"/><text x="10" y="${height - 6}" class="tick">0</text><text x="${width - 10}" y="${height - 6}" text-anchor="end" class="tick">1</text><text x="${width / 2}" y="12" text-anchor="middle" class="label">${escapeHtml(label)}</text></svg>`;
}
