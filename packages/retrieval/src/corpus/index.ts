/**
 * `@aigo/retrieval/corpus` — a small labelled corpus of the package's own making, to compare
 * retrievers with `recallAtK`, `mrr` and `ndcg`: the ten-document support handbook of a made-up
 * home-battery maker, its chunks, and 37 questions with the chunks that answer them.
 *
 * @packageDocumentation
 */

import { chunkMarkdown } from '../chunking/chunk-markdown.js';
import type { Chunk, SourceDocument } from '../documents/source-document.js';
import { CORPUS_DOCUMENTS } from './corpus-documents.js';
import { CORPUS_QUESTIONS } from './corpus-questions.js';

/** A question of the corpus and the ids of the chunks that answer it. */
export interface CorpusQuestion {
  readonly question: string;
  readonly relevant: readonly string[];
}

/** The corpus: its documents, their chunks, and the labelled questions. */
export interface RetrievalCorpus {
  readonly documents: readonly SourceDocument[];
  /** How the documents are chunked: `chunkMarkdown(document, { maxTokens: 64 })`, one section a chunk
   * (the first with the document's title). */
  readonly chunkOptions: { readonly maxTokens: number };
  readonly chunks: readonly Chunk[];
  readonly questions: readonly CorpusQuestion[];
}

/** The chunking the labels were made for. */
export const CORPUS_CHUNK_OPTIONS = Object.freeze({ maxTokens: 64 });

/**
 * The corpus, chunked (chunk ids are stable: the same documents and options give the same ids) and
 * with each question's relevant chunk ids.
 *
 * ```ts
 * import { retrievalCorpus } from '@aigo/retrieval/corpus';
 * const { documents, questions } = retrievalCorpus();
 * ```
 */
export function retrievalCorpus(): RetrievalCorpus {
  const chunks = CORPUS_DOCUMENTS.flatMap((document) =>
    chunkMarkdown(document, CORPUS_CHUNK_OPTIONS),
  );
  const byHeading = new Map<string, string>();
  // A section's chunk is the one holding its heading (the first also holds the document's title).
  for (const chunk of chunks) {
    for (const [, heading] of chunk.text.matchAll(/^## (.+)$/gm))
      byHeading.set(`${chunk.documentId}\u0000${heading}`, chunk.id);
  }
  const questions = CORPUS_QUESTIONS.map(({ question, relevant }) => ({
    question,
    relevant: relevant.map(([document, heading]) => {
      const id = byHeading.get(`${document}\u0000${heading}`);
      if (id === undefined) throw new Error(`corpus: no chunk "${heading}" in ${document}`);
      return id;
    }),
  }));
  return { documents: CORPUS_DOCUMENTS, chunkOptions: CORPUS_CHUNK_OPTIONS, chunks, questions };
}
