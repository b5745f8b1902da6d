import { seededRandom } from './seeded-random.js';

/** The mean of `values` (0 for none). */
export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (let index = 0; index < values.length; index++) sum += values[index] as number;
  return sum / values.length;
}

/**
 * The `q` quantile (0..1) of values sorted ascending, interpolated linearly between the two
 * nearest ranks (0 for none).
 */
export function quantileOfSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] as number;
  return low + ((sorted[upper] as number) - low) * (position - lower);
}

/** The `q` quantile of `values` (copied and sorted). */
export function quantile(values: ArrayLike<number>, q: number): number {
  return quantileOfSorted(Float64Array.from(values).sort(), q);
}

/** How many resamples a bootstrap interval takes. */
export const BOOTSTRAP_RESAMPLES = 1000;

/**
 * The 95 % percentile-bootstrap confidence interval of the mean of `values`: `resamples` times,
 * as many values drawn with replacement, their mean; the 2.5th and 97.5th percentiles of those
 * means. Seeded, so the same values and seed give the same interval. `[mean, mean]` for fewer than
 * two values or values all equal (every resample's mean is that value).
 */
export function bootstrapInterval(
  values: ArrayLike<number>,
  seed: number,
  resamples = BOOTSTRAP_RESAMPLES,
): [number, number] {
  const count = values.length;
  if (count < 2 || allEqual(values)) {
    const only = count === 0 ? 0 : (values[0] as number);
    return [only, only];
  }
  const random = seededRandom(seed);
  const means = new Float64Array(resamples);
  for (let round = 0; round < resamples; round++) {
    let sum = 0;
    for (let draw = 0; draw < count; draw++) sum += values[Math.floor(random() * count)] as number;
    means[round] = sum / count;
  }
  means.sort();
  return [quantileOfSorted(means, 0.025), quantileOfSorted(means, 0.975)];
}

function allEqual(values: ArrayLike<number>): boolean {
  const first = values[0];
  for (let index = 1; index < values.length; index++) if (values[index] !== first) return false;
  return true;
}
