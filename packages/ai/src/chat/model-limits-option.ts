import type { ModelLimits } from '../cost/price-table.js';
import { ValidationError } from '../errors/validation-error.js';

/**
 * The `modelLimits` option of a provider: the context window and output limit of models by name,
 * over what the provider's model database says (a fine-tuned or local model, a newer window).
 */
export type ModelLimitsOption = { readonly [model: string]: ModelLimits };

function checkLimit(value: unknown, argument: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new ValidationError(argument, `must be a positive integer, got ${String(value)}`);
  }
}

/**
 * Checks a provider's `modelLimits` option; returns a frozen copy.
 *
 * @throws ValidationError naming `argument` or the bad entry (`options.modelLimits["m"].contextWindow`).
 */
export function checkModelLimitsOption(
  value: unknown,
  argument = 'options.modelLimits',
): ModelLimitsOption | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(
      argument,
      'must be an object of { contextWindow?, maxOutputTokens? } by model name',
    );
  }
  const copy: Record<string, ModelLimits> = {};
  for (const [model, limits] of Object.entries(value)) {
    const where = `${argument}[${JSON.stringify(model)}]`;
    if (limits === null || typeof limits !== 'object') {
      throw new ValidationError(where, 'must be { contextWindow?, maxOutputTokens? }');
    }
    const { contextWindow, maxOutputTokens } = limits as ModelLimits;
    checkLimit(contextWindow, `${where}.contextWindow`);
    checkLimit(maxOutputTokens, `${where}.maxOutputTokens`);
    copy[model] = Object.freeze({
      ...(contextWindow === undefined ? {} : { contextWindow }),
      ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
    });
  }
  return Object.freeze(copy);
}

/**
 * A model's limits: the option's entry for the name, field by field over `known` (the model
 * database's), or `undefined` when neither has any.
 */
export function resolveModelLimits(
  option: ModelLimitsOption | undefined,
  model: string,
  known: ModelLimits | undefined,
): ModelLimits | undefined {
  const own = option === undefined || !Object.hasOwn(option, model) ? undefined : option[model];
  if (own === undefined) return known;
  return Object.freeze({ ...known, ...own });
}
