import type { ModelCost, StreamProvider } from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.js';

const MINI: ModelCost = Object.freeze({
  inputCostPerMillion: 0.15,
  outputCostPerMillion: 0.6,
  cachedInputCostPerMillion: 0.075,
  currency: 'USD',
  origin: { provider: 'openai', model: 'gpt-4o-mini', date: '2026-09-23' },
});

const USAGE = {
  promptTokens: 2_000,
  completionTokens: 100,
  totalTokens: 2_100,
  cachedTokens: 1_000,
};

/** A scripted model behind a provider that knows gpt-4o-mini's list price, as `openai()` does. */
function listedProvider(): StreamProvider {
  const fake = createFakeProvider().text('one', { usage: USAGE }).text('two', { usage: USAGE });
  return {
    id: 'openai',
    sendMessage: (request, options) => fake.sendMessage(request, options),
    streamMessage: (request, options) => fake.streamMessage(request, options),
    modelCost: (model) => (model === 'gpt-4o-mini' ? MINI : undefined),
  };
}

// (1,000 × 0.15 + 1,000 × 0.075 + 100 × 0.6) / 1e6 per call
const PER_CALL = 0.000285;

describe("createClient's overviews and the provider's prices", () => {
  it('price calls at the provider list price when the application gives none, streamed or not', async () => {
    const client = createClient(listedProvider(), { defaultModel: 'gpt-4o-mini' });
    const overview = client.createOverview();
    await client.sendMessage('first', { overview });
    const stream = await client.streamMessage('second', { overview });
    await stream.collect();
    const summary = overview.costSummary();
    expect(summary.totalCost).toBeCloseTo(2 * PER_CALL, 12);
    expect(summary.complete).toBe(true);
    expect(summary.byModel['gpt-4o-mini']).toMatchObject({
      requests: 2,
      priceSources: [
        { source: 'provider', provider: 'openai', date: '2026-09-23', model: 'gpt-4o-mini' },
      ],
    });
  });

  it("use the application's price first, and report a model nobody prices as unknown", async () => {
    const priced = createClient(listedProvider(), {
      defaultModel: 'gpt-4o-mini',
      modelCost: { 'gpt-4o-mini': { inputCostPerMillion: 1, outputCostPerMillion: 1 } },
    });
    const own = priced.createOverview();
    await priced.sendMessage('hi', { overview: own });
    expect(own.costSummary().byModel['gpt-4o-mini']?.priceSources).toEqual([
      { source: 'application' },
    ]);

    const unknown = createClient(listedProvider(), { defaultModel: 'my-llama' });
    const overview = unknown.createOverview();
    await unknown.sendMessage('hi', { overview });
    const summary = overview.costSummary();
    expect(summary).toMatchObject({
      complete: false,
      unpricedCalls: 1,
      unpricedModels: ['my-llama'],
    });
  });
});
