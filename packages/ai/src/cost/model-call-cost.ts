import type { Usage } from '../chat/usage.js';
import type { ModelCost, ModelCostParts, ModelCostTier } from './cost.js';

/** The default currency of prices that name none. */
export const DEFAULT_CURRENCY = 'USD';

const MILLION = 1_000_000;

/** What one model call cost, by kind. */
export interface ModelCallCost extends ModelCostParts {
  readonly totalCost: number;
  readonly currency: string;
  /** The price tier that applied, or `undefined` for the base rates. */
  readonly tier: ModelCostTier | undefined;
}

/** Adds `parts` to the running sum `sum`, kind by kind. */
export function addModelCostParts(
  sum: { -readonly [K in keyof ModelCostParts]: number },
  parts: ModelCostParts,
): void {
  sum.inputCost += parts.inputCost;
  sum.cachedCost += parts.cachedCost;
  sum.cacheWriteCost += parts.cacheWriteCost;
  sum.outputCost += parts.outputCost;
  sum.reasoningCost += parts.reasoningCost;
}

/** The sum of every kind of `parts`. */
export function totalOfModelCostParts(parts: ModelCostParts): number {
  return (
    parts.inputCost +
    parts.cachedCost +
    parts.cacheWriteCost +
    parts.outputCost +
    parts.reasoningCost
  );
}

/**
 * The cost of one model call from its usage and the model's prices — the one cost computation of
 * aigo: a client's overview and its span attributes, and so the devtools, all price calls with it.
 *
 * - Tier: among `tiers`, those whose `aboveTokens` is below this call's `promptTokens` apply, and the
 *   one with the highest `aboveTokens` wins (list order does not matter). A prompt of exactly
 *   `aboveTokens` tokens stays below the tier. The whole call is billed at the chosen rates.
 *   A tier's unset cached or reasoning rate falls back to the base model's.
 * - Cached tokens (a subset of the prompt) are billed at the cached rate *instead of* the input rate;
 *   without a cached rate the whole prompt is billed at the input rate.
 * - Cache writes (5-minute and 1-hour, subsets of the prompt disjoint from the cached tokens) are
 *   billed at their cache-write rate *instead of* the input rate; without one, at the input rate.
 * - Reasoning tokens (a subset of the completion) are billed at the reasoning rate *instead of* the
 *   output rate; without a reasoning rate the whole completion is billed at the output rate.
 * - Counts that exceed their whole (more cached than prompt tokens) are capped to it; cache reads
 *   come first, then 5-minute writes, then 1-hour writes. Counts that are not finite numbers ≥ 0
 *   are read as 0: nothing is validated (`calculateModelCost` of `@aigo/client` validates first).
 */
export function computeModelCost(usage: Usage, cost: ModelCost): ModelCallCost {
  const prompt = tokens(usage.promptTokens);
  const completion = tokens(usage.completionTokens);
  const cached = Math.min(tokens(usage.cachedTokens), prompt);
  const write5m = Math.min(tokens(usage.cacheWrite5mTokens), prompt - cached);
  const write1h = Math.min(tokens(usage.cacheWrite1hTokens), prompt - cached - write5m);
  const reasoning = Math.min(tokens(usage.reasoningTokens), completion);

  const tier = selectTier(cost.tiers, prompt);
  const inputRate = tier?.inputCostPerMillion ?? cost.inputCostPerMillion;
  const outputRate = tier?.outputCostPerMillion ?? cost.outputCostPerMillion;
  const cachedRate = tier?.cachedInputCostPerMillion ?? cost.cachedInputCostPerMillion;
  const reasoningRate = tier?.reasoningCostPerMillion ?? cost.reasoningCostPerMillion;
  const write5mRate = tier?.cacheWrite5mCostPerMillion ?? cost.cacheWrite5mCostPerMillion;
  const write1hRate = tier?.cacheWrite1hCostPerMillion ?? cost.cacheWrite1hCostPerMillion;

  const billedAsCached = cachedRate === undefined ? 0 : cached;
  const billedAs5m = write5mRate === undefined ? 0 : write5m;
  const billedAs1h = write1hRate === undefined ? 0 : write1h;
  const billedAsReasoning = reasoningRate === undefined ? 0 : reasoning;
  const inputCost = ((prompt - billedAsCached - billedAs5m - billedAs1h) * inputRate) / MILLION;
  const cachedCost = cachedRate === undefined ? 0 : (billedAsCached * cachedRate) / MILLION;
  const cacheWriteCost =
    (write5mRate === undefined ? 0 : billedAs5m * write5mRate) / MILLION +
    (write1hRate === undefined ? 0 : billedAs1h * write1hRate) / MILLION;
  const outputCost = ((completion - billedAsReasoning) * outputRate) / MILLION;
  const reasoningCost =
    reasoningRate === undefined ? 0 : (billedAsReasoning * reasoningRate) / MILLION;
  return {
    inputCost,
    cachedCost,
    cacheWriteCost,
    outputCost,
    reasoningCost,
    totalCost: inputCost + cachedCost + cacheWriteCost + outputCost + reasoningCost,
    currency: cost.currency || DEFAULT_CURRENCY,
    tier,
  };
}

/** The tier with the highest `aboveTokens` still below `promptTokens`, if any. */
function selectTier(
  tiers: readonly ModelCostTier[] | undefined,
  promptTokens: number,
): ModelCostTier | undefined {
  if (tiers === undefined) return undefined;
  let chosen: ModelCostTier | undefined;
  for (const tier of tiers) {
    if (
      promptTokens > tier.aboveTokens &&
      (chosen === undefined || tier.aboveTokens > chosen.aboveTokens)
    ) {
      chosen = tier;
    }
  }
  return chosen;
}

function tokens(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
