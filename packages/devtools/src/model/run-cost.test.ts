import { describe, expect, it } from 'vitest';
import type { MutableSpan } from './recorded-run.js';
import { runCost } from './run-cost.js';

function span(
  kind: MutableSpan['kind'],
  end: number,
  attributes: MutableSpan['attributes'],
  status: MutableSpan['status'] = 'ok',
): MutableSpan {
  return {
    id: `s${end}`,
    parentId: undefined,
    name: kind,
    kind,
    start: end - 5,
    end,
    status,
    statusMessage: undefined,
    attributes,
    events: [],
  };
}

const priced = {
  'aigo.cost.model': 'm',
  'aigo.cost.priced': true,
  'aigo.cost.currency': 'USD',
  'aigo.cost.price_source': 'provider',
  'aigo.cost.price_provider': 'openai',
  'aigo.cost.price_date': '2026-01-02',
  'aigo.cost.price_model': 'm-listed',
  'gen_ai.usage.input_tokens': 100,
  'gen_ai.usage.output_tokens': 10,
  'aigo.usage.cached_tokens': 40,
  'aigo.cost.input': 0.1,
  'aigo.cost.cached': 0.02,
  'aigo.cost.cache_write': 0,
  'aigo.cost.output': 0.3,
  'aigo.cost.reasoning': 0,
  'aigo.cost.total': 0.42,
  'aigo.price.compute_per_second': 2,
  'aigo.price.input_per_million': 1000,
};

describe('runCost', () => {
  it('sums models part by part, tools, and compute over the run time', () => {
    const cost = runCost(
      [
        span('model', 20, priced),
        span('tool', 30, { 'gen_ai.tool.name': 'search', 'aigo.cost.total': 0.5 }),
        span('model', 40, priced),
        span('model', 50, { ...priced, 'aigo.cost.total': 99 }, 'error'),
      ],
      0,
      1000,
    );
    expect(cost.byModel).toEqual([
      expect.objectContaining({
        model: 'm',
        requests: 2,
        promptTokens: 200,
        cachedTokens: 80,
        inputCost: 0.2,
        cachedCost: 0.04,
        outputCost: 0.6,
        totalCost: 0.2 + 0.04 + 0 + 0.6 + 0,
        priceSources: ['provider openai 2026-01-02 (m-listed)'],
        rates: { input: 1000 },
      }),
    ]);
    expect(cost.byTool).toEqual([{ tool: 'search', calls: 1, cost: 0.5 }]);
    expect(cost.computeCost).toBe(2);
    expect(cost.totalCost).toBeCloseTo(0.84 + 0.5 + 2, 12);
    expect(cost.complete).toBe(true);
    expect(cost.timeline.map((point) => point.atMs)).toEqual([0, 20, 30, 40, 1000]);
    expect(cost.timeline.at(-1)?.total).toBeCloseTo(0.84 + 0.5 + 2, 12);
  });

  it('marks unpriced calls and other currencies as incomplete', () => {
    const cost = runCost(
      [
        span('model', 10, { 'aigo.cost.model': 'free', 'aigo.cost.priced': false }),
        span('model', 20, { ...priced }),
        span('model', 30, { ...priced, 'aigo.cost.currency': 'EUR' }),
      ],
      0,
      100,
    );
    expect(cost.complete).toBe(false);
    expect(cost.byModel.find((row) => row.model === 'free')?.unpricedRequests).toBe(1);
    expect(cost.totalModelCost).toBeCloseTo(0.42, 12);
  });

  it('counts the tokens and cost of a failed call the provider billed, not as a request', () => {
    const cost = runCost(
      [
        span('model', 10, { ...priced, 'aigo.cost.model': 'alpha:a' }, 'error'),
        span(
          'model',
          20,
          { ...priced, 'aigo.cost.model': 'alpha:a', 'aigo.cost.billed_failure': true },
          'error',
        ),
        span('model', 30, { ...priced, 'aigo.cost.model': 'beta:b' }),
      ],
      0,
      100,
    );
    expect(
      cost.byModel.map((row) => [row.model, row.requests, row.promptTokens, row.totalCost]),
    ).toEqual([
      ['alpha:a', 0, 100, 0.42],
      ['beta:b', 1, 100, 0.42],
    ]);
    expect(cost.totalModelCost).toBeCloseTo(0.84, 12);
    expect(cost.complete).toBe(true);
  });
});
