import type { ModelCost, ModelCostTier, PriceOrigin } from './cost.js';
import type { PricePeriod, PriceRates } from './price-table-data.js';

const DAY_SECONDS = 86_400;

/**
 * The period that applies at `at`: searched from the last to the first, the first that applies wins
 * (a period with no condition always applies; `since` from that UTC day on; `hours` during that
 * daily window); when none does, the first.
 */
export function periodAt(periods: readonly PricePeriod[], at: Date): PricePeriod | undefined {
  const time = at.getTime();
  const seconds = (((time / 1000) % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS;
  for (let index = periods.length - 1; index >= 0; index--) {
    const period = periods[index] as PricePeriod;
    if (period.since !== undefined) {
      if (time >= Date.parse(`${period.since}T00:00:00Z`)) return period;
    } else if (period.hours !== undefined) {
      const [from, to] = period.hours;
      const inside = to < from ? seconds >= from || seconds < to : seconds >= from && seconds < to;
      if (inside) return period;
    } else {
      return period;
    }
  }
  return periods[0];
}

type MutableRates = {
  -readonly [K in keyof ModelCostTier]: ModelCostTier[K];
};

function ratesOf(
  rates: readonly (number | null)[],
  offset: number,
): Omit<MutableRates, 'aboveTokens'> {
  const at = (index: number): number | null => rates[offset + index] ?? null;
  const cost: Omit<MutableRates, 'aboveTokens'> = {
    inputCostPerMillion: at(0) ?? 0,
    outputCostPerMillion: at(1) ?? 0,
  };
  const cached = at(2);
  const write5m = at(3);
  const write1h = at(4);
  const reasoning = at(5);
  if (cached !== null) cost.cachedInputCostPerMillion = cached;
  if (write5m !== null) cost.cacheWrite5mCostPerMillion = write5m;
  if (write1h !== null) cost.cacheWrite1hCostPerMillion = write1h;
  if (reasoning !== null) cost.reasoningCostPerMillion = reasoning;
  return cost;
}

/** The frozen `ModelCost` of one period, in USD, carrying its origin. */
export function periodCost(period: PricePeriod, origin: PriceOrigin): ModelCost {
  const base = ratesOf(period.r as PriceRates, 0);
  const tiers = period.t?.map((tier) =>
    Object.freeze({ aboveTokens: tier[0] ?? 0, ...ratesOf(tier, 1) }),
  );
  return Object.freeze({
    ...base,
    ...(tiers === undefined || tiers.length === 0 ? {} : { tiers: Object.freeze(tiers) }),
    currency: 'USD',
    origin,
  });
}
