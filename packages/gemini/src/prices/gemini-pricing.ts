import { type ModelCost, type PriceList, priceListOption } from '@aigo/ai';
import { GEMINI_PRICE_DATA } from './gemini-prices.generated.js';

/**
 * Where the prices of {@link geminiModelCost} (and of `gemini().modelCost`) come from, and the date of
 * their data. Prices change: check https://ai.google.dev/gemini-api/docs/pricing before relying on
 * them for billing.
 */
export const GEMINI_PRICING_SOURCE = Object.freeze({
  /** The date of the price data. */
  asOf: GEMINI_PRICE_DATA.date,
  /** The maintained price database the table was generated from, with its version. */
  from: GEMINI_PRICE_DATA.source,
  url: 'https://ai.google.dev/gemini-api/docs/pricing',
  currency: 'USD',
});

/**
 * The price of a model of Google's price list (Gemini, Gemma and the other models Google serves),
 * or `undefined` when the list does not know it or prices it in a way a `ModelCost` cannot express
 * (image or audio output) — never another model's rates. Accepts `models/…` names, dated and
 * preview names (`gemini-2.0-flash-001`) as the price database matches them. The price is the one
 * in force now (the database dates its price changes) and carries its `origin`.
 */
export function geminiModelCost(model: string): ModelCost | undefined {
  if (typeof model !== 'string' || model.length === 0) return undefined;
  return googlePriceList().modelCost(model.startsWith('models/') ? model.slice(7) : model);
}

/** Google's price list. */
function googlePriceList(): PriceList {
  return priceListOption(GEMINI_PRICE_DATA, 'google', '') as PriceList;
}
