import type { ModelLimits } from '@aigo/ai';
import { googlePriceList } from './gemini-price-list.js';

/**
 * Internal: the context window and output limit of a Gemini model (`models/` prefix allowed), where
 * the price database has them. Not part of the public API yet.
 */
export function geminiModelLimits(model: string): ModelLimits | undefined {
  if (typeof model !== 'string') return undefined;
  return googlePriceList().modelLimits(model.startsWith('models/') ? model.slice(7) : model);
}
