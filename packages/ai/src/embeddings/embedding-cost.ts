import type { Usage } from '../chat/usage.js';
import type { ModelCost } from '../cost/cost.js';

/**
 * What an embedding call cost at `price`: its input tokens at the input rate (embedding models bill
 * input only; the long-context tier whose threshold the call passed, when the price has tiers).
 * `undefined` when the price or the usage is unknown — never a made-up 0.
 */
export function embeddingCost(
  usage: Usage | undefined,
  price: ModelCost | undefined,
): { readonly amount: number; readonly currency: string } | undefined {
  if (usage === undefined || price === undefined) return undefined;
  let rate = price.inputCostPerMillion;
  for (const tier of price.tiers ?? []) {
    if (usage.promptTokens > tier.aboveTokens) rate = tier.inputCostPerMillion;
  }
  return { amount: (usage.promptTokens * rate) / 1_000_000, currency: price.currency ?? 'USD' };
}
