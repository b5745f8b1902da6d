import type { ModelCost } from '@aigo/ai';
import { googlePriceList } from './gemini-price-list.js';
import { GEMINI_PRICE_DATA } from './gemini-prices.generated.js';

/**
 * Where the prices of {@link geminiPricing} and {@link geminiModelCost} come from, and the date of
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

/** Every priced entry of Google's list by id (no name matching: cheap at import). */
function currentPrices(): { readonly [model: string]: ModelCost } {
  const list = googlePriceList();
  const now = new Date();
  const prices: Record<string, ModelCost> = {};
  for (const id of list.modelIds()) {
    const cost = list.listedCost(id, now);
    if (cost !== undefined) prices[id] = cost;
  }
  return Object.freeze(prices);
}

/**
 * USD prices per million tokens of the models of Google's price list, keyed by the price database's
 * model id, as in force when the package was loaded — generated from a maintained price database
 * and dated by {@link GEMINI_PRICING_SOURCE}. Cached input, cache writes and long-context `tiers` are
 * the database's; thinking tokens are billed as output. Models priced by image or audio output are
 * left out.
 *
 * `gemini()` prices its calls from the same list by itself (`provider.modelCost`); pass this map as
 * a client's `modelCost` only to pin these prices. {@link geminiModelCost} also understands the
 * other names a model is called by (`gemini-2.0-flash-001`, `models/gemini-2.5-flash`).
 */
export const geminiPricing: { readonly [model: string]: ModelCost } = currentPrices();
