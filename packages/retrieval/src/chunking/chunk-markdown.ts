import {
  type Chunk,
  checkSourceDocument,
  type SourceDocument,
} from '../documents/source-document.js';
import { buildChunks } from './build-chunks.js';
import { type ChunkOptions, sizerOf } from './chunk-options.js';
import { markdownBlocks } from './markdown-blocks.js';
import { sectionChunks } from './sections.js';

/**
 * Cuts a markdown document into chunks by its headings, each chunk carrying its heading path
 * (`['Billing', 'Refunds']`). A section that fits in `maxTokens` is one chunk (with its
 * subsections); short sibling sections share a chunk; a longer one is cut between its blocks, then
 * inside them — a fenced code block between lines and a table between rows, each part re-fenced or
 * under the table's header, so no chunk ends inside a fence or a table row; a paragraph between
 * sentences. Front matter is a block of its own.
 *
 * ```ts
 * const chunks = chunkMarkdown({ id: 'handbook', title: 'Shop handbook', text }, { maxTokens: 400 });
 * chunks[3].headings; // ['Returns', 'Refunds']
 * ```
 *
 * @throws ValidationError naming the bad field or option.
 */
export function chunkMarkdown(document: SourceDocument, options?: ChunkOptions): Chunk[] {
  checkSourceDocument(document, 'document');
  const sizer = sizerOf(options);
  return buildChunks(document.id, sectionChunks(markdownBlocks(document.text), sizer), sizer);
}
