import { ValidationError } from '@aigo/ai';
import type { Chunk, SourceDocument } from '../documents/source-document.js';
import type { Enricher, Enrichment } from './enricher.js';

/** Options of {@link headingContext}. */
export interface HeadingContextOptions {
  /** Put between the title and each heading. Default `' > '`. */
  readonly separator?: string;
}

/** The context of one chunk: the title, then its heading path (the first heading left out when it repeats the title). */
export function headingPath(
  title: string | undefined,
  headings: readonly string[],
  separator: string,
): string {
  const path = [...headings];
  const trimmed = title?.trim() ?? '';
  if (trimmed !== '' && path[0]?.trim().toLowerCase() === trimmed.toLowerCase()) path.shift();
  return (trimmed === '' ? path : [trimmed, ...path]).join(separator);
}

/**
 * The default enricher: each chunk's context is its document's title and its heading path
 * (`Shop handbook > Returns > Refunds`), embedded before the chunk's text so a chunk that says
 * "within 30 days" is found by a question about refunds, and stored as the chunk's `context`, its
 * own text kept apart. No model call, no cost.
 *
 * @throws ValidationError naming a bad option.
 */
export function headingContext(options?: HeadingContextOptions): Enricher {
  if (options !== undefined && (options === null || typeof options !== 'object'))
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options ?? {})) {
    if (key !== 'separator') throw new ValidationError(`options.${key}`, 'is not an option');
  }
  const separator = options?.separator ?? ' > ';
  if (typeof separator !== 'string' || separator === '')
    throw new ValidationError('options.separator', 'must be a non-empty string');
  return {
    key: `heading:${JSON.stringify(separator)}`,
    enrich(document: SourceDocument, chunks: readonly Chunk[]): Enrichment {
      return {
        contexts: chunks.map((chunk) => headingPath(document.title, chunk.headings, separator)),
      };
    },
  };
}
