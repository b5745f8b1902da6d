import { ValidationError } from '@aigo/ai';

/**
 * `bytes` cut at random boundaries into pieces of 1 to `maxPiece` bytes (views, not copies), drawn
 * from `random` (a `seededRandom`), so a test can send a body the way a network might: events and
 * UTF-8 sequences split anywhere.
 */
export function cutAtRandom(bytes: Uint8Array, random: () => number, maxPiece = 64): Uint8Array[] {
  if (!Number.isInteger(maxPiece) || maxPiece < 1) {
    throw new ValidationError('maxPiece', 'must be a whole number of bytes, at least 1');
  }
  const pieces: Uint8Array[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const size = 1 + Math.floor(random() * maxPiece);
    pieces.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return pieces;
}
