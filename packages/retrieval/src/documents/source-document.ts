import { checkMetadata, type JsonObject, ValidationError } from '@aigo/ai';

/**
 * A document to chunk and ingest: text the application has (PDF and other binary formats are
 * extracted by the application first), with what identifies it.
 */
export interface SourceDocument {
  /** Stable across runs: ingestion replaces a document's chunks by its id. Non-empty. */
  readonly id: string;
  /** The text: plain, markdown or HTML, as the chunker reads it. */
  readonly text: string;
  /** Its title, put before each chunk's heading path by `headingContext()`. */
  readonly title?: string;
  /** Where it came from (a URL, a path), reported with each retrieved chunk. */
  readonly source?: string;
  /** JSON metadata stored with each of its chunks, for a retriever's `filter`. */
  readonly metadata?: JsonObject;
}

/** One piece of a document, as a chunker cuts it. */
export interface Chunk {
  /** A hash of the document id, the position and the text: the same chunk gets the same id. */
  readonly id: string;
  /** The document's id. */
  readonly documentId: string;
  /** Its position among the document's chunks, from 0. */
  readonly position: number;
  /** The chunk's own text. */
  readonly text: string;
  /** The path of headings it is under, outermost first (`['Billing', 'Refunds']`); `[]` for none. */
  readonly headings: readonly string[];
  /** Its tokens, as the chunker's `countTokens` counts them. */
  readonly tokens: number;
}

/** Cuts a document into chunks: `chunkText`, `chunkMarkdown`, `chunkHtml`, or your own. */
export type Chunker = (document: SourceDocument) => readonly Chunk[];

const DOCUMENT_KEYS = new Set(['id', 'text', 'title', 'source', 'metadata']);

/**
 * Checks a {@link SourceDocument}: a non-empty string `id`, a string `text`, string `title` and
 * `source` when set, JSON-object `metadata`, nothing else.
 *
 * @throws ValidationError naming `where` and the field (`documents[3].text`).
 */
export function checkSourceDocument(
  document: unknown,
  where: string,
): asserts document is SourceDocument {
  if (document === null || typeof document !== 'object' || Array.isArray(document))
    throw new ValidationError(where, 'must be an object with id and text');
  for (const key of Object.keys(document)) {
    if (!DOCUMENT_KEYS.has(key)) throw new ValidationError(`${where}.${key}`, 'is not a field');
  }
  const { id, text, title, source, metadata } = document as Record<string, unknown>;
  if (typeof id !== 'string' || id === '')
    throw new ValidationError(`${where}.id`, 'must be a non-empty string');
  if (typeof text !== 'string') throw new ValidationError(`${where}.text`, 'must be a string');
  if (title !== undefined && typeof title !== 'string')
    throw new ValidationError(`${where}.title`, 'must be a string');
  if (source !== undefined && typeof source !== 'string')
    throw new ValidationError(`${where}.source`, 'must be a string');
  if (metadata !== undefined) checkMetadata(metadata, `${where}.metadata`);
}
