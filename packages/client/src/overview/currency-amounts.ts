import { DEFAULT_CURRENCY, type ModelCosts } from '@aigo/ai';
import { isModelCost } from '../cost/validate-cost.js';

/** The currency of the configured model prices: a single price's, or a map's first entry's. */
export function configuredCurrency(costs: ModelCosts | undefined): string | undefined {
  if (costs === undefined) return undefined;
  if (isModelCost(costs)) return costs.currency || DEFAULT_CURRENCY;
  for (const cost of Object.values(costs)) return cost.currency || DEFAULT_CURRENCY;
  return undefined;
}

/** Adds `amount` in `currency` to the running sums of `name` (a tool's costs by currency). */
export function addAmount(
  costs: Map<string, Map<string, number>>,
  name: string,
  currency: string,
  amount: number,
): void {
  let amounts = costs.get(name);
  if (amounts === undefined) {
    amounts = new Map();
    costs.set(name, amounts);
  }
  amounts.set(currency, (amounts.get(currency) ?? 0) + amount);
}
