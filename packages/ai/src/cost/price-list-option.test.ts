import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import { priceListOption } from './price-list-option.js';
import type { PriceTableData } from './price-table-data.js';

const model = (id: string, input: number): string =>
  JSON.stringify({ id, m: id, p: [{ r: [input, input * 2] }] });

/** A small table written by hand, in the generated format. */
const DATA: PriceTableData = {
  date: '2026-01-02',
  source: 'a test table',
  lists: [
    {
      id: 'acme',
      name: 'Acme',
      apiPattern: 'https://api\\.acme\\.example',
      models: [model('acme-1', 1)],
    },
    {
      id: 'other',
      name: 'Other',
      apiPattern: 'https://api\\.other\\.example',
      models: [model('other-1', 3)],
    },
  ],
};

describe('priceListOption', () => {
  it("'auto' (or nothing) picks the list of the base URL, none for a server it does not know", () => {
    expect(priceListOption(DATA, 'auto', 'https://api.acme.example/v1')?.id).toBe('acme');
    expect(priceListOption(DATA, undefined, 'https://api.acme.example/v1')?.id).toBe('acme');
    expect(priceListOption(DATA, 'auto', 'http://127.0.0.1:8080/v1')).toBeUndefined();
  });

  it('a list id names the list whatever the base URL; false is none', () => {
    expect(priceListOption(DATA, 'other', 'http://127.0.0.1:8080')?.id).toBe('other');
    expect(priceListOption(DATA, false, 'https://api.acme.example')).toBeUndefined();
  });

  it('reads the data once: two providers share its lists and prices', () => {
    const a = priceListOption(DATA, 'acme', '');
    const b = priceListOption(DATA, 'auto', 'https://api.acme.example');
    expect(a).toBe(b);
    expect(a?.modelCost('acme-1')).toBe(b?.modelCost('acme-1'));
  });

  it('refuses anything else, naming options.prices and the ids it may be', () => {
    for (const prices of ['nope', true, 1, null]) {
      let caught: unknown;
      try {
        priceListOption(DATA, prices, 'https://api.acme.example');
      } catch (error) {
        caught = error;
      }
      expect(ValidationError.isInstance(caught) && caught.argument).toBe('options.prices');
      expect((caught as Error).message).toMatch(/"acme", "other"/);
    }
    expect(() => priceListOption(null as never, 'auto', '')).toThrow(ValidationError);
  });
});
