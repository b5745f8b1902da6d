import { createPriceTable, type PriceList, type PriceTable, ValidationError } from '@aigo/ai';
import { GEMINI_PRICE_DATA, type GeminiPriceListId } from './gemini-prices.generated.js';

let table: PriceTable | undefined;

/** The price table of `@aigo/gemini` (read on first use). */
export function geminiPriceTable(): PriceTable {
  table ??= createPriceTable(GEMINI_PRICE_DATA);
  return table;
}

/** The `prices` option of `gemini()`: by base URL, Google's list, or none. */
export type GeminiPrices = 'auto' | false | GeminiPriceListId;

/** Google's price list. */
export function googlePriceList(): PriceList {
  return geminiPriceTable().list('google') as PriceList;
}

/**
 * The price list a provider at `baseURL` answers `modelCost` with: for `'auto'`, Google's when the
 * base URL is Google's (`*.googleapis.com`), none for any other server (a proxy, a test server);
 * for `'google'`, Google's; for `false`, none.
 */
export function priceListFor(prices: GeminiPrices, baseURL: string): PriceList | undefined {
  if (prices === false) return undefined;
  if (prices === 'auto') return geminiPriceTable().listForBaseURL(baseURL);
  return geminiPriceTable().list(prices);
}

/**
 * Checks the `prices` option.
 *
 * @throws ValidationError naming `options.prices`.
 */
export function validateGeminiPrices(prices: unknown): asserts prices is GeminiPrices | undefined {
  if (prices === undefined || prices === false || prices === 'auto') return;
  const ids = GEMINI_PRICE_DATA.lists.map((list) => list.id);
  if (typeof prices !== 'string' || !ids.includes(prices)) {
    throw new ValidationError(
      'options.prices',
      `must be "auto", false or a price list id: ${ids.map((id) => `"${id}"`).join(', ')}`,
    );
  }
}
