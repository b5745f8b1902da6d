import { type ModelCost, type ModelCosts, ValidationError } from '@aigo/ai';
import { isModelCost } from './validate-cost.js';

/**
 * The price of `model` from a client's `modelCost`: the one `ModelCost` when a single price was
 * given for every model, else the map's entry for exactly that model name (own properties only),
 * else `undefined` — an unknown model has no price, never a guessed one.
 *
 * A single `ModelCost` is recognised by its numeric `inputCostPerMillion`; in a map every value is
 * an object.
 *
 * @throws ValidationError when `model` is not a string or `costs` not an object.
 */
export function resolveModelCost(
  costs: ModelCosts | undefined,
  model: string,
): ModelCost | undefined {
  if (typeof model !== 'string') throw new ValidationError('model', 'must be a string');
  if (costs === undefined) return undefined;
  if (costs === null || typeof costs !== 'object') {
    throw new ValidationError('costs', 'must be a ModelCost or a map of them');
  }
  if (isModelCost(costs)) return costs;
  return Object.hasOwn(costs, model) ? costs[model] : undefined;
}
