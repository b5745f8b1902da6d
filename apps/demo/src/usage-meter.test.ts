import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { usageMeter } from './usage-meter.js';

describe('usageMeter', () => {
  it('reports each call’s usage, streamed or not, and keeps the total', async () => {
    const seen: number[] = [];
    const meter = usageMeter((usage) => seen.push(usage.totalTokens));
    const provider = createFakeProvider()
      .text('one', { usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 } })
      .text('two words', {
        usage: { promptTokens: 10, completionTokens: 4, totalTokens: 14, cachedTokens: 6 },
      });
    const client = createClient(provider, { defaultModel: 'm', middleware: [meter], env: {} });

    await client.sendMessage('a');
    expect(seen).toEqual([5]);
    const stream = await client.streamMessage('b');
    for await (const _event of stream) {
      // reading it through
    }
    expect(seen).toEqual([5, 14]);
    expect(meter.total()).toEqual({
      promptTokens: 13,
      completionTokens: 6,
      totalTokens: 19,
      cachedTokens: 6,
    });
  });
});
