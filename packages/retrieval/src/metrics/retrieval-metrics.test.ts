import { describe, expect, it } from 'vitest';
import { mrr, ndcg, recallAtK } from './retrieval-metrics.js';

const QUERIES = [
  { retrieved: ['a', 'x', 'b', 'y'], relevant: ['a', 'b', 'c'] },
  { retrieved: ['x', 'y', 'd'], relevant: ['d'] },
  { retrieved: ['x', 'y'], relevant: ['e'] },
];

describe('retrieval metrics, against values computed by hand', () => {
  it('recallAtK', () => {
    // q1: a in top 1 → 1/3; q2: none → 0; q3: 0.
    expect(recallAtK(QUERIES, 1)).toBeCloseTo((1 / 3 + 0 + 0) / 3, 12);
    // top 3: q1 a, b → 2/3; q2 d → 1; q3 0.
    expect(recallAtK(QUERIES, 3)).toBeCloseTo((2 / 3 + 1 + 0) / 3, 12);
    expect(recallAtK([{ retrieved: [], relevant: ['a'] }], 5)).toBe(0);
  });

  it('mrr', () => {
    // q1 first relevant at 1; q2 at 3; q3 none.
    expect(mrr(QUERIES)).toBeCloseTo((1 + 1 / 3 + 0) / 3, 12);
    expect(mrr(QUERIES, 2)).toBeCloseTo((1 + 0 + 0) / 3, 12);
    // An id repeated counts at its first place only.
    expect(mrr([{ retrieved: ['x', 'x', 'a'], relevant: ['a'] }])).toBeCloseTo(1 / 2, 12);
  });

  it('ndcg with binary and graded relevance', () => {
    // q1 at 4: hits at ranks 1 and 3 → 1 + 1/log2(4) = 1.5; ideal (3 relevant) 1 + 1/log2 3 + 1/2.
    const q1 = 1.5 / (1 + 1 / Math.log2(3) + 0.5);
    // q2: hit at rank 3 → 1/2; ideal 1.
    expect(ndcg(QUERIES, 4)).toBeCloseTo((q1 + 0.5 + 0) / 3, 12);
    // Graded: b (grade 2) at rank 1, a (grade 1) at rank 2: (3 + 1/log2 3) over the same ideal.
    expect(ndcg([{ retrieved: ['b', 'a'], relevant: { a: 1, b: 2, z: 0 } }], 2)).toBeCloseTo(1, 12);
    const swapped = (1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3));
    expect(ndcg([{ retrieved: ['a', 'b'], relevant: { a: 1, b: 2 } }], 2)).toBeCloseTo(swapped, 12);
  });

  it('refuses what it cannot score, naming it', () => {
    for (const [run, argument] of [
      [() => recallAtK([], 3), 'queries'],
      [() => recallAtK(QUERIES, 0), 'k'],
      [() => ndcg(QUERIES, 1.5), 'k'],
      [() => mrr([{ retrieved: ['a'], relevant: [] }]), 'queries[0].relevant'],
      [() => mrr([{ retrieved: ['a'], relevant: { a: 0 } }]), 'queries[0].relevant'],
      [() => mrr([{ retrieved: 'a', relevant: ['a'] } as never]), 'queries[0].retrieved'],
    ] as const) {
      expect(run).toThrow(expect.objectContaining({ argument }));
    }
  });
});
