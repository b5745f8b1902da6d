/// <reference lib="dom" />
import { join } from 'node:path';
import { createRetriever, inMemoryVectorStore } from '@aigo/retrieval';
import { createFakeEmbedder } from '@aigo/testing';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevtoolsObserver, devtools } from '../src/index.js';
import { ARTIFACTS, launchChromium } from './support/test-chromium.js';
import { payingSetup, suspend } from './support/test-real-payer.js';
import {
  COMPUTE,
  deferred,
  HOSTILE_ANSWER,
  hostileCall,
  LOOKUP_COST,
  MODEL,
  startAgentRun,
  startGraphRun,
} from './support/test-runs.js';

// Headless Debian Chromium (puppeteer-core), not a DOM simulation: the page, its script, its
// event stream and its requests are the real ones.

let browser: Browser;
let tools: DevtoolsObserver;

beforeAll(async () => {
  browser = await launchChromium();
  tools = await devtools({ print: false, captureContent: true });
}, 60_000);

afterAll(async () => {
  await tools?.close();
  await browser?.close();
});

async function openPage(url = tools.url): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForSelector('[data-testid=live-status].on');
  return page;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** The exact figures of the cost table's rows (`data-field` → `data-value`). */
function rowValues(page: Page, selector: string): Promise<Record<string, number>[]> {
  return page.$$eval(selector, (rows) =>
    rows.map((row) =>
      Object.fromEntries(
        [...row.querySelectorAll<HTMLElement>('[data-field]')].map((cell) => [
          cell.dataset.field ?? '',
          Number(cell.dataset.value),
        ]),
      ),
    ),
  );
}

describe('@aigo/devtools in headless Chromium', () => {
  it('shows the offline agent live: runs list, waterfall, call content, and the overview’s cost', async () => {
    const page = await openPage();
    const gate = deferred<void>();
    const running = startAgentRun(tools, gate);
    // Live, while the run is under way (its lookup tool waits on the gate): no reload.
    await page.waitForSelector('[data-testid=run-row][data-kind=agent][data-status=running]');
    await page.click('[data-testid=run-row][data-kind=agent]');
    await page.waitForSelector('[data-testid=waterfall-bar][data-kind=tool][data-status=running]');
    await shot(page, '1-agent-live-running');
    gate.resolve();
    const result = await running;
    await page.waitForSelector('[data-testid=run-row][data-kind=agent][data-status=done]');
    await page.waitForSelector('[data-testid=run-detail][data-status=done]');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=waterfall-bar][data-kind=model]').length === 3,
    );
    // The typed answer streamed: how, from the agent span.
    await page.waitForSelector('[data-testid=answer-streaming]');
    expect(await page.$eval('[data-testid=answer-streaming]', (e) => e.textContent)).toMatch(
      /^Typed answer streamed: \d+ partial answers? over 1 model call; the first after \d+(\.\d+)? (ms|s)\.$/,
    );

    const bars = await page.$$eval('[data-testid=waterfall-bar]', (elements) =>
      elements.map((element) => ({
        kind: (element as HTMLElement).dataset.kind,
        status: (element as HTMLElement).dataset.status,
        ms: Number((element as HTMLElement).dataset.durationMs),
        width: element.getBoundingClientRect().width,
      })),
    );
    expect(bars.map((bar) => bar.kind)).toEqual([
      'agent',
      'model',
      'tool',
      'model',
      'tool',
      'model',
    ]);
    expect(bars.every((bar) => bar.status === 'ok' && bar.ms >= 0 && bar.width > 0)).toBe(true);
    const durations = await page.$$eval('[data-testid=waterfall-duration]', (elements) =>
      elements.map((element) => element.textContent ?? ''),
    );
    expect(durations.every((text) => /\d+(\.\d+)? (ms|s)$/.test(text))).toBe(true);

    // The cost table: the figures of the run's own overview, exactly.
    const summary = result.costSummary();
    const expected = summary.byModel[MODEL];
    const [row] = await rowValues(page, '[data-testid=cost-model-row]');
    expect(row).toEqual({
      requests: expected?.requests,
      promptTokens: expected?.promptTokens,
      cachedTokens: expected?.cachedTokens,
      completionTokens: expected?.completionTokens,
      reasoningTokens: expected?.reasoningTokens,
      inputCost: expected?.inputCost,
      cachedCost: expected?.cachedCost,
      outputCost: expected?.outputCost,
      reasoningCost: expected?.reasoningCost,
      totalCost: expected?.totalCost,
    });
    expect(expected?.cachedCost).toBeGreaterThan(0);
    expect(expected?.reasoningCost).toBeGreaterThan(0);
    const tools_ = await rowValues(page, '[data-testid=cost-tool-row]');
    expect(tools_).toEqual([
      { calls: 1, cost: summary.toolCosts.lookup },
      { calls: 1, cost: summary.toolCosts.Calculator ?? 0 },
    ]);
    expect(summary.toolCosts.lookup).toBe(LOOKUP_COST);
    const [compute] = await rowValues(page, '[data-testid=cost-compute-row]');
    // Compute is run time × rate, exactly: the devtools' run time is its run span's, read from the
    // page's own API; the overview's is its own clock's, priced at the same rate.
    const runId = await page.$eval(
      '[data-testid=run-detail]',
      (e) => (e as HTMLElement).dataset.runId,
    );
    const run = await page.evaluate(async (id) => {
      const token = new URLSearchParams(location.search).get('token') ?? '';
      const answer = await fetch(`/api/runs/${id}?token=${encodeURIComponent(token)}`);
      return ((await answer.json()) as { run: { start: number; end: number } }).run;
    }, runId);
    expect(compute?.computeCost).toBe(
      (Math.max(0, run.end - run.start) / 1000) * COMPUTE.costPerSecond,
    );
    expect(compute?.computeCost).toBeGreaterThan(0);
    expect(summary.computeCost).toBe(summary.executionDurationSeconds * COMPUTE.costPerSecond);
    await page.waitForSelector('[data-testid=cost-chart] canvas');
    await shot(page, '2-agent-done-cost');

    // A model call's request and answer (capture is on here).
    await page.click('[data-testid=waterfall-bar][data-kind=model]');
    await page.waitForSelector('[data-testid=span-detail]');
    const content = await page.$$eval('[data-testid=span-content]', (elements) =>
      elements.map((element) => element.textContent ?? ''),
    );
    expect(content.join('\n')).toContain('How tall is the Eiffel Tower in feet?');
    expect(content.join('\n')).toContain('lookup');
    await shot(page, '3-agent-model-call');
    // A tool call's arguments and result.
    await page.click('[data-testid=waterfall-bar][data-kind=tool]');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid=span-content]')].some((element) =>
        element.textContent?.includes('Eiffel Tower height'),
      ),
    );
    await page.close();
  }, 60_000);

  it('draws a graph run with dagre and colours its nodes by status as they change', async () => {
    const page = await openPage();
    const gate = deferred<void>();
    const running = startGraphRun(tools, gate);
    await page.waitForSelector('[data-testid=run-row][data-kind=graph]');
    await page.click('[data-testid=run-row][data-kind=graph]');
    await page.waitForSelector(
      '[data-testid=graph-node][data-node-id=summarize][data-status=running]',
    );
    await page.waitForSelector(
      '[data-testid=graph-node][data-node-id=translate][data-status=failed]',
    );
    await shot(page, '4-graph-running');
    gate.resolve();
    const result = await running;
    await page.waitForSelector('[data-testid=run-detail][data-status=done]');
    await page.waitForSelector(
      '[data-testid=graph-node][data-node-id=publish][data-status=skipped]',
    );
    const colours = await page.$$eval('[data-testid=graph-node]', (nodes) =>
      Object.fromEntries(
        nodes.map((node) => [
          (node as SVGGElement).dataset.nodeId,
          getComputedStyle(node.querySelector('rect') as SVGRectElement).fill,
        ]),
      ),
    );
    expect(colours).toEqual({
      fetch: 'rgb(46, 160, 67)',
      summarize: 'rgb(46, 160, 67)',
      translate: 'rgb(218, 54, 51)',
      report: 'rgb(46, 160, 67)',
      publish: 'rgb(137, 87, 229)',
    });
    // Laid out left to right: fetch before its children, report after them.
    const x = await page.$$eval('[data-testid=graph-node] rect', (rects) =>
      Object.fromEntries(
        rects.map((rect) => [
          (rect.parentElement as unknown as SVGGElement).dataset.nodeId,
          Number(rect.getAttribute('x')),
        ]),
      ),
    );
    expect(x.fetch).toBeLessThan(x.summarize as number);
    expect(x.summarize).toBeLessThan(x.report as number);
    expect(x.translate).toBeLessThan(x.publish as number);
    const bars = await page.$$eval('[data-testid=waterfall-bar]', (elements) =>
      elements.map((element) => (element as HTMLElement).dataset.kind),
    );
    expect(bars.filter((kind) => kind === 'node')).toHaveLength(4);
    expect(bars.filter((kind) => kind === 'model')).toHaveLength(2);
    const [row] = await rowValues(page, '[data-testid=cost-model-row]');
    expect(row?.totalCost).toBe(result.costSummary().byModel['graph-model']?.totalCost);
    await shot(page, '5-graph-done');
    await page.close();
  }, 60_000);

  it('shows a hostile answer as text: no element, no script', async () => {
    const page = await openPage();
    await hostileCall(tools);
    await page.waitForSelector('[data-testid=run-row][data-kind=call]');
    await page.click('[data-testid=run-row][data-kind=call]');
    await page.waitForSelector('[data-testid=waterfall-bar][data-kind=model]');
    await page.click('[data-testid=waterfall-bar][data-kind=model]');
    await page.waitForSelector('[data-testid=span-content]');
    const shown = await page.$$eval('[data-testid=span-content]', (elements) =>
      elements.map((element) => element.textContent ?? '').join('\n'),
    );
    expect(shown).toContain(JSON.stringify(HOSTILE_ANSWER).slice(1, 30));
    const injected = await page.evaluate(() => ({
      images: document.querySelectorAll('main img').length,
      bold: document.querySelectorAll('main b').length,
      pwned: (window as unknown as { __pwned?: number }).__pwned,
    }));
    expect(injected).toEqual({ images: 0, bold: 0, pwned: undefined });
    await shot(page, '6-hostile-answer-as-text');
    await page.close();
  }, 60_000);

  it('shows a retrieval’s stages: durations and counts, the query with capture', async () => {
    const page = await openPage();
    const embedder = createFakeEmbedder({ dimensions: 32 });
    const store = inMemoryVectorStore({ dimensions: 32 });
    const texts = ['Refunds take 14 days.', 'Shipping takes 3 days.', 'Open from 9 to 18.'];
    await store.upsert(
      texts.map((text, index) => ({ id: `c${index}`, text, vector: embedder.vectorOf(text) })),
    );
    const retriever = createRetriever({
      store,
      embedder: { provider: embedder, model: 'fake-embed' },
      topK: 1,
      observer: tools,
      rerank: { reranker: (_query, chunks) => chunks.map((chunk) => ({ ...chunk, score: 1 })) },
    });
    await retriever.retrieve('How long do refunds take?');
    await page.waitForSelector('[data-testid=run-row][data-kind=other]');
    await page.click('[data-testid=run-row][data-kind=other]');
    await page.waitForSelector('[data-testid=waterfall-bar][data-kind=retrieval]');
    await page.click('[data-testid=waterfall-bar][data-kind=retrieval]');
    await page.waitForSelector('[data-testid=retrieval-stages]');
    const stages = await page.$$eval('[data-testid=retrieval-stages] tr', (rows) =>
      rows.map((row) => [
        row.querySelector('th')?.textContent,
        row.querySelector('td')?.textContent,
      ]),
    );
    expect(stages.map(([stage]) => stage)).toEqual(['embed', 'semantic', 'rerank']);
    expect(stages[1]?.[1]).toMatch(/ms · 3$/);
    expect(stages[2]?.[1]).toMatch(/ms · 1$/);
    expect(
      await page.$eval('[data-testid=span-detail]', (element) => element.textContent),
    ).toContain('How long do refunds take?');
    await shot(page, '8-retrieval-stages');
    await page.close();
  }, 60_000);

  it('shows counts only when content capture is off', async () => {
    const quiet = await devtools({ print: false });
    try {
      const page = await openPage(quiet.url);
      await hostileCall(quiet);
      await page.waitForSelector('[data-testid=run-row][data-kind=call]');
      await page.click('[data-testid=run-row][data-kind=call]');
      await page.waitForSelector('[data-testid=waterfall-bar][data-kind=model]');
      await page.click('[data-testid=waterfall-bar][data-kind=model]');
      await page.waitForSelector('[data-testid=no-content]');
      expect(await page.$$('[data-testid=span-content]')).toHaveLength(0);
      expect(await page.content()).not.toContain('window.__pwned');
      await shot(page, '7-capture-off-counts-only');
      await page.close();
    } finally {
      await quiet.close();
    }
  }, 60_000);

  it('approves a real createReAct run suspended for approval from the page, which resumes it', async () => {
    const { tools: resuming, spans, payments, agent } = await payingSetup();
    try {
      const page = await openPage(resuming.url);
      const suspended = await suspend(agent);
      const requestId = suspended.requests[0]?.id ?? '';
      await page.waitForSelector('[data-testid=run-row][data-status=suspended]');
      await page.click('[data-testid=run-row][data-status=suspended]');
      await page.waitForSelector(
        `[data-testid=approval][data-request-id="${requestId}"] [data-testid=approve]`,
      );
      expect(payments).toEqual([]);
      await shot(page, '9-approval-pending');
      await page.click('[data-testid=approve]');
      await spans.ended(2); // the resumed run's agent span
      expect(payments).toEqual([{ amount: 120, to: 'ACME' }]);
      await page.waitForFunction(() => document.querySelector('[data-testid=approvals]') === null);
      await page.waitForSelector('[data-testid=run-row][data-status=done]');
      await page.close();
    } finally {
      await resuming.close();
    }
  }, 60_000);

  it('refuses the page without the token, and with a wrong one', async () => {
    const page = await browser.newPage();
    const origin = new URL(tools.url).origin;
    const bare = await page.goto(`${origin}/`);
    expect(bare?.status()).toBe(401);
    expect(await page.evaluate(() => document.body.textContent)).toContain('token is required');
    await shot(page, '8-refused-without-token');
    const wrong = await page.goto(`${origin}/?token=not-the-token`);
    expect(wrong?.status()).toBe(401);
    await page.close();
  }, 30_000);
});
