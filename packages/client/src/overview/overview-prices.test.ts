import {
  type ChatRequest,
  type ChatResponse,
  type ModelCost,
  type Provider,
  type Usage,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { Overview } from './overview.js';

function usage(promptTokens: number, completionTokens: number): Usage {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

function response(model: string, used: Usage | undefined): ChatResponse {
  return {
    id: 'r',
    model,
    content: 'ok',
    toolCalls: [],
    finishReason: 'stop',
    ...(used === undefined ? {} : { usage: used }),
  };
}

const request = (model: string): ChatRequest => ({ model, messages: [userMessage('hi')] });

const MINI: ModelCost = Object.freeze({
  inputCostPerMillion: 0.15,
  outputCostPerMillion: 0.6,
  currency: 'USD',
  origin: { provider: 'openai', model: 'gpt-4o-mini', date: '2026-09-23' },
});

/** A provider whose price list knows gpt-4o-mini under its dated name and alias. */
function listedProvider(asked: string[] = []): Pick<Provider, 'id' | 'modelCost'> {
  return {
    id: 'openai',
    modelCost(model: string) {
      asked.push(model);
      return model.startsWith('gpt-4o-mini') ? MINI : undefined;
    },
  };
}

describe('Overview prices from the provider', () => {
  it('prices a model the application gave no price for at the provider list price, and says so', () => {
    const asked: string[] = [];
    const overview = new Overview({ provider: listedProvider(asked) });
    // Requested by alias, answered with the dated name: the dated name is looked up first.
    overview.recordResponse(
      response('gpt-4o-mini-2024-07-18', usage(10_000, 1_000)),
      request('gpt-4o-mini'),
    );
    const summary = overview.costSummary();
    // 10,000 × 0.15 + 1,000 × 0.6, per million
    expect(summary.totalCost).toBeCloseTo(0.0021, 12);
    expect(summary.complete).toBe(true);
    expect(summary.byModel['gpt-4o-mini']?.priceSources).toEqual([
      { source: 'provider', provider: 'openai', date: '2026-09-23', model: 'gpt-4o-mini' },
    ]);
    expect(asked).toEqual(['gpt-4o-mini-2024-07-18']);
  });

  it("prefers the application's price, by the requested name or the answering one", () => {
    const asked: string[] = [];
    const mine: ModelCost = { inputCostPerMillion: 1, outputCostPerMillion: 1 };
    const overview = new Overview({
      modelCost: { 'gpt-4o-mini-2024-07-18': mine },
      provider: listedProvider(asked),
    });
    overview.recordResponse(
      response('gpt-4o-mini-2024-07-18', usage(1_000_000, 0)),
      request('gpt-4o-mini'),
    );
    expect(overview.costSummary().totalCost).toBeCloseTo(1, 12);
    expect(overview.costSummary().byModel['gpt-4o-mini']?.priceSources).toEqual([
      { source: 'application' },
    ]);
    expect(asked).toEqual([]);
  });

  it('reports calls without a price as unknown, never as $0, and the summary as incomplete', () => {
    const overview = new Overview({ provider: listedProvider() });
    overview.recordResponse(response('gpt-4o-mini', usage(10_000, 1_000)));
    overview.recordResponse(response('my-llama', usage(5_000, 500)));
    overview.recordResponse(response('my-llama', usage(5_000, 500)));
    const summary = overview.costSummary();
    expect(summary.complete).toBe(false);
    expect(summary.unpricedModels).toEqual(['my-llama']);
    expect(summary.unpricedCalls).toBe(2);
    expect(summary.byModel['my-llama']).toMatchObject({
      priced: false,
      unpricedRequests: 2,
      priceSources: [],
      totalCost: 0,
    });
    expect(summary.totalCost).toBeCloseTo(0.0021, 12); // a lower bound: my-llama is not in it
  });

  it('counts priced calls that reported no usage, which leave the summary incomplete', () => {
    const overview = new Overview({ provider: listedProvider() });
    overview.recordResponse(response('gpt-4o-mini', undefined));
    const summary = overview.costSummary();
    expect(summary.callsWithoutUsage).toBe(1);
    expect(summary.unpricedCalls).toBe(0);
    expect(summary.complete).toBe(false);
    expect(summary.byModel['gpt-4o-mini']?.priced).toBe(true);
  });

  it('treats a throwing provider or a malformed price as no price', () => {
    const throwing = new Overview({
      provider: {
        id: 'broken',
        modelCost: () => {
          throw new Error('bug in a third-party provider');
        },
      },
    });
    throwing.recordResponse(response('m', usage(1, 1)));
    expect(throwing.costSummary().unpricedModels).toEqual(['m']);
    const malformed = new Overview({
      provider: { id: 'odd', modelCost: () => ({ inputCostPerMillion: -1 }) as ModelCost },
    });
    malformed.recordResponse(response('m', usage(1, 1)));
    expect(malformed.costSummary().unpricedCalls).toBe(1);
  });

  it("names the provider's id when its price carries no origin", () => {
    const overview = new Overview({
      provider: {
        id: 'custom',
        modelCost: () => ({ inputCostPerMillion: 1, outputCostPerMillion: 2 }),
      },
    });
    overview.recordResponse(response('m', usage(1_000_000, 1_000_000)));
    expect(overview.costSummary().byModel.m?.priceSources).toEqual([
      { source: 'provider', provider: 'custom' },
    ]);
    expect(overview.totalCost()).toBeCloseTo(3, 12);
  });

  it('merges price sources and the counts of unknown costs', () => {
    const graph = new Overview({
      modelCost: { 'gpt-4o-mini': { inputCostPerMillion: 1, outputCostPerMillion: 1 } },
    });
    const node = new Overview({ provider: listedProvider() });
    graph.recordResponse(response('gpt-4o-mini', usage(10, 10)));
    node.recordResponse(response('gpt-4o-mini', usage(10, 10)));
    node.recordResponse(response('gpt-4o-mini', undefined));
    node.recordResponse(response('mystery', usage(10, 10)));
    graph.merge(node);
    const summary = graph.costSummary();
    expect(summary.byModel['gpt-4o-mini']?.priceSources).toEqual([
      { source: 'application' },
      { source: 'provider', provider: 'openai', date: '2026-09-23', model: 'gpt-4o-mini' },
    ]);
    expect(summary).toMatchObject({ unpricedCalls: 1, callsWithoutUsage: 1, complete: false });
  });

  it('is not complete when an amount is left out for its currency', () => {
    const overview = new Overview({
      modelCost: { a: { inputCostPerMillion: 1, outputCostPerMillion: 1, currency: 'EUR' } },
    });
    overview.recordResponse(response('a', usage(10, 10)));
    overview.recordToolCall({ name: 't', durationMs: 1, metrics: { amount: 1, currency: 'USD' } });
    expect(overview.costsInOtherCurrencies()).toHaveLength(1);
    expect(overview.costSummary().complete).toBe(false);
  });

  it('validates the provider', () => {
    expect(() => new Overview({ provider: null as never })).toThrow(ValidationError);
    expect(() => new Overview({ provider: { id: 'x', modelCost: 1 } as never })).toThrow(
      /provider/,
    );
  });
});
