import { addUsage, type Usage } from '@aigo/ai';
import type { CostAmount } from '../enrichment/enricher.js';

/** Where an ingestion stands: what `onProgress` is told, and what the summary starts with. */
export interface IngestProgress {
  /** Documents done: written, unchanged or empty. */
  readonly documents: number;
  /** Documents whose chunks were embedded and written (replacing what the store had of them). */
  readonly written: number;
  /** Documents the store already had at this version: nothing embedded. */
  readonly unchanged: number;
  /** Documents without text (or without chunks): skipped. */
  readonly empty: number;
  /** Chunks embedded and written. */
  readonly chunks: number;
  /** The embedding calls' input tokens (the provider's count; the chunker's where it gives none). */
  readonly tokens: number;
  /**
   * What the embedding and the enrichment cost so far, `undefined` when a call's price or usage is
   * unknown (never a made-up 0).
   */
  readonly cost: CostAmount | undefined;
  /** Since the ingestion started, in ms. */
  readonly elapsedMs: number;
}

/** What happened to one document. */
export interface DocumentReport {
  readonly id: string;
  readonly status: 'written' | 'unchanged' | 'empty';
  /** Its chunks: written now, or (unchanged) stored before. */
  readonly chunks: number;
  /** What its enricher's model calls used and cost, when it made any. */
  readonly enrichment?: { readonly usage: Usage; readonly cost: CostAmount | undefined };
}

/** What `ingest` resolves to. */
export interface IngestSummary extends IngestProgress {
  /** Embedding calls made (retries not counted). */
  readonly embeddingCalls: number;
  /** The enrichers' model usage, summed; `undefined` when they made no call. */
  readonly enrichmentUsage: Usage | undefined;
  /** One report per document, in the order they were done. */
  readonly reports: readonly DocumentReport[];
}

/** The running totals of an ingestion. */
export class IngestTally {
  readonly #started = performance.now();
  readonly #onProgress: ((progress: IngestProgress) => void) | undefined;
  readonly #reports: DocumentReport[] = [];
  #written = 0;
  #unchanged = 0;
  #empty = 0;
  #chunks = 0;
  #tokens = 0;
  #calls = 0;
  #cost = 0;
  #currency: string | undefined;
  #costKnown = true;
  #enrichmentUsage: Usage | undefined;

  constructor(onProgress: ((progress: IngestProgress) => void) | undefined) {
    this.#onProgress = onProgress;
  }

  /** Adds a cost; an unknown one (or one in a second currency) makes the total unknown. */
  #addCost(cost: CostAmount | undefined): void {
    if (cost === undefined) {
      this.#costKnown = false;
      return;
    }
    this.#currency ??= cost.currency;
    if (cost.currency !== this.#currency) this.#costKnown = false;
    else this.#cost += cost.amount;
  }

  /** A document left out: unchanged (with the records the store holds) or empty. */
  skipped(id: string, status: 'unchanged' | 'empty', chunks: number): void {
    if (status === 'unchanged') this.#unchanged++;
    else this.#empty++;
    this.#reports.push({ id, status, chunks });
  }

  /** An enricher's model calls for a document about to be written. */
  enriched(usage: Usage | undefined, cost: CostAmount | undefined): void {
    if (usage === undefined) return;
    this.#enrichmentUsage = addUsage(this.#enrichmentUsage, usage);
    this.#addCost(cost);
  }

  /** One embedding call. */
  embedded(tokens: number, cost: CostAmount | undefined): void {
    this.#calls++;
    this.#tokens += tokens;
    this.#addCost(cost);
  }

  /** Documents written, with their chunk counts and enrichment. */
  written(reports: readonly DocumentReport[]): void {
    for (const report of reports) {
      this.#written++;
      this.#chunks += report.chunks;
      this.#reports.push(report);
    }
  }

  progress(): IngestProgress {
    return {
      documents: this.#written + this.#unchanged + this.#empty,
      written: this.#written,
      unchanged: this.#unchanged,
      empty: this.#empty,
      chunks: this.#chunks,
      tokens: this.#tokens,
      cost:
        this.#costKnown && (this.#currency !== undefined || this.#calls === 0)
          ? { amount: this.#cost, currency: this.#currency ?? 'USD' }
          : undefined,
      elapsedMs: performance.now() - this.#started,
    };
  }

  /** Tells `onProgress` where the ingestion stands. */
  report(): void {
    this.#onProgress?.(this.progress());
  }

  summary(): IngestSummary {
    return {
      ...this.progress(),
      embeddingCalls: this.#calls,
      enrichmentUsage: this.#enrichmentUsage,
      reports: [...this.#reports],
    };
  }
}
