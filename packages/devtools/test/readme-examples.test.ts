// The README's examples, run as they are written there (imports adjusted to the source tree;
// console output asserted instead of printed).
import { combineObservers } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { type DevtoolsObserver, devtools, type RunSummary } from '../src/index.js';

/** The runs list, as the page reads it. */
async function runsOf(tools: DevtoolsObserver): Promise<RunSummary[]> {
  const url = new URL(tools.url);
  return (await (await fetch(new URL(`/api/runs${url.search}`, url))).json()) as RunSummary[];
}

describe('README examples', () => {
  it('the opening example', async () => {
    const printed: string[] = [];
    const tools = await devtools({ print: (line) => printed.push(line) });
    const provider = createFakeProvider().text('Hello!', {
      usage: { promptTokens: 12, completionTokens: 3, totalTokens: 15 },
    });
    const client = createClient(provider, {
      defaultModel: 'gpt-4o-mini',
      modelCost: { inputCostPerMillion: 0.15, outputCostPerMillion: 0.6 },
      observer: tools,
    });
    await client.sendMessage('Hi!');
    expect(tools.url.startsWith('http://127.0.0.1:')).toBe(true);
    expect(printed).toEqual([`aigo devtools: ${tools.url}`]);
    const runs = await runsOf(tools);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.kind).toBe('call');
    expect(runs[0]?.cost).toBeCloseTo((12 * 0.15 + 3 * 0.6) / 1_000_000, 15);
    await tools.close();
  });

  it('combined with another observer', async () => {
    const other = createRecordingObserver();
    const tools = await devtools({ print: false, captureContent: true });
    const observer = combineObservers(other, tools);
    const client = createClient(createFakeProvider().text('ok'), { defaultModel: 'm', observer });
    await client.sendMessage('Hi!');
    expect(other.spans).toHaveLength(1);
    expect(await runsOf(tools)).toHaveLength(1);
    await tools.close();
  });
});
