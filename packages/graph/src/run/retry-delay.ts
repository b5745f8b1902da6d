import type { RetryOptions } from '../plan/node-types.js';

/** Defaults of {@link RetryOptions}. */
export const RETRY_DEFAULTS = Object.freeze({
  initialBackoffMs: 1_000,
  multiplier: 2,
  maxBackoffMs: 30_000,
});

/**
 * The wait before retry `retry` (1 for the first retry): `initialBackoffMs × multiplier^(retry−1)`,
 * capped at `maxBackoffMs`; with `jitter`, a uniformly random time below that.
 */
export function retryDelay(
  options: RetryOptions,
  retry: number,
  random: () => number = Math.random,
): number {
  const initial = options.initialBackoffMs ?? RETRY_DEFAULTS.initialBackoffMs;
  const multiplier = options.multiplier ?? RETRY_DEFAULTS.multiplier;
  const max = options.maxBackoffMs ?? RETRY_DEFAULTS.maxBackoffMs;
  const ceiling = Math.min(max, initial * multiplier ** (retry - 1));
  return options.jitter === true ? Math.floor(random() * ceiling) : ceiling;
}
