import { type ComputeCost, type ModelCosts, ValidationError } from '@aigo/ai';
import { validateComputeCost, validateModelCosts } from '../cost/validate-cost.js';
import type { PriceProvider } from './call-pricer.js';

/** Options of the {@link Overview} constructor. */
export interface OverviewOptions {
  /** Prices of the models used: one `ModelCost` for all, or a map by model name. */
  readonly modelCost?: ModelCosts;
  /**
   * The provider whose list prices (`provider.modelCost(model)`) price the calls of models that
   * `modelCost` has no price for. `createClient`'s overviews pass the client's provider.
   */
  readonly provider?: PriceProvider;
  /** What a second of wall-clock run time costs. */
  readonly computeCost?: ComputeCost;
  /**
   * The agent whose run this is: its own part of the cost is under this name in `byAgent` when the
   * run calls agents as tools. Default `run`.
   */
  readonly agent?: string;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

/** @throws ValidationError naming the first bad option: prices, provider or clock. */
export function checkOverviewOptions(options: OverviewOptions): void {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  if (options.modelCost !== undefined) validateModelCosts(options.modelCost, 'modelCost');
  if (options.computeCost !== undefined) validateComputeCost(options.computeCost, 'computeCost');
  if (options.agent !== undefined && (typeof options.agent !== 'string' || options.agent === '')) {
    throw new ValidationError('agent', 'must be a non-empty string');
  }
  if (options.now !== undefined && typeof options.now !== 'function') {
    throw new ValidationError('now', 'must be a function returning milliseconds');
  }
  const provider = options.provider;
  if (
    provider !== undefined &&
    (provider === null ||
      typeof provider !== 'object' ||
      (provider.modelCost !== undefined && typeof provider.modelCost !== 'function'))
  ) {
    throw new ValidationError('provider', 'must be a Provider (modelCost, when set, a function)');
  }
}
