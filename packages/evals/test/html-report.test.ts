/// <reference lib="dom" />
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareExperiments,
  type ExperimentResult,
  loadDataset,
  runExperiment,
  writeHtmlReport,
} from '../src/index.js';
import { exactMatch, latencyBudget, toolTrajectory } from '../src/scorers/index.js';
import { startStandInModel } from './support/stand-in-model.js';
import { ARTIFACTS, launchChromium } from './support/test-chromium.js';
import { triageTask } from './support/triage-task.js';

// The report opened in headless Debian Chromium (puppeteer-core): the page as a person sees it.

const DATASET = join(import.meta.dirname, 'fixtures', 'support-tickets.jsonl');
let browser: Browser;
const results: ExperimentResult[] = [];

beforeAll(async () => {
  const server = await startStandInModel(DATASET);
  try {
    const dataset = await loadDataset(DATASET);
    for (const model of ['triage-large', 'triage-small'] as const) {
      results.push(
        await runExperiment({
          name: model,
          dataset,
          task: triageTask(model, `${server.url}/v1`),
          scorers: {
            accuracy: exactMatch(),
            tools: toolTrajectory({
              tools: (evalCase) => (evalCase.metadata?.tools as never) ?? [],
            }),
            fast: latencyBudget(60_000),
          },
        }),
      );
    }
  } finally {
    await server.close();
  }
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the HTML report in Chromium', () => {
  it('shows the summary, the comparison, the charts and the worst cases, with no console error', async () => {
    const [large, small] = results as [ExperimentResult, ExperimentResult];
    const file = join(ARTIFACTS, 'evals-report.html');
    await writeHtmlReport(file, [large, small], {
      comparisons: [compareExperiments(large, small)],
      worstCases: 5,
    });

    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warn') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });

    expect(await page.title()).toBe('Evals: triage-large, triage-small');
    expect(await page.$$eval('#summary tbody tr', (rows) => rows.length)).toBe(2);
    expect(await page.$eval('.summary-line', (element) => element.textContent)).toMatch(
      /^B: −0\.17 ± 0\.\d\d accuracy, −0\.03 ± 0\.\d\d tools, \+?0\.00 ± 0\.00 fast, 0\.0\d× cost, [\d.]+× p95$/,
    );
    // One cost-versus-score chart per scorer, a point per experiment.
    expect(
      await page.$$eval('#cost-vs-score svg.chart', (charts) =>
        charts.map((chart) => chart.querySelectorAll('circle').length),
      ),
    ).toEqual([2, 2, 2]);
    // A histogram per scorer and experiment, whose bars hold every run.
    expect(await page.$$eval('#distributions svg.histogram', (charts) => charts.length)).toBe(6);
    const bars = await page.$$eval('#distributions svg.histogram', (charts) =>
      charts.map((chart) =>
        [...chart.querySelectorAll('rect title')].reduce(
          (sum, title) => sum + Number(/: (\d+) run/.exec(title.textContent ?? '')?.[1]),
          0,
        ),
      ),
    );
    expect(bars).toEqual([30, 30, 30, 30, 30, 30]);
    const worst = await page.$$eval('#worst-cases article.case h3', (headings) =>
      headings.map((heading) => heading.firstChild?.textContent?.trim()),
    );
    expect(worst.slice(0, 1)).toEqual(['t13']);
    // Only runs that failed a scorer: t13 of the large model, six of the small one (t13 among them).
    expect(worst).toHaveLength(1 + 5);
    const box = await page.$eval(
      '#cost-vs-score svg.chart',
      (chart) => chart.getBoundingClientRect().width,
    );
    expect(box).toBeGreaterThan(300);

    await page.screenshot({ path: join(ARTIFACTS, 'evals-report.png'), fullPage: true });
    expect(problems).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    await page.close();
  });
});
