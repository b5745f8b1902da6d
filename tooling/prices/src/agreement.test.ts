import { createPriceTable, type PriceList, type Usage } from '@aigo/ai';
import { calculateModelCost } from '@aigo/client';
import { calcPrice, findProvider } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
import type { DatabaseModel, DatabaseProvider } from './database.js';
import { listedNames } from './encode-match.js';
import { unpricedReason } from './encode-prices.js';
import { encodeTable } from './encode-table.js';
import { PACKAGE_TABLES } from './package-tables.js';

const find = (id: string): DatabaseProvider | undefined => findProvider({ providerId: id });

function usage(prompt: number, completion: number, extra: Partial<Usage> = {}): Usage {
  return {
    promptTokens: prompt,
    completionTokens: completion,
    totalTokens: prompt + completion,
    ...extra,
  };
}

/** Usage shapes: plain; cache reads, both cache writes and reasoning; a long-context prompt. */
const SHAPES: readonly Usage[] = [
  usage(1_000, 500),
  usage(10_000, 3_000, {
    cachedTokens: 6_000,
    cacheWrite5mTokens: 2_000,
    cacheWrite1hTokens: 1_000,
    reasoningTokens: 1_000,
  }),
  usage(300_000, 5_000, { cachedTokens: 50_000, reasoningTokens: 2_000 }),
];

/** The same usage in the database's terms (cache writes are one count with its 1-hour part). */
function databaseUsage(used: Usage): Record<string, number> {
  const write5m = used.cacheWrite5mTokens ?? 0;
  const write1h = used.cacheWrite1hTokens ?? 0;
  return {
    input_tokens: used.promptTokens,
    output_tokens: used.completionTokens,
    cache_read_tokens: used.cachedTokens ?? 0,
    cache_write_tokens: write5m + write1h,
    cache_write_1h_tokens: write1h,
    output_reasoning_tokens: used.reasoningTokens ?? 0,
  };
}

/** The day of the data at noon, and moments that select other dated or daily prices. */
const MOMENTS = [
  new Date('2026-09-23T12:00:00Z'),
  new Date('2026-09-23T20:00:00Z'),
  new Date('2025-01-15T08:00:00Z'),
  new Date('2027-03-01T02:00:00Z'),
];

/** The names to look up: every model's id, every name it is listed under, and dated spellings. */
function namesOf(models: readonly DatabaseModel[]): string[] {
  const names = new Set<string>();
  for (const model of models) {
    names.add(model.id);
    for (const name of listedNames(model.match)) names.add(name);
  }
  for (const name of [...names]) {
    // The API's compact dates (claude-3-5-sonnet-20241022) for the database's spelled-out ones.
    const compact = name.replace(/-(20\d{2})-(\d{2})-(\d{2})$/, '-$1$2$3');
    if (compact !== name) names.add(compact);
  }
  names.add('no-such-model-anywhere');
  return [...names];
}

/** Whether the database dates this model's prices (periods by day or by hour). */
function isDated(model: { readonly prices: unknown }): boolean {
  return Array.isArray(model.prices);
}

/** Compares at the first moment, and at the others when the matched model's prices are dated. */
function compareAtMoments(list: PriceList, listId: string, name: string): void {
  const matched = compare(list, listId, name, MOMENTS[0] as Date);
  if (matched !== undefined && isDated(matched)) {
    for (const at of MOMENTS.slice(1)) compare(list, listId, name, at);
  }
}

/** Checks one name at one moment; returns the database model it matched, if any. */
function compare(
  list: PriceList,
  listId: string,
  name: string,
  at: Date,
): DatabaseModel | undefined {
  const theirs = calcPrice(databaseUsage(SHAPES[0] as Usage), name, {
    providerId: listId,
    timestamp: at,
  });
  const ours = list.modelCost(name, at);
  if (theirs === null) {
    expect(ours, `${listId} ${name}: the database has no price`).toBeUndefined();
    return undefined;
  }
  const matched = theirs.model as DatabaseModel;
  if (ours === undefined) {
    // Listed without a price: priced by something a ModelCost cannot express.
    expect(unpricedReason(matched), `${listId} ${name}`).toBeDefined();
    return matched;
  }
  expect(ours.origin, `${listId} ${name}`).toEqual({
    provider: listId,
    model: theirs.model.id,
    date: '2026-09-23',
  });
  for (const shape of SHAPES) {
    const expected = calcPrice(databaseUsage(shape), name, { providerId: listId, timestamp: at });
    const actual = calculateModelCost(shape, ours).totalCost;
    const total = expected?.total_price ?? Number.NaN;
    expect(
      Math.abs(actual - total),
      `${listId} ${name} at ${at.toISOString()}: ${actual} ≠ ${total}`,
    ).toBeLessThanOrEqual(1e-12 + Math.abs(total) * 1e-9);
  }
  return matched;
}

// Thousands of database look-ups (OpenRouter alone lists 700 models): CPU work, not waiting, so
// more time than the shared 10 s on a busy machine.
describe('the generated tables agree with the database', { timeout: 120_000 }, () => {
  for (const table of PACKAGE_TABLES) {
    const prices = createPriceTable(encodeTable(table, find));
    it.each(table.lists)(`${table.packageName}: $id, every listed model`, ({ id }) => {
      const provider = find(id) as DatabaseProvider;
      const list = prices.list(id) as PriceList;
      expect(list.modelIds()).toEqual(provider.models.map((model) => model.id));
      for (const name of namesOf(provider.models)) compareAtMoments(list, id, name);
    });

    it.each(table.lists)(
      `${table.packageName}: $id is found by its base URL`,
      ({ id, exampleBaseURL }) => {
        expect(prices.listForBaseURL(exampleBaseURL)?.id).toBe(id);
        expect(findProvider({ providerApiUrl: exampleBaseURL })?.id).toBe(id);
      },
    );
  }

  it('keeps the context windows of the database', () => {
    const openai = createPriceTable(
      encodeTable(PACKAGE_TABLES[0] as (typeof PACKAGE_TABLES)[0], find),
    );
    const model = find('openai')?.models.find((one) => one.id === 'gpt-4o-mini');
    expect(model?.context_window).toBeGreaterThan(0);
    expect(openai.list('openai')?.modelLimits('gpt-4o-mini-2024-07-18')).toEqual({
      contextWindow: model?.context_window,
    });
  });
});
