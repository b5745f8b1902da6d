import {
  type Chunk,
  checkSourceDocument,
  type SourceDocument,
} from '../documents/source-document.js';
import { buildChunks } from './build-chunks.js';
import { type ChunkOptions, sizerOf } from './chunk-options.js';
import { htmlBlocks } from './html-blocks.js';
import { sectionChunks } from './sections.js';

/**
 * Cuts an HTML page into chunks of its main content (through htmlparser2): `<main>` (or
 * `role="main"`, or the `<article>`s, else the body without header, footer, navigation, asides,
 * scripts and forms), by its `h1`–`h6` headings as `chunkMarkdown` cuts by markdown headings, each
 * chunk carrying its heading path. Text comes out whitespace-collapsed; `pre` blocks keep their
 * lines and are cut between them; tables become `cell | cell` rows, cut between rows under the
 * header row; lists become `- item` lines.
 *
 * ```ts
 * const chunks = chunkHtml({ id: 'pricing', source: 'https://example.com/pricing', text: html });
 * ```
 *
 * @throws ValidationError naming the bad field or option.
 */
export function chunkHtml(document: SourceDocument, options?: ChunkOptions): Chunk[] {
  checkSourceDocument(document, 'document');
  const sizer = sizerOf(options);
  return buildChunks(document.id, sectionChunks(htmlBlocks(document.text), sizer), sizer);
}
