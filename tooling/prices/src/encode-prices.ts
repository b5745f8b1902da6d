import type { PricePeriod } from '@aigo/ai';
import type {
  DatabaseConstraint,
  DatabaseModel,
  DatabasePrice,
  DatabasePrices,
} from './database.js';

/**
 * Price keys a `ModelCost` expresses. `cache_write_mtok` is every cache write (the 5-minute rate,
 * and the 1-hour rate too when the model has no `cache_write_1h_mtok`).
 */
const TOKEN_KEYS = new Set([
  'input_mtok',
  'output_mtok',
  'cache_read_mtok',
  'cache_write_mtok',
  'cache_write_5m_mtok',
  'cache_write_1h_mtok',
  'output_reasoning_mtok',
]);

/**
 * Price keys of charges that aigo's `Usage` never reports — audio, image and video input tokens (a
 * subset of the prompt, billed at the text rate here), web and file searches — left out of the
 * table: they cost nothing in a text-only call, which is what the table prices.
 */
const LEFT_OUT_KEYS = new Set([
  'input_audio_mtok',
  'cache_audio_read_mtok',
  'input_image_mtok',
  'cache_image_read_mtok',
  'input_video_mtok',
  'web_searches_kcount',
  'storage_searches_kcount',
]);

/** Why a model gets no `ModelCost`, or `undefined` when every price key is expressible. */
export function unpricedReason(model: DatabaseModel): string | undefined {
  for (const prices of periodsOf(model).map((period) => period.prices)) {
    for (const [key, value] of Object.entries(prices)) {
      if (value === undefined || TOKEN_KEYS.has(key) || LEFT_OUT_KEYS.has(key)) continue;
      return `priced by ${key}, which a ModelCost cannot express`;
    }
  }
  return undefined;
}

/**
 * A database model's prices as the periods of a price table, or `undefined` when the model is
 * priced by something a `ModelCost` cannot express (audio or image output, per-request fees, hours
 * of audio): such a model stays listed, without a price, so that its names never fall through to
 * another model's.
 */
export function encodePeriods(model: DatabaseModel): PricePeriod[] | undefined {
  if (unpricedReason(model) !== undefined) return undefined;
  return periodsOf(model).map(({ constraint, prices }) => ({
    ...encodeRates(prices),
    ...encodeConstraint(constraint),
  }));
}

function periodsOf(
  model: DatabaseModel,
): { readonly constraint?: DatabaseConstraint; readonly prices: DatabasePrices }[] {
  return Array.isArray(model.prices)
    ? [...(model.prices as readonly { constraint?: DatabaseConstraint; prices: DatabasePrices }[])]
    : [{ prices: model.prices as DatabasePrices }];
}

function encodeConstraint(
  constraint: DatabaseConstraint | undefined,
): Pick<PricePeriod, 'since' | 'hours'> {
  if (constraint === undefined) return {};
  if (constraint.type === 'start_date') return { since: constraint.start_date };
  return { hours: [secondsOfUtcDay(constraint.start_time), secondsOfUtcDay(constraint.end_time)] };
}

/** The base rates and the long-context tiers of one period. */
function encodeRates(prices: DatabasePrices): Pick<PricePeriod, 'r' | 't'> {
  const thresholds = new Set<number>();
  for (const value of Object.values(prices)) {
    if (value !== undefined && typeof value === 'object') {
      for (const tier of value.tiers) thresholds.add(tier.start);
    }
  }
  const tiers = [...thresholds]
    .sort((a, b) => a - b)
    .map((start) => [start, ...ratesAt(prices, start + 1)]);
  return { r: ratesAt(prices, 0), ...(tiers.length === 0 ? {} : { t: tiers }) };
}

/**
 * The rates for a prompt of `promptTokens`: input, output, cached, 5-minute write, 1-hour write,
 * reasoning (only where it differs from the output rate), trailing unset rates dropped.
 */
function ratesAt(prices: DatabasePrices, promptTokens: number): (number | null)[] {
  const at = (key: string): number | null => priceAt(prices[key], promptTokens);
  const output = at('output_mtok') ?? 0;
  const write = at('cache_write_mtok');
  const reasoning = at('output_reasoning_mtok');
  const rates = [
    at('input_mtok') ?? 0,
    output,
    at('cache_read_mtok'),
    at('cache_write_5m_mtok') ?? write,
    at('cache_write_1h_mtok') ?? write,
    reasoning === output ? null : reasoning,
  ];
  while (rates.length > 2 && rates.at(-1) === null) rates.pop();
  return rates;
}

/** A key's price for a prompt: the base, or the last tier whose `start` the prompt exceeds. */
function priceAt(price: DatabasePrice | undefined, promptTokens: number): number | null {
  if (price === undefined) return null;
  if (typeof price === 'number') return price;
  let chosen = price.base;
  for (const tier of [...price.tiers].sort((a, b) => a.start - b.start)) {
    if (promptTokens > tier.start) chosen = tier.price;
  }
  return chosen;
}

/**
 * `HH:MM:SS[.fff](Z|±HH:MM)` as seconds of the UTC day, as the database's own reader computes it.
 *
 * @throws Error for any other text.
 */
export function secondsOfUtcDay(time: string): number {
  const parts = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|([+-])(\d{2}):(\d{2}))$/.exec(time);
  if (parts === null) throw new Error(`invalid time of day ${JSON.stringify(time)}`);
  const [
    ,
    hours,
    minutes,
    seconds,
    fraction = '',
    zone,
    sign,
    offsetHours = '00',
    offsetMinutes = '00',
  ] = parts;
  const local =
    Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(`0.${fraction}`);
  const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60;
  const utc = local - (zone === 'Z' ? 0 : sign === '+' ? offset : -offset);
  return (utc + 86_400) % 86_400;
}
