import { createPriceTable, type PriceList, type PriceTable, ValidationError } from '@aigo/ai';
import { ANTHROPIC_PRICE_DATA, type AnthropicPriceListId } from './anthropic-prices.generated.js';

let table: PriceTable | undefined;

/** The price table of `@aigo/anthropic` (read on first use). */
export function anthropicPriceTable(): PriceTable {
  table ??= createPriceTable(ANTHROPIC_PRICE_DATA);
  return table;
}

/** The `prices` option of `anthropic()`: by base URL, Anthropic's list, or none. */
export type AnthropicPrices = 'auto' | false | AnthropicPriceListId;

/**
 * The price list a provider at `baseURL` answers `modelCost` with: for `'auto'`, Anthropic's when
 * the base URL is api.anthropic.com, none for any other server (a proxy, a test server); for
 * `'anthropic'`, Anthropic's (a gateway that forwards to Anthropic); for `false`, none.
 */
export function priceListFor(prices: AnthropicPrices, baseURL: string): PriceList | undefined {
  if (prices === false) return undefined;
  if (prices === 'auto') return anthropicPriceTable().listForBaseURL(baseURL);
  return anthropicPriceTable().list(prices);
}

/**
 * Checks the `prices` option.
 *
 * @throws ValidationError naming `options.prices`.
 */
export function validateAnthropicPrices(
  prices: unknown,
): asserts prices is AnthropicPrices | undefined {
  if (prices === undefined || prices === false || prices === 'auto') return;
  const ids = ANTHROPIC_PRICE_DATA.lists.map((list) => list.id);
  if (typeof prices !== 'string' || !ids.includes(prices)) {
    throw new ValidationError(
      'options.prices',
      `must be "auto", false or a price list id: ${ids.map((id) => `"${id}"`).join(', ')}`,
    );
  }
}
