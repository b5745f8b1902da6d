import { ValidationError } from '@aigo/ai';

/**
 * A small seeded pseudo-random generator (mulberry32) returning floats in [0, 1): the same seed gives
 * the same sequence on every run, so tests that cut or shuffle "at random" are reproducible.
 *
 * @example
 * const random = seededRandom(42);
 * const pieces = cutAtRandom(loadFixtureBytes('gemini/stream-text.sse'), random);
 */
export function seededRandom(seed: number): () => number {
  if (!Number.isInteger(seed)) throw new ValidationError('seed', 'must be an integer');
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
