import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import { createPriceTable } from './price-table.js';
import type { PriceListModel, PriceTableData } from './price-table-data.js';

const model = (entry: PriceListModel): string => JSON.stringify(entry);

/** A small table written by hand, in the generated format. */
const DATA: PriceTableData = {
  date: '2026-09-23',
  source: 'a test table',
  lists: [
    {
      id: 'acme',
      name: 'Acme',
      apiPattern: 'https://api\\.acme\\.test',
      models: [
        model({
          id: 'acme-mini',
          m: ['acme-mini', { regex: '^acme-mini-\\d{4}-\\d{2}-\\d{2}$' }],
          p: [{ r: [0.15, 0.6, 0.075] }],
          cw: 128_000,
        }),
        model({
          id: 'acme-pro',
          m: { all: [{ starts: 'ACME-Pro' }, { regex: '^(?!.*-tts$)' }] },
          p: [
            {
              r: [2, 12, 0.2, 2.5, 4, 15],
              t: [[200_000, 4, 18, 0.4, 5, 8, 20]],
            },
            { since: '2026-10-01', r: [1, 6] },
          ],
        }),
        model({ id: 'acme-pro-tts', m: { ends: '-tts' } }),
        model({
          id: 'acme-night',
          m: { contains: 'night' },
          p: [{ r: [1, 2] }, { hours: [3_600, 7_200], r: [0.5, 1] }],
          mo: 8_192,
        }),
        model({ id: 'acme-free', m: 'acme-free', p: [{ r: [0, 0] }] }),
      ],
    },
    {
      id: 'reseller',
      name: 'Reseller',
      apiPattern: '(https?://)?([^.]*\\.)?reseller\\.test',
      fallback: ['acme'],
      models: [model({ id: 'own', m: 'own', p: [{ r: [9, 9] }] })],
    },
  ],
};

const noon = new Date('2026-09-23T12:00:00Z');

describe('createPriceTable', () => {
  const table = createPriceTable(DATA);
  const acme = table.list('acme');

  it('prices a model by its names, dated names and any case, with its origin', () => {
    expect(acme?.modelCost('acme-mini', noon)).toEqual({
      inputCostPerMillion: 0.15,
      outputCostPerMillion: 0.6,
      cachedInputCostPerMillion: 0.075,
      currency: 'USD',
      origin: { provider: 'acme', model: 'acme-mini', date: '2026-09-23' },
    });
    expect(acme?.modelCost(' ACME-MINI-2024-07-18 ', noon)?.origin?.model).toBe('acme-mini');
    // A compact date is spelled out for a second search (the API answers with both spellings).
    expect(acme?.modelCost('acme-mini-20240718', noon)?.origin?.model).toBe('acme-mini');
    expect(acme?.modelCost('acme-mini-20240231', noon)).toBeUndefined();
    expect(Object.isFrozen(acme?.modelCost('acme-mini', noon))).toBe(true);
  });

  it('maps every rate, the long-context tiers, and cache writes of both lifetimes', () => {
    expect(acme?.modelCost('acme-pro-preview', noon)).toEqual({
      inputCostPerMillion: 2,
      outputCostPerMillion: 12,
      cachedInputCostPerMillion: 0.2,
      cacheWrite5mCostPerMillion: 2.5,
      cacheWrite1hCostPerMillion: 4,
      reasoningCostPerMillion: 15,
      tiers: [
        {
          aboveTokens: 200_000,
          inputCostPerMillion: 4,
          outputCostPerMillion: 18,
          cachedInputCostPerMillion: 0.4,
          cacheWrite5mCostPerMillion: 5,
          cacheWrite1hCostPerMillion: 8,
          reasoningCostPerMillion: 20,
        },
      ],
      currency: 'USD',
      origin: { provider: 'acme', model: 'acme-pro', date: '2026-09-23' },
    });
  });

  it('applies dated price changes from their day on, and daily windows inside them', () => {
    expect(acme?.modelCost('acme-pro', new Date('2026-09-30T23:59:59Z'))?.inputCostPerMillion).toBe(
      2,
    );
    expect(acme?.modelCost('acme-pro', new Date('2026-10-01T00:00:00Z'))?.inputCostPerMillion).toBe(
      1,
    );
    expect(acme?.modelCost('night', new Date('2026-09-23T00:59:59Z'))?.inputCostPerMillion).toBe(1);
    expect(acme?.modelCost('night', new Date('2026-09-23T01:00:00Z'))?.inputCostPerMillion).toBe(
      0.5,
    );
    expect(acme?.modelCost('night', new Date('2026-09-23T02:00:00Z'))?.inputCostPerMillion).toBe(1);
  });

  it('has no price for a listed model it cannot express, nor lets its names fall through', () => {
    // `acme-pro-tts` would match acme-pro's prefix, but acme-pro's rule excludes it; the TTS entry
    // has no price, so the name is unpriced rather than priced as another model.
    expect(acme?.modelCost('acme-pro-tts', noon)).toBeUndefined();
    expect(acme?.modelCost('unknown', noon)).toBeUndefined();
    expect(acme?.modelCost('', noon)).toBeUndefined();
    expect(acme?.modelCost('acme-free', noon)).toMatchObject({
      inputCostPerMillion: 0,
      outputCostPerMillion: 0,
    });
  });

  it('searches the lists a provider falls back to, after its own', () => {
    const reseller = table.list('reseller');
    expect(reseller?.modelCost('own', noon)?.origin).toEqual({
      provider: 'reseller',
      model: 'own',
      date: '2026-09-23',
    });
    expect(reseller?.modelCost('acme-mini', noon)?.origin?.model).toBe('acme-mini');
    expect(reseller?.modelIds()).toEqual(['own']);
  });

  it('finds a list by id or by the start of a base URL, and none for other servers', () => {
    expect(table.listIds).toEqual(['acme', 'reseller']);
    expect(table.list('acme')).toBe(acme);
    expect(table.list('nobody')).toBeUndefined();
    expect(table.listForBaseURL('https://api.acme.test/v1')?.id).toBe('acme');
    expect(table.listForBaseURL('https://eu.reseller.test/openai')?.id).toBe('reseller');
    expect(table.listForBaseURL('http://127.0.0.1:8080/v1')).toBeUndefined();
    expect(table.listForBaseURL('https://proxy.example/https://api.acme.test')).toBeUndefined();
  });

  it('gives the context window and output limit where the data has them', () => {
    expect(acme?.modelLimits('acme-mini-2024-07-18')).toEqual({ contextWindow: 128_000 });
    expect(acme?.modelLimits('night')).toEqual({ maxOutputTokens: 8_192 });
    expect(acme?.modelLimits('acme-pro')).toBeUndefined();
    expect(acme?.modelIds()).toEqual([
      'acme-mini',
      'acme-pro',
      'acme-pro-tts',
      'acme-night',
      'acme-free',
    ]);
  });

  it('gives the price of an entry by its id, without matching names', () => {
    expect(acme?.listedCost('acme-pro', noon)).toBe(acme?.modelCost('acme-pro', noon));
    expect(acme?.listedCost('acme-pro-tts', noon)).toBeUndefined();
    expect(acme?.listedCost('acme-mini-2024-07-18', noon)).toBeUndefined();
    expect(() => acme?.listedCost(2 as never)).toThrow(/id/);
  });

  it('validates its arguments', () => {
    expect(() => createPriceTable(null as never)).toThrow(ValidationError);
    expect(() => acme?.modelCost(1 as never)).toThrow(/model/);
    expect(() => table.list(1 as never)).toThrow(/id/);
    expect(() => table.listForBaseURL(undefined as never)).toThrow(/baseURL/);
  });
});
