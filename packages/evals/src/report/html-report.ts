import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { escapeHtml, ValidationError } from '@aigo/ai';
import type { Comparison } from '../compare/comparison.js';
import type { CaseResult, ExperimentResult } from '../experiment/experiment-result.js';
import { checkExperimentResult } from '../experiment/read-experiment.js';
import { formatMoney, formatMs, formatPercent, formatScore } from './format-figures.js';
import { costScoreChart, scoreHistogram, seriesColour } from './html-charts.js';
import { displayValue } from './html-escape.js';
import { REPORT_STYLE } from './html-style.js';

/** Options of `renderHtmlReport`. */
export interface HtmlReportOptions {
  /** The page title. Default: the experiments' names. */
  readonly title?: string;
  /** Comparisons to show (their summaries and tables). */
  readonly comparisons?: readonly Comparison[];
  /** How many of each experiment's failed runs to show (the worst first), with inputs and outputs. Default 10. */
  readonly worstCases?: number;
}

/**
 * A self-contained HTML page (no script, no request: inline CSS and SVG) of one or more experiments:
 * a summary table, comparisons, a cost-versus-score chart per scorer across the experiments, each
 * scorer's distribution of scores, and each experiment's worst runs with their inputs, outputs and
 * reasons.
 *
 * @throws ValidationError when `results` is empty or holds something else than experiment results.
 */
export function renderHtmlReport(
  results: readonly ExperimentResult[],
  options: HtmlReportOptions = {},
): string {
  if (!Array.isArray(results) || results.length === 0) {
    throw new ValidationError('results', 'must be a non-empty array of experiment results');
  }
  results.forEach((result, index) => {
    checkExperimentResult(result, `results[${index}]`);
  });
  const title = options.title ?? `Evals: ${results.map((result) => result.name).join(', ')}`;
  const worst = options.worstCases ?? 10;
  const scorers = [...new Set(results.flatMap((result) => result.scorers))];
  const currency = results[0]?.aggregates.cost.currency ?? 'USD';
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    summarySection(results, scorers),
    comparisonSection(options.comparisons ?? []),
    chartSection(results, scorers, currency),
    distributionSection(results),
    worstSection(results, worst),
  ].join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title>
<style>${REPORT_STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** Writes `renderHtmlReport(results, options)` to `path` (creating its folder). */
export async function writeHtmlReport(
  path: string,
  results: readonly ExperimentResult[],
  options: HtmlReportOptions = {},
): Promise<void> {
  if (typeof path !== 'string' || path === '')
    throw new ValidationError('path', 'must be a file path');
  const html = renderHtmlReport(results, options);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, html);
}

function summarySection(results: readonly ExperimentResult[], scorers: readonly string[]): string {
  const head = [
    'experiment',
    'dataset',
    'runs',
    ...scorers,
    'cost',
    'per case',
    'p50',
    'p95',
    'errors',
  ];
  const rows = results.map((result, index) => {
    const { aggregates } = result;
    const cells = scorers.map((name) => {
      const scorer = aggregates.scorers[name];
      if (scorer === undefined) return '<td class="muted">—</td>';
      const interval = `[${formatScore(scorer.meanInterval[0])}, ${formatScore(scorer.meanInterval[1])}]`;
      return `<td><strong>${formatScore(scorer.mean)}</strong> <span class="muted">${interval}</span><br><span class="muted">pass ${formatPercent(scorer.passRate)}</span></td>`;
    });
    const cost = aggregates.cost;
    const incomplete = cost.complete
      ? ''
      : ' <span class="warn" title="some prices unknown">≥</span>';
    return `<tr><td><span class="swatch" style="background:${seriesColour(index)}"></span>${escapeHtml(result.name)}<br><span class="muted">${escapeHtml(`${result.task.kind} ${result.task.name} · ${result.mode}`)}</span></td><td>${escapeHtml(`${result.dataset.name}@${result.dataset.version}`)}</td><td>${aggregates.runs}</td>${cells.join('')}<td>${incomplete}${formatMoney(cost.total, cost.currency)}</td><td>${formatMoney(cost.perCase, cost.currency)}</td><td>${formatMs(aggregates.latency.p50)}</td><td>${formatMs(aggregates.latency.p95)}</td><td>${aggregates.errors}</td></tr>`;
  });
  return `<section id="summary"><h2>Summary</h2><table><thead><tr>${head.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table><p class="muted">Means with their 95 % bootstrap confidence intervals; pass rates; cost of the tasks (scoring apart).</p></section>`;
}

function comparisonSection(comparisons: readonly Comparison[]): string {
  if (comparisons.length === 0) return '';
  const blocks = comparisons.map((comparison) => {
    const rows = Object.entries(comparison.scorers).map(
      ([name, scorer]) =>
        `<tr><td>${escapeHtml(name)}</td><td>${formatScore(scorer.baseline)}</td><td>${formatScore(scorer.candidate)}</td><td class="${scorer.difference < 0 ? 'worse' : scorer.difference > 0 ? 'better' : ''}">${scorer.difference.toFixed(3)} ± ${scorer.margin.toFixed(3)}</td></tr>`,
    );
    const worse = comparison.worse
      .slice(0, 10)
      .map(
        (entry) =>
          `<li>${escapeHtml(entry.caseId)}: ${escapeHtml(entry.scorer)} ${formatScore(entry.baseline)} → ${formatScore(entry.candidate)}</li>`,
      )
      .join('');
    return `<div class="comparison"><p class="summary-line">${escapeHtml(comparison.summary)}</p><p class="muted">${escapeHtml(comparison.candidate.name)} against ${escapeHtml(comparison.baseline.name)}, ${comparison.pairedCases} paired cases</p><table><thead><tr><th>scorer</th><th>baseline</th><th>candidate</th><th>difference</th></tr></thead><tbody>${rows.join('')}</tbody></table>${worse === '' ? '' : `<p>Worse cases:</p><ul>${worse}</ul>`}</div>`;
  });
  return `<section id="comparisons"><h2>Comparisons</h2>${blocks.join('')}</section>`;
}

function chartSection(
  results: readonly ExperimentResult[],
  scorers: readonly string[],
  currency: string,
): string {
  const charts = scorers.map((name) => {
    const points = results.flatMap((result, index) => {
      const scorer = result.aggregates.scorers[name];
      if (scorer === undefined) return [];
      return [
        {
          label: result.name,
          cost: result.aggregates.cost.perCase,
          score: scorer.mean,
          interval: scorer.meanInterval,
          colour: seriesColour(index),
        },
      ];
    });
    return `<figure><figcaption>${escapeHtml(name)}</figcaption>${costScoreChart(`${name}: cost versus score`, points, currency)}</figure>`;
  });
  return `<section id="cost-vs-score"><h2>Cost versus score</h2><div class="charts">${charts.join('')}</div></section>`;
}

function distributionSection(results: readonly ExperimentResult[]): string {
  const blocks = results.map((result, index) => {
    if (result.cases.length === 0) {
      return `<div><h3>${escapeHtml(result.name)}</h3><p class="muted">No runs in this result (they went to its results file).</p></div>`;
    }
    const histograms = result.scorers.map((name) =>
      scoreHistogram(
        name,
        result.cases.map((run) => run.scores[name]?.score ?? 0),
        seriesColour(index),
      ),
    );
    return `<div><h3>${escapeHtml(result.name)}</h3><div class="charts">${histograms.join('')}</div></div>`;
  });
  return `<section id="distributions"><h2>Score distributions</h2>${blocks.join('')}</section>`;
}

function averageScore(run: CaseResult): number {
  const scores = Object.values(run.scores);
  if (scores.length === 0) return 0;
  return scores.reduce((total, record) => total + record.score, 0) / scores.length;
}

function worstSection(results: readonly ExperimentResult[], count: number): string {
  const blocks = results.map((result) => {
    const runs = result.cases
      .filter(
        (run) =>
          run.error !== undefined || Object.values(run.scores).some((record) => !record.pass),
      )
      .sort(
        (a, b) =>
          averageScore(a) - averageScore(b) ||
          a.caseId.localeCompare(b.caseId) ||
          a.trial - b.trial,
      )
      .slice(0, count);
    if (runs.length === 0) {
      return `<div><h3>${escapeHtml(result.name)}</h3><p class="muted">Every run passed every scorer.</p></div>`;
    }
    const items = runs.map((run) => {
      const scores = Object.entries(run.scores)
        .map(
          ([name, record]) =>
            `<li><strong>${escapeHtml(name)}</strong> ${formatScore(record.score)}${record.pass ? '' : ' <span class="worse">fail</span>'}${record.reason === undefined ? '' : ` — ${escapeHtml(record.reason)}`}</li>`,
        )
        .join('');
      const output =
        run.error === undefined
          ? `<pre>${escapeHtml(displayValue(run.output))}</pre>`
          : `<pre class="error">${escapeHtml(`${run.error.name} (${run.error.code}): ${run.error.message}`)}</pre>`;
      const expected =
        run.expected === undefined
          ? ''
          : `<h4>expected</h4><pre>${escapeHtml(displayValue(run.expected))}</pre>`;
      return `<article class="case"><h3>${escapeHtml(run.caseId)} <span class="muted">trial ${run.trial} · ${formatMs(run.latencyMs)}</span></h3><ul class="scores">${scores}</ul><div class="io"><div><h4>input</h4><pre>${escapeHtml(displayValue(run.input))}</pre>${expected}</div><div><h4>output</h4>${output}</div></div></article>`;
    });
    return `<div><h3>${escapeHtml(result.name)}</h3>${items.join('')}</div>`;
  });
  return `<section id="worst-cases"><h2>Worst cases</h2>${blocks.join('')}</section>`;
}
