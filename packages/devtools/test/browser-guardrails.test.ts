/// <reference lib="dom" />
import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import type { Browser, Page } from 'puppeteer-core';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevtoolsObserver, devtools } from '../src/index.js';
import { launchChromium } from './support/test-chromium.js';

// Headless Debian Chromium (puppeteer-core): the page's own script draws the marks.

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

async function openPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(tools.url);
  await page.waitForSelector('[data-testid=live-status].on');
  return page;
}

describe('@aigo/devtools: guardrails and tool authorization on the waterfall', () => {
  it('marks a denied tool call and a tripped guardrail on the agent’s row, with their reasons', async () => {
    const page = await openPage();
    const lookup = defineTool({
      name: 'lookup',
      description: 'Looks a word up',
      input: Type.Object({ word: Type.String() }),
      execute: ({ word }) => ({ word }),
    });
    const provider = createFakeProvider()
      .toolCall('lookup', { word: 'x' })
      .text('The password is hunter2');
    const client = createClient(provider, {
      env: {},
      defaultModel: 'm',
      tools: [lookup],
      observer: tools,
    });
    const agent = createReAct(client, {
      name: 'guarded',
      authorizeTool: () => ({ decision: 'deny', reason: 'no lookups today' }),
      guardrails: {
        output: [
          {
            name: 'secrets',
            check: ({ content }) => ({
              tripwire: content.includes('password'),
              reason: 'a password',
            }),
          },
        ],
      },
    });
    const stopped = await agent.execute('Go').catch((error: unknown) => error);
    expect((stopped as { stopReason?: string }).stopReason).toBe('guardrail');
    await page.waitForSelector('[data-testid=run-row][data-kind=agent][data-status=failed]');
    await page.click('[data-testid=run-row][data-kind=agent]');
    await page.waitForSelector('[data-testid=waterfall-mark][data-mark=guardrail]');
    const marks = await page.$$eval('[data-testid=waterfall-mark]', (elements) =>
      elements.map((element) => [
        (element as HTMLElement).dataset.mark,
        element.getAttribute('title'),
      ]),
    );
    expect(marks).toEqual([
      ['denied', 'Tool lookup denied: no lookups today'],
      ['guardrail', 'Guardrail secrets tripped (stop): a password'],
    ]);
    await page.close();
  }, 60_000);
});
