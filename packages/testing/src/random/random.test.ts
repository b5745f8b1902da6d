import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { cutAtRandom } from './cut-at-random.js';
import { seededRandom } from './seeded-random.js';

const take = (random: () => number, count: number) => Array.from({ length: count }, random);

describe('seededRandom', () => {
  it('repeats its sequence for a seed, and differs between seeds', () => {
    const first = take(seededRandom(7), 50);
    expect(take(seededRandom(7), 50)).toEqual(first);
    expect(take(seededRandom(8), 50)).not.toEqual(first);
    expect(new Set(first).size).toBe(50);
    for (const value of first) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it.each([1.5, Number.NaN, '1'])('rejects the seed %j', (seed) => {
    expect(() => seededRandom(seed as number)).toThrow(ValidationError);
  });
});

describe('cutAtRandom', () => {
  const bytes = new TextEncoder().encode('data: {"text":"héllo wörld"}\n\n'.repeat(20));

  it('cuts into pieces of 1 to maxPiece bytes that join back into the input', () => {
    const pieces = cutAtRandom(bytes, seededRandom(3), 16);
    expect(pieces.length).toBeGreaterThan(bytes.length / 16);
    for (const piece of pieces) {
      expect(piece.length).toBeGreaterThanOrEqual(1);
      expect(piece.length).toBeLessThanOrEqual(16);
    }
    expect(Buffer.concat(pieces)).toEqual(Buffer.from(bytes));
    expect(cutAtRandom(bytes, seededRandom(3), 16).map((piece) => piece.length)).toEqual(
      pieces.map((piece) => piece.length),
    );
  });

  it('gives one byte per piece with maxPiece 1, and nothing for nothing', () => {
    expect(cutAtRandom(bytes, seededRandom(1), 1)).toHaveLength(bytes.length);
    expect(cutAtRandom(new Uint8Array(0), seededRandom(1))).toEqual([]);
  });

  it.each([0, -1, 2.5])('rejects maxPiece %j', (maxPiece) => {
    expect(() => cutAtRandom(bytes, seededRandom(1), maxPiece)).toThrow(ValidationError);
  });
});
