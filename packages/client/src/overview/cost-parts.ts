import { addModelCostParts, type ModelCostParts } from '@aigo/ai';

/** A running sum of a model's cost by kind, in one currency. */
export type CostParts = { -readonly [K in keyof ModelCostParts]: number };

/** Zero of every kind. */
export function noCost(): CostParts {
  return { inputCost: 0, cachedCost: 0, cacheWriteCost: 0, outputCost: 0, reasoningCost: 0 };
}

/** Adds `parts` to the running sum of `currency`. */
export function addParts(
  costs: Map<string, CostParts>,
  currency: string,
  parts: ModelCostParts,
): void {
  const sum = costs.get(currency);
  if (sum === undefined) costs.set(currency, addTo(noCost(), parts));
  else addModelCostParts(sum, parts);
}

function addTo(sum: CostParts, parts: ModelCostParts): CostParts {
  addModelCostParts(sum, parts);
  return sum;
}
