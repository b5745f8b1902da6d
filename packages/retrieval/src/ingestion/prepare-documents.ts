import { type DocumentRef, ValidationError } from '@aigo/ai';
import {
  type Chunk,
  checkSourceDocument,
  type SourceDocument,
} from '../documents/source-document.js';
import { type Enrichment, embeddedText } from '../enrichment/enricher.js';
import { documentVersion } from './document-version.js';
import type { IngestSettings } from './ingest-options.js';
import type { IngestTally } from './ingest-report.js';

/** A document read from the input, with its index there (for errors). */
export interface NumberedDocument {
  readonly document: unknown;
  readonly index: number;
}

/** A document to embed and write: its chunks, their contexts and embedded texts, its version. */
export interface PreparedDocument {
  readonly ref: DocumentRef;
  readonly document: SourceDocument;
  readonly version: string;
  readonly chunks: readonly Chunk[];
  readonly contexts: readonly string[];
  /** What the embedder gets for each chunk (context, blank line, text). */
  readonly texts: readonly string[];
  /** The tokens of each text: the chunk's count plus an estimate of its context's. */
  readonly tokens: readonly number[];
  readonly tokenTotal: number;
  readonly enrichment: Enrichment | undefined;
}

function refOf(document: SourceDocument): DocumentRef {
  return {
    id: document.id,
    ...(document.title === undefined ? {} : { title: document.title }),
    ...(document.source === undefined ? {} : { source: document.source }),
  };
}

/** Checks what the chunker returned for a document: chunks with text and distinct ids. */
function checkChunks(chunks: unknown, id: string): asserts chunks is readonly Chunk[] {
  if (!Array.isArray(chunks))
    throw new ValidationError('options.chunker', `returned no array for document "${id}"`);
  const ids = new Set<string>();
  chunks.forEach((chunk: Partial<Chunk> | null, index) => {
    if (
      chunk === null ||
      typeof chunk !== 'object' ||
      typeof chunk.id !== 'string' ||
      chunk.id === '' ||
      typeof chunk.text !== 'string' ||
      !Array.isArray(chunk.headings) ||
      typeof chunk.tokens !== 'number'
    ) {
      throw new ValidationError(
        'options.chunker',
        `returned a chunk ${index} of document "${id}" without id, text, headings and tokens`,
      );
    }
    if (ids.has(chunk.id))
      throw new ValidationError('options.chunker', `returned chunk id "${chunk.id}" twice`);
    ids.add(chunk.id);
  });
}

function checkEnrichment(enrichment: Enrichment, chunks: readonly Chunk[], id: string): void {
  const contexts: unknown = enrichment?.contexts;
  if (
    !Array.isArray(contexts) ||
    contexts.length !== chunks.length ||
    contexts.some((context) => typeof context !== 'string')
  ) {
    throw new ValidationError(
      'options.enricher',
      `returned no context string for each of the ${chunks.length} chunks of document "${id}"`,
    );
  }
}

/**
 * Checks, chunks and versions a group of documents, asks the store which it already holds at
 * their version (those and the empty ones are told to the tally, skipped), and enriches the rest.
 *
 * @throws ValidationError naming the document (`documents[4].id` for an id seen before).
 */
export async function prepareDocuments(
  group: readonly NumberedDocument[],
  seen: Map<string, number>,
  settings: IngestSettings,
  tally: IngestTally,
): Promise<PreparedDocument[]> {
  const { chunker, enricher, embedder, store, signal } = settings;
  const candidates: { document: SourceDocument; chunks: readonly Chunk[]; version: string }[] = [];
  let skipped = false;
  for (const { document, index } of group) {
    checkSourceDocument(document, `documents[${index}]`);
    const first = seen.get(document.id);
    if (first !== undefined) {
      throw new ValidationError(
        `documents[${index}].id`,
        `"${document.id}" is the id of documents[${first}] too`,
      );
    }
    seen.set(document.id, index);
    const chunks = document.text.trim() === '' ? [] : chunker(document);
    checkChunks(chunks, document.id);
    if (chunks.length === 0) {
      tally.skipped(document.id, 'empty', 0);
      skipped = true;
      continue;
    }
    const version = documentVersion(document, chunks, enricher?.key ?? '', embedder);
    candidates.push({ document, chunks, version });
  }
  const stored =
    candidates.length === 0
      ? []
      : await store.documents(
          candidates.map((candidate) => candidate.document.id),
          signal === undefined ? {} : { signal },
        );
  const byId = new Map(stored.map((found) => [found.id, found]));
  const prepared: PreparedDocument[] = [];
  for (const { document, chunks, version } of candidates) {
    const found = byId.get(document.id);
    if (
      found !== undefined &&
      found.version === version &&
      found.model === embedder.model &&
      found.records === chunks.length
    ) {
      tally.skipped(document.id, 'unchanged', found.records);
      skipped = true;
      continue;
    }
    const enrichment =
      enricher === undefined
        ? undefined
        : await enricher.enrich(document, chunks, signal === undefined ? {} : { signal });
    if (enrichment !== undefined) checkEnrichment(enrichment, chunks, document.id);
    const contexts = enrichment?.contexts ?? chunks.map(() => '');
    const tokens = chunks.map(
      (chunk, index) => chunk.tokens + Math.ceil((contexts[index] as string).length / 4),
    );
    prepared.push({
      ref: refOf(document),
      document,
      version,
      chunks,
      contexts,
      texts: chunks.map((chunk, index) => embeddedText(contexts[index] as string, chunk.text)),
      tokens,
      tokenTotal: tokens.reduce((sum, count) => sum + count, 0),
      enrichment,
    });
  }
  if (skipped) tally.report();
  return prepared;
}
