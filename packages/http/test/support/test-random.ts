import { seededRandom } from '@aigo/testing';

/** A seeded PRNG (`seededRandom` of @aigo/testing) with `int(max)`, so property tests are reproducible. */
export function createRandom(seed: number): { next(): number; int(max: number): number } {
  const next = seededRandom(seed);
  return { next, int: (max: number) => Math.floor(next() * max) };
}

/**
 * Cuts `bytes` at random points: sometimes a few big pieces, sometimes many small ones, sometimes
 * one byte at a time. When `forceInside` lists offsets inside multi-byte UTF-8 characters, one of
 * them is always among the cuts.
 */
export function randomSplit(
  bytes: Uint8Array,
  random: ReturnType<typeof createRandom>,
  forceInside: readonly number[] = [],
): Uint8Array[] {
  if (bytes.length <= 1) return [bytes];
  const cuts = new Set<number>();
  const mode = random.int(10);
  if (mode === 0) {
    for (let i = 1; i < bytes.length; i++) cuts.add(i);
  } else {
    const count = mode < 5 ? 1 + random.int(4) : 1 + random.int(Math.min(bytes.length - 1, 64));
    for (let i = 0; i < count; i++) cuts.add(1 + random.int(bytes.length - 1));
  }
  if (forceInside.length > 0) cuts.add(forceInside[random.int(forceInside.length)] as number);
  const sorted = [...cuts].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const cut of sorted) {
    pieces.push(bytes.subarray(start, cut));
    start = cut;
  }
  pieces.push(bytes.subarray(start));
  return pieces;
}

/** Offsets that fall inside a multi-byte UTF-8 sequence (before a continuation byte). */
export function offsetsInsideCharacters(bytes: Uint8Array): number[] {
  const offsets: number[] = [];
  for (let i = 1; i < bytes.length; i++) {
    if (((bytes[i] as number) & 0xc0) === 0x80) offsets.push(i);
  }
  return offsets;
}
