import { ValidationError } from '../errors/validation-error.js';
import { createPriceTable, type PriceList, type PriceTable } from './price-table.js';
import type { PriceTableData } from './price-table-data.js';

/**
 * The `prices` option of an adapter factory: `'auto'` (the default) the list of the provider at the
 * base URL — none for a server the price data does not know (a proxy, a self-hosted server) —, a list
 * id of the adapter's price data (a gateway that forwards to that provider), or `false` for none.
 */
export type PriceListChoice<Id extends string = string> = 'auto' | false | Id;

const tables = new WeakMap<PriceTableData, PriceTable>();

/**
 * The price list an adapter's `modelCost` answers with, from its generated price data, its `prices`
 * option and its base URL: for `undefined` or `'auto'`, the list whose API pattern matches `baseURL`
 * (or none); for a list id of `data`, that list; for `false`, none. The table is read once per data,
 * on first use, and shared by every provider.
 *
 * ```ts
 * this.#prices = priceListOption(ANTHROPIC_PRICE_DATA, options.prices, this.baseURL);
 * ```
 *
 * @throws ValidationError naming `options.prices` (and the ids it may be) for anything else.
 */
export function priceListOption(
  data: PriceTableData,
  prices: unknown,
  baseURL: string,
): PriceList | undefined {
  if (data === null || typeof data !== 'object' || !Array.isArray(data.lists)) {
    throw new ValidationError('data', 'must be a generated PriceTableData');
  }
  if (prices === false) return undefined;
  let table = tables.get(data);
  if (table === undefined) {
    table = createPriceTable(data);
    tables.set(data, table);
  }
  if (prices === undefined || prices === 'auto') {
    if (typeof baseURL !== 'string') throw new ValidationError('baseURL', 'must be a string');
    return table.listForBaseURL(baseURL);
  }
  const list = typeof prices === 'string' ? table.list(prices) : undefined;
  if (list === undefined) {
    const ids = data.lists.map((entry) => `"${entry.id}"`).join(', ');
    throw new ValidationError('options.prices', `must be "auto", false or a price list id: ${ids}`);
  }
  return list;
}
