import type { ComputeCost, ModelCost } from '@aigo/ai';

/** An example compute price for the offline run: one cent an hour of run time. */
export const OFFLINE_EXAMPLE_COMPUTE: ComputeCost = Object.freeze({ costPerSecond: 0.01 / 3600 });

/** The model whose list price the offline run is billed at, as an example. */
export const OFFLINE_PRICED_AS = 'gpt-4o-mini';

/** What to do about a model nobody has a price for. */
export const UNPRICED_HINT =
  'set AIGO_MODEL_INPUT_COST_PER_MILLION and AIGO_MODEL_OUTPUT_COST_PER_MILLION to price it';

/** Whether the environment sets model prices the client reads itself (`AIGO_MODEL_*`). */
export function envSetsModelPrice(env: { readonly [name: string]: string | undefined }): boolean {
  return (
    env.AIGO_MODEL_INPUT_COST_PER_MILLION !== undefined ||
    env.AIGO_MODEL_OUTPUT_COST_PER_MILLION !== undefined
  );
}

/** The note under the offline cost table: the example price, its rates and where they come from. */
export function offlineExampleNote(price: ModelCost): string {
  const rate = (value: number | undefined): string =>
    `$${(value ?? 0).toFixed(3).replace(/0$/, '')}`;
  const date = price.origin === undefined ? '' : ` of ${price.origin.date}`;
  return (
    `prices: EXAMPLE prices for the offline run — billed as ${OFFLINE_PRICED_AS} at OpenAI's list ` +
    `price${date} from @aigo/openai's table (${rate(price.inputCostPerMillion)} input, ` +
    `${rate(price.cachedInputCostPerMillion ?? price.inputCostPerMillion)} cached input, ` +
    `${rate(price.outputCostPerMillion)} output per million tokens; compute $0.01 an hour). ` +
    'Nothing is charged.'
  );
}
