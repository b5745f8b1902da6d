import {
  computeModelCost,
  type ModelCallCost,
  type ModelCost,
  type Usage,
  ValidationError,
} from '@aigo/ai';
import { validateModelCost } from './validate-cost.js';

/**
 * The cost of one model call from its usage and the model's prices: `computeModelCost` of
 * `@aigo/ai` — the one cost computation, whose TSDoc gives the rules (tiers, cached tokens, cache
 * writes and reasoning tokens each billed once at their own rate) — after checking both arguments.
 *
 * @throws ValidationError for malformed usage or prices.
 */
export function calculateModelCost(usage: Usage, cost: ModelCost): ModelCallCost {
  if (usage === null || typeof usage !== 'object') {
    throw new ValidationError('usage', 'must be a Usage object');
  }
  count(usage.promptTokens, 'usage.promptTokens', true);
  count(usage.completionTokens, 'usage.completionTokens', true);
  count(usage.cachedTokens, 'usage.cachedTokens', false);
  count(usage.reasoningTokens, 'usage.reasoningTokens', false);
  count(usage.cacheWrite5mTokens, 'usage.cacheWrite5mTokens', false);
  count(usage.cacheWrite1hTokens, 'usage.cacheWrite1hTokens', false);
  validateModelCost(cost, 'cost');
  return computeModelCost(usage, cost);
}

function count(value: unknown, argument: string, required: boolean): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ValidationError(argument, 'must be a finite number of at least 0');
  }
}
