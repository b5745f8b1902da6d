import type { Sizer } from './chunk-options.js';
import type { Piece } from './pieces.js';

/**
 * The last pieces of `previous` that the next chunk repeats: whole pieces from the end, at most
 * `overlapTokens` of them, never all of `previous`, and leaving room for `next`.
 */
function overlapOf(previous: readonly Piece[], next: Piece, sizer: Sizer): [Piece[], number] {
  if (sizer.overlapTokens === 0) return [[], 0];
  const room = sizer.maxTokens - next.tokens - sizer.separatorTokens(next.separator);
  let start = previous.length;
  let tokens = 0;
  while (start > 1) {
    const candidate = previous[start - 1] as Piece;
    const joined =
      start === previous.length
        ? candidate.tokens
        : candidate.tokens + sizer.separatorTokens((previous[start] as Piece).separator) + tokens;
    if (joined > sizer.overlapTokens || joined > room) break;
    tokens = joined;
    start--;
  }
  return [previous.slice(start), tokens];
}

/**
 * Packs pieces into chunks in order: each chunk takes pieces while they fit in `maxTokens`
 * (separators counted), and starts with the overlap of the chunk before it. Every piece fits a
 * chunk on its own (the pieces were cut so).
 */
export function packPieces(pieces: readonly Piece[], sizer: Sizer): Piece[][] {
  const groups: Piece[][] = [];
  let current: Piece[] = [];
  let tokens = 0;
  for (const piece of pieces) {
    if (
      current.length > 0 &&
      tokens + sizer.separatorTokens(piece.separator) + piece.tokens > sizer.maxTokens
    ) {
      groups.push(current);
      [current, tokens] = overlapOf(current, piece, sizer);
    }
    tokens += (current.length > 0 ? sizer.separatorTokens(piece.separator) : 0) + piece.tokens;
    current.push(piece);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** The text of pieces in a chunk: joined by their separators, the first one's left out. */
export function joinPieces(pieces: readonly Piece[]): string {
  let text = '';
  pieces.forEach((piece, index) => {
    text += index === 0 ? piece.text : piece.separator + piece.text;
  });
  return text;
}
