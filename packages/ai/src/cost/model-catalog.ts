import { type ModelLimitsOption, resolveModelLimits } from '../chat/model-limits-option.js';
import { ValidationError } from '../errors/validation-error.js';
import type { ModelCost } from './cost.js';
import type { ModelLimits, PriceList } from './price-table.js';

/** Options of {@link modelCatalog}. */
export interface ModelCatalogOptions {
  /** The price list the provider answers with (`priceListOption`), or none. */
  readonly prices: PriceList | undefined;
  /** The application's `modelLimits` option (checked by `checkModelLimitsOption`), over the list's. */
  readonly limits: ModelLimitsOption | undefined;
  /** The name the list knows a model by (Gemini's `models/gemini-2.5-flash` → `gemini-2.5-flash`). */
  readonly listName?: (model: string) => string;
  /**
   * The limits the provider knows of a model by its list name, when the list's are not the whole
   * story (a beta that opens a larger window). Default: the list's `modelLimits`.
   */
  readonly knownLimits?: (name: string) => ModelLimits | undefined;
}

/** What an adapter answers `modelCost` and `modelLimits` with: see {@link modelCatalog}. */
export interface ModelCatalog {
  /**
   * The list price of `model`, or `undefined` when the provider has no list or the list does not
   * know the model.
   *
   * @throws ValidationError when `model` is not a string.
   */
  modelCost(model: string): ModelCost | undefined;
  /**
   * The context window and output limit of `model`: the `limits` option's entry (by the name given,
   * or by its list name) over what the provider knows, or `undefined` when neither knows it.
   *
   * @throws ValidationError when `model` is not a string.
   */
  modelLimits(model: string): ModelLimits | undefined;
}

/**
 * The one implementation of a provider's `modelCost(model)` and `modelLimits(model)`, from its price
 * list and its `modelLimits` option: an adapter builds it once and hands both calls to it.
 *
 * ```ts
 * this.#models = modelCatalog({
 *   prices: priceListOption(ANTHROPIC_PRICE_DATA, options.prices, baseURL),
 *   limits: checkModelLimitsOption(options.modelLimits),
 * });
 * ```
 */
export function modelCatalog(options: ModelCatalogOptions): ModelCatalog {
  const { prices, limits } = options;
  const listName = options.listName ?? ((model: string) => model);
  const knownLimits = options.knownLimits ?? ((name: string) => prices?.modelLimits(name));
  return Object.freeze({
    modelCost(model: string): ModelCost | undefined {
      if (typeof model !== 'string') throw new ValidationError('model', 'must be a string');
      return prices?.modelCost(listName(model));
    },
    modelLimits(model: string): ModelLimits | undefined {
      if (typeof model !== 'string') throw new ValidationError('model', 'must be a string');
      const name = listName(model);
      const known = knownLimits(name);
      return resolveModelLimits(
        limits,
        model,
        name === model ? known : resolveModelLimits(limits, name, known),
      );
    },
  });
}
