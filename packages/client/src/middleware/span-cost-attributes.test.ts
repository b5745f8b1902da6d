import type { ModelCost } from '@aigo/ai';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.js';
import { ATTR_AIGO_COST } from './span-cost-attributes.js';

const price: ModelCost = {
  inputCostPerMillion: 2,
  outputCostPerMillion: 8,
  cachedInputCostPerMillion: 0.5,
  reasoningCostPerMillion: 10,
};

describe('model-call spans carry the cost the overview computes', () => {
  it('sets aigo.cost.* per call, summing to the overview’s costSummary by model', async () => {
    const observer = createRecordingObserver();
    const provider = createFakeProvider()
      .response({
        content: 'one',
        usage: {
          promptTokens: 1200,
          completionTokens: 300,
          totalTokens: 1500,
          cachedTokens: 400,
          reasoningTokens: 100,
        },
      })
      .response({
        content: 'two',
        usage: { promptTokens: 900, completionTokens: 50, totalTokens: 950 },
      });
    const client = createClient(provider, {
      defaultModel: 'priced-model',
      modelCost: price,
      computeCost: { costPerSecond: 0.001 },
      observer,
    });
    const overview = client.createOverview();
    await client.sendMessage('first', { overview });
    await client.sendMessage('second', { overview });
    const summary = overview.costSummary();
    const chats = observer.spans.filter((span) => span.name.startsWith('chat '));
    expect(chats).toHaveLength(2);
    const [first, second] = chats.map((span) => span.attributes);
    expect(first?.[ATTR_AIGO_COST.model]).toBe('priced-model');
    expect(first?.[ATTR_AIGO_COST.priced]).toBe(true);
    expect(first?.[ATTR_AIGO_COST.priceSource]).toBe('application');
    expect(first?.[ATTR_AIGO_COST.currency]).toBe('USD');
    expect(first?.[ATTR_AIGO_COST.cachedTokens]).toBe(400);
    expect(first?.[ATTR_AIGO_COST.reasoningTokens]).toBe(100);
    expect(first?.[ATTR_AIGO_COST.cachedRate]).toBe(0.5);
    expect(first?.[ATTR_AIGO_COST.reasoningRate]).toBe(10);
    expect(first?.[ATTR_AIGO_COST.computeRate]).toBe(0.001);
    const byModel = summary.byModel['priced-model'];
    const sum = (key: string) => Number(first?.[key]) + Number(second?.[key]);
    expect(sum(ATTR_AIGO_COST.total)).toBeCloseTo(byModel?.totalCost ?? Number.NaN, 15);
    expect(sum(ATTR_AIGO_COST.input)).toBe(byModel?.inputCost);
    expect(sum(ATTR_AIGO_COST.cached)).toBe(byModel?.cachedCost);
    expect(sum(ATTR_AIGO_COST.output)).toBe(byModel?.outputCost);
    expect(sum(ATTR_AIGO_COST.reasoning)).toBe(byModel?.reasoningCost);
    expect(byModel?.cachedCost).toBeGreaterThan(0);
    expect(byModel?.reasoningCost).toBeGreaterThan(0);
  });

  it('says where a provider list price came from', async () => {
    const observer = createRecordingObserver();
    const provider = Object.assign(createFakeProvider().text('hi'), {
      modelCost: (): ModelCost => ({
        inputCostPerMillion: 1,
        outputCostPerMillion: 2,
        origin: { provider: 'openai', model: 'listed-model', date: '2026-01-02' },
      }),
    });
    const client = createClient(provider, { defaultModel: 'listed-model-2026', observer });
    await client.sendMessage('hello');
    const attributes = observer.spans.find((span) => span.name.startsWith('chat '))?.attributes;
    expect(attributes?.[ATTR_AIGO_COST.priceSource]).toBe('provider');
    expect(attributes?.[ATTR_AIGO_COST.priceProvider]).toBe('openai');
    expect(attributes?.[ATTR_AIGO_COST.priceDate]).toBe('2026-01-02');
    expect(attributes?.[ATTR_AIGO_COST.priceModel]).toBe('listed-model');
    expect(attributes?.[ATTR_AIGO_COST.total]).toBeGreaterThan(0);
  });

  it('adds no cost attribute to an unpriced call', async () => {
    const observer = createRecordingObserver();
    const client = createClient(createFakeProvider().text('hi'), {
      defaultModel: 'no-price',
      observer,
    });
    await client.sendMessage('hello');
    const attributes = observer.spans.find((span) => span.name.startsWith('chat '))?.attributes;
    expect(Object.keys(attributes ?? {}).filter((name) => name.startsWith('aigo.'))).toEqual([]);
  });

  it('records a tool call’s metrics amount on its execute_tool span', async () => {
    const observer = createRecordingObserver();
    const provider = createFakeProvider();
    const client = createClient(provider, {
      defaultModel: 'm',
      observer,
      tools: [
        {
          name: 'paid',
          description: { name: 'paid', description: 'costs money', parameters: { type: 'object' } },
          metrics: { amount: 0.25, currency: 'USD' },
          call: async () => '"ok"',
        },
      ],
    });
    await client.executeToolCalls([
      { id: 'c1', type: 'function', function: { name: 'paid', arguments: '{}' } },
    ]);
    const span = observer.spans.find((candidate) => candidate.name === 'execute_tool paid');
    expect(span?.attributes['aigo.cost.total']).toBe(0.25);
    expect(span?.attributes['aigo.cost.currency']).toBe('USD');
  });
});
