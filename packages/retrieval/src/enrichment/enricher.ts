import type { Usage } from '@aigo/ai';
import type { Chunk, SourceDocument } from '../documents/source-document.js';

/** An amount of money, in a currency (`USD`). */
export interface CostAmount {
  readonly amount: number;
  readonly currency: string;
}

/** What an enricher made of one document's chunks. */
export interface Enrichment {
  /** One context per chunk, in the chunks' order; `''` for a chunk without one. */
  readonly contexts: readonly string[];
  /** The tokens its model calls used, when it made any; `undefined` when it called no model. */
  readonly usage?: Usage;
  /** What its model calls cost, when it made any and their price is known. */
  readonly cost?: CostAmount;
}

/** Options of one `enrich` call. */
export interface EnrichOptions {
  /** Cancels the enricher's model calls. */
  readonly signal?: AbortSignal;
}

/**
 * Gives each chunk of a document a context: a short text embedded with the chunk (before it) and
 * stored beside it, never mixed into its text. `headingContext()` and `modelContext(…)` are the two
 * this package offers.
 */
export interface Enricher {
  /**
   * Names the enricher and its settings. It is part of each document's version, so ingesting with
   * another enricher (or other settings) embeds the documents again.
   */
  readonly key: string;
  /** The contexts of `chunks`, the chunks of `document` in order. */
  enrich(
    document: SourceDocument,
    chunks: readonly Chunk[],
    options: EnrichOptions,
  ): Enrichment | Promise<Enrichment>;
}

/** The text an embedder gets for a chunk: its context, a blank line, its text. */
export function embeddedText(context: string, text: string): string {
  return context === '' ? text : `${context}\n\n${text}`;
}
