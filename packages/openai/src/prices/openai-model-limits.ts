import type { ModelLimits } from '@aigo/ai';
import { openAIPriceTable } from './openai-price-list.js';
import type { OpenAIPriceListId } from './openai-prices.generated.js';

/**
 * Internal: the context window and output limit of `model` in a price list (OpenAI's unless told
 * otherwise), where the price database has them. Not part of the public API yet.
 */
export function openAIModelLimits(
  model: string,
  list: OpenAIPriceListId = 'openai',
): ModelLimits | undefined {
  return openAIPriceTable().list(list)?.modelLimits(model);
}
