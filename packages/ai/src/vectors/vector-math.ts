import type { VectorMetric } from './vector-store.js';

/** The dot product of two vectors of one length. */
export function dotProduct(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += (a[index] as number) * (b[index] as number);
  return sum;
}

/** The Euclidean length of a vector. */
export function vectorNorm(a: readonly number[]): number {
  return Math.sqrt(dotProduct(a, a));
}

/**
 * The score of `b` against the query `a` under `metric` (see {@link VectorMetric}): the reference
 * every store's scores are checked against. A zero vector has cosine similarity 0 to everything.
 */
export function vectorScore(
  metric: VectorMetric,
  a: readonly number[],
  b: readonly number[],
): number {
  if (metric === 'inner_product') return dotProduct(a, b);
  if (metric === 'cosine') {
    const norms = vectorNorm(a) * vectorNorm(b);
    return norms === 0 ? 0 : dotProduct(a, b) / norms;
  }
  let sum = 0;
  for (let index = 0; index < a.length; index++) {
    const difference = (a[index] as number) - (b[index] as number);
    sum += difference * difference;
  }
  return 1 / (1 + Math.sqrt(sum));
}
