import { createHash } from 'node:crypto';
import type { Chunk } from '../documents/source-document.js';
import type { Sizer } from './chunk-options.js';
import { joinPieces } from './pack-pieces.js';
import type { Piece } from './pieces.js';
import type { PieceGroup } from './sections.js';

/**
 * A chunk's id: the first 32 hex digits of the SHA-256 of its document's id, its position and its
 * text, so that the same chunk of the same document always gets the same id.
 */
export function chunkId(documentId: string, position: number, text: string): string {
  return createHash('sha256')
    .update(documentId)
    .update('\u0000')
    .update(String(position))
    .update('\u0000')
    .update(text)
    .digest('hex')
    .slice(0, 32);
}

interface Draft {
  readonly text: string;
  readonly tokens: number;
  readonly headings: readonly string[];
}

/**
 * Counts a group's joined text; a group over `maxTokens` (a tokenizer may count a joined text above
 * the sum of its parts) is halved until each half fits or is a single piece.
 */
function draft(pieces: readonly Piece[], headings: readonly string[], sizer: Sizer, out: Draft[]) {
  const text = joinPieces(pieces);
  if (text.trim() === '') return;
  const tokens = pieces.length === 1 ? (pieces[0] as Piece).tokens : sizer.countTokens(text);
  if (tokens > sizer.maxTokens && pieces.length > 1) {
    const half = Math.ceil(pieces.length / 2);
    draft(pieces.slice(0, half), headings, sizer, out);
    draft(pieces.slice(half), headings, sizer, out);
    return;
  }
  out.push({ text, tokens, headings });
}

/** The chunks of a document from its groups of pieces, numbered from 0, with their ids. */
export function buildChunks(
  documentId: string,
  groups: readonly PieceGroup[],
  sizer: Sizer,
): Chunk[] {
  const drafts: Draft[] = [];
  for (const group of groups) draft(group.pieces, group.headings, sizer, drafts);
  return drafts.map((one, position) => ({
    id: chunkId(documentId, position, one.text),
    documentId,
    position,
    text: one.text,
    headings: one.headings,
    tokens: one.tokens,
  }));
}
