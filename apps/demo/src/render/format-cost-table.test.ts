import { describe, expect, it } from 'vitest';
import { costRows } from './cost-rows.js';
import { formatCostTable, formatMoney } from './format-cost-table.js';

describe('formatCostTable', () => {
  it('prints models with cached and reasoning tokens, tools, compute and the total, aligned', () => {
    const lines = formatCostTable({
      currency: 'USD',
      totalCost: 0.0123,
      complete: false,
      priceNotes: ['prices: example', 'cost unknown for local: no price known'],
      rows: [
        {
          kind: 'model',
          name: 'gpt-4o-mini',
          requests: 3,
          promptTokens: 12_345,
          cachedTokens: 2_048,
          completionTokens: 678,
          reasoningTokens: 0,
          cost: 0.0021,
          priced: true,
        },
        {
          kind: 'model',
          name: 'local',
          requests: 1,
          promptTokens: 10,
          cachedTokens: 0,
          completionTokens: 5,
          reasoningTokens: 2,
          cost: 0,
          priced: false,
        },
        { kind: 'tool', name: 'WebFetch', calls: 2, cost: 0.01 },
        { kind: 'compute', seconds: 4.5, cost: 0.0002 },
      ],
    });
    expect(lines).toEqual([
      '                      calls  prompt tokens (cached)  completion (reasoning)       cost',
      '──────────────────────────────────────────────────────────────────────────────────────',
      'model    gpt-4o-mini      3          12,345 (2,048)                 678 (0)  $0.002100',
      'model    local            1                  10 (0)                   5 (2)    unknown',
      'tool     WebFetch         2                                                  $0.010000',
      'compute  4.50 s                                                              $0.000200',
      '──────────────────────────────────────────────────────────────────────────────────────',
      'total                                                                          unknown',
      'prices: example',
      'cost unknown for local: no price known',
    ]);
    // Complete: the total is the sum.
    const complete = formatCostTable({
      currency: 'USD',
      totalCost: 0.5,
      complete: true,
      priceNotes: [],
      rows: [],
    });
    expect(complete.at(-1)).toMatch(/^total +\$0\.500000$/);
  });

  it('writes other currencies after the amount', () => {
    expect(formatMoney(1.5, 'EUR')).toBe('1.500000 EUR');
    expect(formatMoney(0.0000004, 'USD')).toBe('$0.000000');
  });
});

describe('costRows', () => {
  it('turns a CostSummary into model, tool and compute rows', () => {
    const rows = costRows({
      toolCosts: { Search: 0.005 },
      toolExecutionCount: { Search: 1, Calculator: 2 },
      totalToolCost: 0.005,
      modelInputCost: 0,
      modelOutputCost: 0,
      modelCachedCost: 0,
      modelCacheWriteCost: 0,
      modelReasoningCost: 0,
      totalModelCost: 0.001,
      byModel: {
        m: {
          requests: 2,
          promptTokens: 100,
          completionTokens: 50,
          cachedTokens: 10,
          cacheWriteTokens: 0,
          reasoningTokens: 20,
          inputCost: 0,
          outputCost: 0,
          cachedCost: 0,
          cacheWriteCost: 0,
          reasoningCost: 0,
          totalCost: 0.001,
          priced: true,
          unpricedRequests: 0,
          priceSources: [{ source: 'application' }],
        },
      },
      unpricedModels: [],
      unpricedCalls: 0,
      callsWithoutUsage: 0,
      complete: true,
      computeCost: 0.0001,
      executionDurationSeconds: 2,
      totalCost: 0.0061,
      currency: 'USD',
    });
    expect(rows).toEqual([
      {
        kind: 'model',
        name: 'm',
        requests: 2,
        promptTokens: 100,
        cachedTokens: 10,
        completionTokens: 50,
        reasoningTokens: 20,
        cost: 0.001,
        priced: true,
      },
      { kind: 'tool', name: 'Search', calls: 1, cost: 0.005 },
      { kind: 'tool', name: 'Calculator', calls: 2, cost: 0 },
      { kind: 'compute', seconds: 2, cost: 0.0001 },
    ]);
  });
});
