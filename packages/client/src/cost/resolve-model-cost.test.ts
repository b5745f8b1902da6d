import { type ModelCost, type ModelCosts, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { resolveModelCost } from './resolve-model-cost.js';
import { isModelCost, validateModelCosts } from './validate-cost.js';

const mini: ModelCost = { inputCostPerMillion: 0.15, outputCostPerMillion: 0.6 };
const large: ModelCost = { inputCostPerMillion: 2.5, outputCostPerMillion: 10 };

describe('resolveModelCost', () => {
  it('returns one ModelCost for every model', () => {
    expect(resolveModelCost(mini, 'anything')).toBe(mini);
    expect(isModelCost(mini)).toBe(true);
  });

  it('looks a model up by exact name in a map', () => {
    const costs: ModelCosts = { 'gpt-4o-mini': mini, 'gpt-4o': large };
    expect(isModelCost(costs)).toBe(false);
    expect(resolveModelCost(costs, 'gpt-4o')).toBe(large);
    expect(resolveModelCost(costs, 'gpt-4o-mini')).toBe(mini);
    expect(resolveModelCost(costs, 'gpt-4')).toBeUndefined();
  });

  it('tells a map from a ModelCost even with a model named like a price field', () => {
    const costs: ModelCosts = { inputCostPerMillion: large } as unknown as ModelCosts;
    expect(isModelCost(costs)).toBe(false);
    expect(resolveModelCost(costs, 'inputCostPerMillion')).toBe(large);
  });

  it('never reads inherited properties as prices', () => {
    expect(resolveModelCost({ 'gpt-4o': large }, 'toString')).toBeUndefined();
    expect(resolveModelCost({ 'gpt-4o': large }, '__proto__')).toBeUndefined();
  });

  it('returns undefined without prices and validates its arguments', () => {
    expect(resolveModelCost(undefined, 'gpt-4o')).toBeUndefined();
    expect(() => resolveModelCost(mini, 1 as never)).toThrow(ValidationError);
    expect(() => validateModelCosts({ 'gpt-4o': { inputCostPerMillion: 1 } })).toThrow(
      /modelCost\["gpt-4o"\]\.outputCostPerMillion/,
    );
    expect(() => validateModelCosts([])).toThrow(/modelCost/);
  });
});
