import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import { modelCatalog } from './model-catalog.js';
import { priceListOption } from './price-list-option.js';
import type { PriceTableData } from './price-table-data.js';

const DATA: PriceTableData = {
  date: '2026-01-02',
  source: 'a test table',
  lists: [
    {
      id: 'acme',
      name: 'Acme',
      apiPattern: 'https://api\\.acme\\.example',
      models: [JSON.stringify({ id: 'acme-1', m: 'acme-1', p: [{ r: [1, 2] }], cw: 100_000 })],
    },
  ],
};
const list = priceListOption(DATA, 'acme', '');

describe('modelCatalog', () => {
  it("answers with the list's prices and limits, the option's limits over them", () => {
    const models = modelCatalog({ prices: list, limits: { 'acme-1': { maxOutputTokens: 9 } } });
    expect(models.modelCost('acme-1')).toBe(list?.modelCost('acme-1'));
    expect(models.modelLimits('acme-1')).toEqual({ contextWindow: 100_000, maxOutputTokens: 9 });
    expect(models.modelCost('other')).toBeUndefined();
    expect(modelCatalog({ prices: undefined, limits: undefined }).modelCost('acme-1')).toBe(
      undefined,
    );
  });

  it('looks models up by their list name, and the option by either name', () => {
    const models = modelCatalog({
      prices: list,
      limits: { 'models/acme-1': { maxOutputTokens: 7 } },
      listName: (model) => model.replace(/^models\//, ''),
    });
    expect(models.modelCost('models/acme-1')).toBe(list?.modelCost('acme-1'));
    expect(models.modelLimits('models/acme-1')).toEqual({
      contextWindow: 100_000,
      maxOutputTokens: 7,
    });
    expect(models.modelLimits('acme-1')).toEqual({ contextWindow: 100_000 });
  });

  it("takes the provider's own limits when it knows better than the list", () => {
    const models = modelCatalog({
      prices: list,
      limits: undefined,
      knownLimits: (name) => (name === 'acme-1' ? { contextWindow: 1_000_000 } : undefined),
    });
    expect(models.modelLimits('acme-1')).toEqual({ contextWindow: 1_000_000 });
  });

  it('refuses a model that is not a string', () => {
    const models = modelCatalog({ prices: list, limits: undefined });
    expect(() => models.modelCost(1 as never)).toThrow(ValidationError);
    expect(() => models.modelLimits(undefined as never)).toThrow(ValidationError);
  });
});
