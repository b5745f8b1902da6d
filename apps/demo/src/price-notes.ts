import type { CostSummary } from '@aigo/ai';
import { UNPRICED_HINT } from './prices.js';

/**
 * What the cost table says about its prices, from the run's summary: where each priced model's
 * price came from (the application's — `ownPrices` says what those are — or a provider's list price
 * and its date), and which models had none: their cost is unknown, never $0.
 */
export function priceNotes(summary: CostSummary, ownPrices: string | undefined): string[] {
  const notes: string[] = [];
  const listed = new Map<string, string[]>();
  let own = false;
  for (const [model, breakdown] of Object.entries(summary.byModel)) {
    for (const source of breakdown.priceSources) {
      if (source.source === 'application') {
        own = true;
        continue;
      }
      const list = `${source.provider}'s list price${source.date === undefined ? '' : ` of ${source.date}`}`;
      listed.set(list, [...(listed.get(list) ?? []), model]);
    }
  }
  if (own) notes.push(ownPrices ?? "prices: the application's");
  for (const [list, models] of listed) {
    notes.push(
      `prices: ${models.join(', ')} at ${list}, from the provider package's table (a maintained ` +
        'price database; check before billing anyone)',
    );
  }
  if (summary.unpricedModels.length > 0) {
    notes.push(
      `cost unknown for ${summary.unpricedModels.join(', ')}: no price known; ${UNPRICED_HINT}`,
    );
  }
  if (notes.length === 0) notes.push('prices: no model call was priced');
  return notes;
}
