import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import { checkFusion, fuseRankings, type RankedCandidate } from './fusion.js';

const list = (...ids: string[]): RankedCandidate[] =>
  ids.map((id, index) => ({ id, score: 1 - index / 10 }));

describe('checkFusion', () => {
  it('defaults to RRF with k 60 and keeps what it is given', () => {
    expect(checkFusion(undefined)).toEqual({ type: 'rrf', k: 60 });
    expect(checkFusion({ type: 'rrf', k: 10 })).toEqual({ type: 'rrf', k: 10 });
    expect(checkFusion({ type: 'weighted', weights: { semantic: 0.7, lexical: 0.3 } })).toEqual({
      type: 'weighted',
      semantic: 0.7,
      lexical: 0.3,
    });
  });

  it.each([
    [{ type: 'rrf', k: 0 }, 'options.fusion.k'],
    [{ type: 'rrf', k: -1 }, 'options.fusion.k'],
    [{ type: 'rrf', k: Number.NaN }, 'options.fusion.k'],
    [{ type: 'rrf', weights: {} }, 'options.fusion.weights'],
    [{ type: 'weighted', weights: { semantic: 0, lexical: 1 } }, 'options.fusion.weights.semantic'],
    [{ type: 'weighted', weights: { semantic: 1, lexical: -2 } }, 'options.fusion.weights.lexical'],
    [{ type: 'weighted', weights: { semantic: 1 } }, 'options.fusion.weights.lexical'],
    [
      { type: 'weighted', weights: { semantic: 1, lexical: 1, fused: 1 } },
      'options.fusion.weights.fused',
    ],
    [{ type: 'weighted' }, 'options.fusion.weights'],
    [{ type: 'sum' }, 'options.fusion.type'],
    ['rrf', 'options.fusion'],
  ])('refuses %j, naming %s', (fusion, argument) => {
    expect(() => checkFusion(fusion)).toThrow(ValidationError);
    try {
      checkFusion(fusion);
    } catch (error) {
      expect((error as ValidationError).argument).toBe(argument);
    }
  });
});

describe('fuseRankings', () => {
  const rrf = checkFusion({ type: 'rrf', k: 60 });
  const weighted = checkFusion({ type: 'weighted', weights: { semantic: 1, lexical: 2 } });

  it('computes reciprocal rank fusion by hand', () => {
    const fused = fuseRankings(list('a', 'b', 'c'), list('c', 'd'), rrf, 10);
    expect(fused.map((entry) => entry.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(fused[0]).toEqual({
      id: 'c',
      fused: 1 / 63 + 1 / 61,
      semantic: { rank: 3, score: 0.8 },
      lexical: { rank: 1, score: 1 },
    });
    expect(fused[1]?.fused).toBe(1 / 61);
    expect(fused[3]?.fused).toBe(1 / 62);
  });

  it('computes weighted fusion of scaled scores by hand', () => {
    const semantic = [
      { id: 'a', score: 0.9 },
      { id: 'b', score: 0.5 },
      { id: 'c', score: 0.1 },
    ];
    const lexical = [
      { id: 'c', score: 4 },
      { id: 'a', score: 2 },
    ];
    const fused = fuseRankings(semantic, lexical, weighted, 10);
    const byId = Object.fromEntries(fused.map((entry) => [entry.id, entry.fused]));
    expect(byId.a).toBeCloseTo(1 * 1 + 2 * 0, 12);
    expect(byId.b).toBeCloseTo((0.5 - 0.1) / 0.8, 12);
    expect(byId.c).toBeCloseTo(0 + 2 * 1, 12);
    expect(fused.map((entry) => entry.id)).toEqual(['c', 'a', 'b']);
    // One candidate (or all equal) scales to 1.
    expect(fuseRankings([{ id: 'x', score: 0.2 }], [], weighted, 5)[0]?.fused).toBe(1);
  });

  it('puts a record first in both lists first, under either fusion', () => {
    for (const fusion of [rrf, weighted, checkFusion({ type: 'rrf', k: 1 })]) {
      const fused = fuseRankings(list('top', 'b', 'c', 'd'), list('top', 'x', 'y'), fusion, 3);
      expect(fused[0]?.id).toBe('top');
      expect(fused).toHaveLength(3);
    }
  });

  it('breaks ties by semantic rank, then lexical rank, then id — a stable order', () => {
    // a (semantic 1) and x (lexical 1) tie under RRF: the semantic one first.
    expect(fuseRankings(list('a'), list('x'), rrf, 5).map((entry) => entry.id)).toEqual(['a', 'x']);
    // Only lexical records, equal scores under weighted fusion: lexical rank decides.
    const flat = [
      { id: 'z', score: 1 },
      { id: 'm', score: 1 },
      { id: 'a', score: 1 },
    ];
    expect(fuseRankings([], flat, weighted, 5).map((entry) => entry.id)).toEqual(['z', 'm', 'a']);
    // The same input always gives the same order.
    const again = fuseRankings(list('a', 'b', 'c'), list('c', 'b', 'a'), rrf, 5);
    // a and c tie (1/61 + 1/63 each, above b's 2/62): a is higher in the semantic list.
    expect(again.map((entry) => entry.id)).toEqual(['a', 'c', 'b']);
  });

  it('returns the semantic list alone when the lexical side found nothing', () => {
    const fused = fuseRankings(list('a', 'b'), [], rrf, 5);
    expect(fused.map((entry) => [entry.id, entry.lexical])).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
  });
});
