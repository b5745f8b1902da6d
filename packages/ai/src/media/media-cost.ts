import type { Usage } from '../chat/usage.js';
import type { ModelCost } from '../cost/cost.js';
import { computeModelCost } from '../cost/model-call-cost.js';
import type { MediaCost } from './media-requests.js';

/**
 * What a media call cost at `price` (the one cost computation, `computeModelCost`), or `undefined`
 * when the price or the usage is unknown — never a made-up 0. A model priced by something a
 * `ModelCost` cannot express (per image, per minute of audio) has no price, so its cost is unknown.
 */
export function mediaCost(
  usage: Usage | undefined,
  price: ModelCost | undefined,
): MediaCost | undefined {
  if (usage === undefined || price === undefined) return undefined;
  const cost = computeModelCost(usage, price);
  return { amount: cost.totalCost, currency: cost.currency };
}
