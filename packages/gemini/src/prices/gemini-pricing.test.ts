import { describe, expect, it } from 'vitest';
import { gemini } from '../gemini-provider.js';
import { GEMINI_PRICING_SOURCE, geminiModelCost } from './gemini-pricing.js';

describe('Gemini prices, generated from the price database', () => {
  it.each([
    'gemini-2.5-flash',
    'gemini-2.5-flash-lite',
    'gemini-2.5-pro',
    'gemini-3-flash-preview',
    'gemini-3-pro-preview',
    'gemini-3.1-pro-preview',
  ])('%s: cached input at a tenth of the input rate, not half of it', (model) => {
    const cost = geminiModelCost(model);
    expect(cost?.cachedInputCostPerMillion).toBeCloseTo((cost?.inputCostPerMillion ?? 0) / 10, 12);
    for (const tier of cost?.tiers ?? []) {
      expect(tier.cachedInputCostPerMillion).toBeCloseTo(tier.inputCostPerMillion / 10, 12);
    }
  });

  it('has the long-context tiers, keyed on the prompt size', () => {
    const pro = geminiModelCost('gemini-2.5-pro');
    expect(pro?.tiers).toHaveLength(1);
    expect(pro?.tiers?.[0]?.aboveTokens).toBe(200_000);
    expect(pro?.tiers?.[0]?.inputCostPerMillion).toBe(2 * (pro?.inputCostPerMillion ?? 0));
    expect(geminiModelCost('gemini-2.5-flash')?.tiers).toBeUndefined();
  });

  it('resolves versioned names and models/ prefixes, and dates every price', () => {
    for (const name of [
      'gemini-2.0-flash-001',
      'models/gemini-2.0-flash',
      'gemini-2.0-flash-exp',
    ]) {
      expect(geminiModelCost(name)?.origin).toEqual({
        provider: 'google',
        model: 'gemini-2.0-flash',
        date: GEMINI_PRICING_SOURCE.asOf,
      });
    }
    expect(GEMINI_PRICING_SOURCE.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(GEMINI_PRICING_SOURCE.from).toMatch(/^@pydantic\/genai-prices \d+\.\d+\.\d+$/);
  });

  it('has no price for unknown models, nor for models billed by image or audio output', () => {
    for (const model of [
      'gpt-4o',
      'gemini-9-ultra',
      'gemini-2.5-flash-image',
      'gemini-live-2.5-flash',
      'imagen-4.0-generate-001',
      'toString',
      '',
    ]) {
      expect(geminiModelCost(model), model).toBeUndefined();
    }
  });

  it('keeps the context window of the database', () => {
    expect(
      gemini({ apiKey: 'k' }).modelLimits('models/gemini-2.5-flash')?.contextWindow,
    ).toBeGreaterThan(1_000_000);
  });
});

describe('gemini().modelCost', () => {
  it("answers with Google's price at Google's base URL, and none elsewhere unless told", async () => {
    await using google = gemini({ apiKey: 'k' });
    expect(google.modelCost('models/gemini-2.5-flash')).toBe(geminiModelCost('gemini-2.5-flash'));
    expect(google.modelCost('gemini-9-ultra')).toBeUndefined();

    await using proxy = gemini({ apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1beta' });
    expect(proxy.modelCost('gemini-2.5-flash')).toBeUndefined();
    await using forwarded = gemini({
      apiKey: 'k',
      baseURL: 'http://127.0.0.1:9/v1beta',
      prices: 'google',
    });
    expect(forwarded.modelCost('gemini-2.5-flash')).toBe(geminiModelCost('gemini-2.5-flash'));
    await using off = gemini({ apiKey: 'k', prices: false });
    expect(off.modelCost('gemini-2.5-flash')).toBeUndefined();
  });

  it('validates its arguments', () => {
    expect(() => gemini({ prices: 'openai' as never })).toThrow(/options\.prices/);
    expect(() => gemini({ apiKey: 'k' }).modelCost(1 as never)).toThrow(/model/);
  });
});
