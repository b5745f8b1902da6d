import {
  type Chunk,
  checkSourceDocument,
  type SourceDocument,
} from '../documents/source-document.js';
import type { Block } from './block.js';
import { buildChunks } from './build-chunks.js';
import { type ChunkOptions, sizerOf } from './chunk-options.js';
import { sectionChunks } from './sections.js';

/** A plain text's blocks: its paragraphs (runs of lines between blank lines). */
export function paragraphBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const trimmed = paragraph.replace(/^\s*\n/, '').trimEnd();
    if (trimmed.trim() !== '') blocks.push({ kind: 'text', text: trimmed });
  }
  return blocks;
}

/**
 * Cuts a plain text into chunks of at most `maxTokens` tokens (as `countTokens` counts them):
 * paragraphs packed whole while they fit, a paragraph too long cut between lines, then sentences,
 * then words (characters only for a word longer than a chunk); each chunk after the first of a
 * stretch repeats about `overlapTokens` of the one before it, in whole sentences or words.
 *
 * ```ts
 * const chunks = chunkText({ id: 'notes', text }, { maxTokens: 256, overlapTokens: 32 });
 * ```
 *
 * @throws ValidationError naming the bad field or option.
 */
export function chunkText(document: SourceDocument, options?: ChunkOptions): Chunk[] {
  checkSourceDocument(document, 'document');
  const sizer = sizerOf(options);
  return buildChunks(document.id, sectionChunks(paragraphBlocks(document.text), sizer), sizer);
}
