import { createPriceTable, type PriceList, type PriceTable, ValidationError } from '@aigo/ai';
import { OPENAI_PRICE_DATA, type OpenAIPriceListId } from './openai-prices.generated.js';

let table: PriceTable | undefined;

/** The price table of `@aigo/openai` (read on first use). */
export function openAIPriceTable(): PriceTable {
  table ??= createPriceTable(OPENAI_PRICE_DATA);
  return table;
}

/** The `prices` option of `openai()`: by base URL, one list by id, or none. */
export type OpenAIPrices = 'auto' | false | OpenAIPriceListId;

/**
 * The price list a provider at `baseURL` answers `modelCost` with: for `'auto'`, the list whose
 * API pattern matches the base URL (none for a self-hosted or unknown server); for an id, that list;
 * for `false`, none.
 */
export function priceListFor(prices: OpenAIPrices, baseURL: string): PriceList | undefined {
  if (prices === false) return undefined;
  if (prices === 'auto') return openAIPriceTable().listForBaseURL(baseURL);
  return openAIPriceTable().list(prices);
}

/**
 * Checks the `prices` option.
 *
 * @throws ValidationError naming `options.prices` and the list ids it may be.
 */
export function validateOpenAIPrices(prices: unknown): asserts prices is OpenAIPrices | undefined {
  if (prices === undefined || prices === false || prices === 'auto') return;
  const ids = OPENAI_PRICE_DATA.lists.map((list) => list.id);
  if (typeof prices !== 'string' || !ids.includes(prices)) {
    throw new ValidationError(
      'options.prices',
      `must be "auto", false or a price list id: ${ids.map((id) => `"${id}"`).join(', ')}`,
    );
  }
}
