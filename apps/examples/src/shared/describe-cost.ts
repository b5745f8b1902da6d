import type { CostSummary, ModelCost } from '@aigo/ai';

/**
 * The example price of the offline scripted model, which no provider has a price for. Online, the
 * examples give no price: the provider's list price (`provider.modelCost`) applies.
 */
export const OFFLINE_EXAMPLE_PRICE: ModelCost = Object.freeze({
  inputCostPerMillion: 0.15,
  cachedInputCostPerMillion: 0.075,
  outputCostPerMillion: 0.6,
});

/** The client prices of an example: the example price offline, none online. */
export function examplePrices(online: boolean): { modelCost?: ModelCost } {
  return online ? {} : { modelCost: OFFLINE_EXAMPLE_PRICE };
}

/**
 * `$0.000123` when the summary is complete, else `cost unknown for …` — a call without a price is
 * never shown as $0.
 */
export function describeCost(summary: CostSummary, amount = summary.totalCost): string {
  if (summary.complete) return `$${amount.toFixed(6)}`;
  const unknown =
    summary.unpricedModels.length > 0 ? summary.unpricedModels.join(', ') : 'calls without usage';
  return `cost unknown for ${unknown}`;
}
