import type { ModelCallCost } from '../cost/calculate-model-cost.js';

/** A model's cost by kind, in one currency. */
export interface CostParts {
  input: number;
  cached: number;
  cacheWrite: number;
  output: number;
  reasoning: number;
}

/** Zero of every kind. */
export function noCost(): CostParts {
  return { input: 0, cached: 0, cacheWrite: 0, output: 0, reasoning: 0 };
}

/** The parts of one call's cost. */
export function partsOf(cost: ModelCallCost): CostParts {
  return {
    input: cost.inputCost,
    cached: cost.cachedCost,
    cacheWrite: cost.cacheWriteCost,
    output: cost.outputCost,
    reasoning: cost.reasoningCost,
  };
}

/** The sum of every part. */
export function totalOf(parts: CostParts): number {
  return parts.input + parts.cached + parts.cacheWrite + parts.output + parts.reasoning;
}

/** Adds `parts` to the running sum of `currency`. */
export function addParts(costs: Map<string, CostParts>, currency: string, parts: CostParts): void {
  const sum = costs.get(currency);
  if (sum === undefined) {
    costs.set(currency, { ...parts });
    return;
  }
  sum.input += parts.input;
  sum.cached += parts.cached;
  sum.cacheWrite += parts.cacheWrite;
  sum.output += parts.output;
  sum.reasoning += parts.reasoning;
}
