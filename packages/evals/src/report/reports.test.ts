import { describe, expect, it } from 'vitest';
import { compareExperiments } from '../compare/compare-experiments.js';
import { defineDataset } from '../dataset/define-dataset.js';
import type { ExperimentProgress } from '../experiment/experiment-options.js';
import { runExperiment } from '../experiment/run-experiment.js';
import { exactMatch } from '../scorers/exact-match.js';
import { task } from '../task/task.js';
import { formatComparison } from './format-comparison.js';
import { formatExperiment } from './format-experiment.js';
import { formatMoney, formatMs, table } from './format-figures.js';
import { renderHtmlReport } from './html-report.js';
import { progressReporter } from './progress-reporter.js';

const dataset = defineDataset({
  name: 'echo',
  version: '2',
  cases: [
    { id: 'plain', input: 'hello', expected: 'hello' },
    { id: 'tricky', input: '<script>alert(1)</script>', expected: 'safe' },
  ],
});

async function experiment(name: string, answer: (input: string) => string) {
  return runExperiment({ name, dataset, task: task(answer), scorers: { accuracy: exactMatch() } });
}

describe('figures', () => {
  it('formats money, times and tables', () => {
    expect(formatMoney(0.012345, 'USD')).toBe('$0.0123');
    expect(formatMoney(12.5, 'EUR')).toBe('12.50 EUR');
    expect(formatMoney(0, 'USD')).toBe('$0');
    expect(formatMoney(1.5e-9, 'USD')).toBe('$0.0000000015');
    expect(formatMs(1203.4)).toBe('1,203 ms');
    expect(formatMs(12_345)).toBe('12.3 s');
    expect(
      table([
        ['a', 'bb'],
        ['ccc', 'd'],
      ]),
    ).toBe('a    bb\nccc  d');
  });
});

describe('formatExperiment and formatComparison', () => {
  it('print the scorers with intervals, cost, latency and the comparison summary', async () => {
    const echo = await experiment('echo', (input) => input);
    const text = formatExperiment(echo);
    expect(text.split('\n')[0]).toBe(
      'echo  ·  echo@2  ·  2 cases × 1 trial  ·  function task  ·  live',
    );
    expect(text).toMatch(/accuracy\s+0\.50\s+\[0\.00, 1\.00\]\s+50%/);
    expect(text).toContain('errors   0 of 2 runs');
    const fixed = await experiment('fixed', (input) => (input === 'hello' ? 'hello' : 'safe'));
    const comparison = compareExperiments(echo, fixed);
    const printed = formatComparison(comparison);
    expect(printed).toContain('fixed vs echo  ·  2 paired cases');
    expect(printed.split('\n').at(-1)).toBe(comparison.summary);
    expect(comparison.summary).toMatch(/^B: \+0\.50 ± 0\.\d\d accuracy, n\/a cost, [\d.]+× p95$/);
  });
});

describe('progressReporter', () => {
  const progress = (runsDone: number): ExperimentProgress => ({
    experiment: 'x',
    runsDone,
    runsTotal: 20,
    cost: 0.5,
    elapsedMs: runsDone * 100,
    etaMs: (20 - runsDone) * 100,
  });

  it('writes a line every tenth of the way to a log, and redraws in place on a terminal', () => {
    const written: string[] = [];
    const log = progressReporter({ write: (text: string) => written.push(text) });
    for (let done = 1; done <= 20; done++) log.onProgress(progress(done));
    expect(written).toHaveLength(11);
    expect(written[0]).toBe('x  1/20 runs  $0.500  ETA 2s\n');
    expect(written.at(-1)).toBe('x  20/20 runs  $0.500  ETA 0s\n');
    const drawn: string[] = [];
    const terminal = progressReporter({ write: (text: string) => drawn.push(text), isTTY: true });
    terminal.onProgress(progress(20));
    terminal.done();
    expect(drawn).toEqual(['\r\x1b[2Kx  20/20 runs  $0.500  ETA 0s', '\n']);
  });
});

describe('renderHtmlReport', () => {
  it('is one self-contained page with every section, and escapes what the runs hold', async () => {
    const echo = await experiment('echo', (input) => input);
    const fixed = await experiment('fixed <b>', (input) => (input === 'hello' ? 'hello' : 'safe'));
    const html = renderHtmlReport([echo, fixed], {
      comparisons: [compareExperiments(echo, fixed)],
    });
    for (const id of ['summary', 'comparisons', 'cost-vs-score', 'distributions', 'worst-cases']) {
      expect(html).toContain(`<section id="${id}">`);
    }
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('fixed &lt;b&gt;');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).toContain("default-src 'none'");
    expect(() => renderHtmlReport([])).toThrow(/non-empty array/);
    expect(() => renderHtmlReport([{} as never])).toThrow(/results\[0\]/);
  });
});
