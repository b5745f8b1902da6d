import { describe, expect, it } from 'vitest';
import { GEMINI_PRICING_SOURCE, geminiModelCost, geminiPricing } from './gemini-pricing.js';

describe('geminiPricing', () => {
  it.each([
    ['gemini-3.1-pro-preview', 2.0, 12.0, 1.0],
    ['gemini-3-pro-preview', 2.0, 12.0, 1.0],
    ['gemini-3-pro-image-preview', 2.0, 12.0, 1.0],
    ['gemini-3-flash-preview', 0.5, 3.0, 0.25],
    ['gemini-2.5-pro', 1.25, 10.0, 0.625],
    ['gemini-2.5-flash', 0.3, 2.5, 0.15],
    ['gemini-2.5-flash-image', 0.3, 2.5, 0.15],
    ['gemini-2.5-flash-lite', 0.1, 0.4, 0.05],
    ['gemini-2.0-flash', 0.1, 0.4, 0.05],
    ['gemini-2.0-flash-lite', 0.075, 0.3, 0.0375],
    ['gemini-1.5-pro', 1.25, 5.0, 0.3125],
    ['gemini-1.5-flash', 0.075, 0.3, 0.01875],
    ['gemini-1.5-flash-8b', 0.0375, 0.15, 0.009375],
  ])(
    '%s: input %d, output %d, cached %d per million; reasoning at the output rate',
    (model, input, output, cached) => {
      const cost = geminiModelCost(model);
      expect(cost).toMatchObject({
        inputCostPerMillion: input,
        outputCostPerMillion: output,
        cachedInputCostPerMillion: cached,
        reasoningCostPerMillion: output,
        currency: 'USD',
      });
      expect(geminiPricing[model]).toBe(cost);
    },
  );

  it('has the long-context tiers, keyed on the prompt size', () => {
    expect(geminiModelCost('gemini-2.5-pro')?.tiers).toEqual([
      {
        aboveTokens: 200_000,
        inputCostPerMillion: 2.5,
        outputCostPerMillion: 15,
        reasoningCostPerMillion: 15,
      },
    ]);
    expect(geminiModelCost('gemini-3-pro-preview')?.tiers?.[0]).toMatchObject({
      aboveTokens: 200_000,
      inputCostPerMillion: 4,
      outputCostPerMillion: 18,
    });
    expect(geminiModelCost('gemini-1.5-flash')?.tiers?.[0]).toMatchObject({
      aboveTokens: 128_000,
      inputCostPerMillion: 0.15,
      outputCostPerMillion: 0.6,
    });
    expect(geminiModelCost('gemini-2.5-flash')?.tiers).toBeUndefined();
  });

  it('resolves aliases, versioned names and models/ prefixes', () => {
    expect(geminiModelCost('gemini-2.5-pro-latest')).toBe(geminiPricing['gemini-2.5-pro']);
    expect(geminiModelCost('gemini-2.5-flash-preview-04-17')).toBe(
      geminiPricing['gemini-2.5-flash'],
    );
    expect(geminiModelCost('gemini-2.0-flash-001')).toBe(geminiPricing['gemini-2.0-flash']);
    expect(geminiModelCost('gemini-2.0-flash-exp')).toBe(geminiPricing['gemini-2.0-flash']);
    expect(geminiModelCost('gemini-1.5-flash-8b-exp-0924')).toBe(
      geminiPricing['gemini-1.5-flash-8b'],
    );
    expect(geminiModelCost('models/gemini-2.5-flash')).toBe(geminiPricing['gemini-2.5-flash']);
  });

  it('has no price for unknown or unpriced models — never another model’s rates', () => {
    for (const model of [
      'gpt-4o',
      'claude-sonnet-4',
      'gemini-9-ultra',
      'gemini-2.5-pro-preview-tts',
      'imagen-4.0-generate-001',
      'veo-3.1-generate-preview',
      'toString',
      '',
    ]) {
      expect(geminiModelCost(model)).toBeUndefined();
    }
  });

  it('is frozen and dated', () => {
    expect(Object.isFrozen(geminiPricing)).toBe(true);
    expect(Object.isFrozen(geminiPricing['gemini-2.5-pro'])).toBe(true);
    expect(GEMINI_PRICING_SOURCE.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
