import type { ComputeCost, ModelCost } from '@aigo/ai';

/**
 * The price the offline run is billed at — an **example**, so the cost table has numbers to show.
 * Nothing is charged offline. (The rates are those of OpenAI's gpt-4o-mini.)
 */
export const OFFLINE_EXAMPLE_PRICE: ModelCost = Object.freeze({
  inputCostPerMillion: 0.15,
  cachedInputCostPerMillion: 0.075,
  outputCostPerMillion: 0.6,
});

/** An example compute price for the offline run: one cent an hour of run time. */
export const OFFLINE_EXAMPLE_COMPUTE: ComputeCost = Object.freeze({ costPerSecond: 0.01 / 3600 });

/**
 * OpenAI list prices in USD per million tokens (standard tier) for the models the demo is likely run
 * with. Source: OpenAI's API pricing page, https://developers.openai.com/api/docs/pricing (also
 * linked as https://openai.com/api/pricing), "Text tokens", Standard.
 *
 * Checked 2026-11-22: the page itself could not be opened from the machine that checked it; every
 * rate below equals the copies of that table that could be read (gpt-4o-mini 0.15 / 0.075 / 0.60,
 * gpt-4o 2.50 / 1.25 / 10.00, gpt-4.1-mini 0.40 / 0.10 / 1.60, gpt-4.1 2.00 / 0.50 / 8.00 for input /
 * cached input / output), so nothing was changed. Check them before billing anyone; set
 * `AIGO_MODEL_INPUT_COST_PER_MILLION` and `AIGO_MODEL_OUTPUT_COST_PER_MILLION` (and the cached and
 * reasoning ones) to use your own. A model not listed here is reported as unpriced.
 */
export const OPENAI_LIST_PRICES: { readonly [model: string]: ModelCost } = Object.freeze({
  'gpt-4o-mini': {
    inputCostPerMillion: 0.15,
    cachedInputCostPerMillion: 0.075,
    outputCostPerMillion: 0.6,
  },
  'gpt-4o': { inputCostPerMillion: 2.5, cachedInputCostPerMillion: 1.25, outputCostPerMillion: 10 },
  'gpt-4.1-mini': {
    inputCostPerMillion: 0.4,
    cachedInputCostPerMillion: 0.1,
    outputCostPerMillion: 1.6,
  },
  'gpt-4.1': { inputCostPerMillion: 2, cachedInputCostPerMillion: 0.5, outputCostPerMillion: 8 },
});

/** Whether the environment sets model prices the client reads itself (`AIGO_MODEL_*`). */
export function envSetsModelPrice(env: { readonly [name: string]: string | undefined }): boolean {
  return (
    env.AIGO_MODEL_INPUT_COST_PER_MILLION !== undefined ||
    env.AIGO_MODEL_OUTPUT_COST_PER_MILLION !== undefined
  );
}
