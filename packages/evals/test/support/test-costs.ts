import type { CostSummary } from '@aigo/ai';

/** A cost summary of `amount` dollars spent on `model` (the fields an experiment reads). */
export function costSummary(amount: number, model = 'model-a', complete = true): CostSummary {
  return {
    toolCosts: {},
    toolExecutionCount: {},
    totalToolCost: 0,
    modelInputCost: amount,
    modelOutputCost: 0,
    modelCachedCost: 0,
    modelCacheWriteCost: 0,
    modelReasoningCost: 0,
    totalModelCost: amount,
    byModel: { [model]: { totalCost: amount } as CostSummary['byModel'][string] },
    unpricedModels: [],
    unpricedCalls: 0,
    callsWithoutUsage: 0,
    complete,
    computeCost: 0,
    executionDurationSeconds: 0,
    totalCost: amount,
    currency: 'USD',
  } as CostSummary;
}
