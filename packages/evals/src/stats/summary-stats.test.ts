import { describe, expect, it } from 'vitest';
import { deriveSeed, seededRandom } from './seeded-random.js';
import { bootstrapInterval, mean, quantile, quantileOfSorted } from './summary-stats.js';

describe('seededRandom', () => {
  it('gives the same sequence for a seed, in [0, 1)', () => {
    const a = seededRandom(1);
    const b = seededRandom(1);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(mean(values)).toBeGreaterThan(0.45);
    expect(mean(values)).toBeLessThan(0.55);
    expect(seededRandom(2)()).not.toBe(seededRandom(1)());
    expect(deriveSeed(1, 'accuracy:mean')).not.toBe(deriveSeed(1, 'accuracy:pass'));
  });
});

describe('quantiles', () => {
  it('interpolates between the nearest ranks', () => {
    expect(quantileOfSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10, 1, 5], 0.5)).toBe(5);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.95)).toBe(10.5);
    expect(quantile([], 0.5)).toBe(0);
    expect(mean([])).toBe(0);
  });
});

describe('bootstrapInterval', () => {
  it('is seeded, holds the mean, and narrows with more cases', () => {
    const random = seededRandom(42);
    const small = Array.from({ length: 20 }, () => (random() < 0.8 ? 1 : 0));
    const large = Array.from({ length: 2000 }, () => (random() < 0.8 ? 1 : 0));
    const [low, high] = bootstrapInterval(small, 7);
    expect(bootstrapInterval(small, 7)).toEqual([low, high]);
    expect(low).toBeLessThanOrEqual(mean(small));
    expect(high).toBeGreaterThanOrEqual(mean(small));
    const [largeLow, largeHigh] = bootstrapInterval(large, 7);
    expect(largeHigh - largeLow).toBeLessThan((high - low) / 4);
    expect(largeLow).toBeGreaterThan(0.75);
    expect(largeHigh).toBeLessThan(0.85);
  });

  it('is the value itself for fewer than two values', () => {
    expect(bootstrapInterval([0.7], 1)).toEqual([0.7, 0.7]);
    expect(bootstrapInterval([], 1)).toEqual([0, 0]);
    expect(bootstrapInterval([1, 1, 1], 1)).toEqual([1, 1]);
  });
});
