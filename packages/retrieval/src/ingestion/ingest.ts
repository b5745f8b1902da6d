import { type DocumentRecords, throwIfAborted, ValidationError } from '@aigo/ai';
import type { SourceDocument } from '../documents/source-document.js';
import { embedBatch } from './embed-batch.js';
import { checkIngestOptions, type IngestOptions, type IngestSettings } from './ingest-options.js';
import { type DocumentReport, type IngestSummary, IngestTally } from './ingest-report.js';
import {
  type NumberedDocument,
  type PreparedDocument,
  prepareDocuments,
} from './prepare-documents.js';

/** Documents read before one `store.documents` look-up. */
const GROUP_SIZE = 64;

/** The input in groups of {@link GROUP_SIZE}, numbered. */
async function* groupsOf(
  documents: Iterable<SourceDocument> | AsyncIterable<SourceDocument>,
): AsyncGenerator<NumberedDocument[]> {
  let group: NumberedDocument[] = [];
  let index = 0;
  for await (const document of documents) {
    group.push({ document, index: index++ });
    if (group.length === GROUP_SIZE) {
      yield group;
      group = [];
    }
  }
  if (group.length > 0) yield group;
}

/** Whole documents whose chunks fill one batch (one document may be more than a batch alone). */
class Batcher {
  #documents: PreparedDocument[] = [];
  #chunks = 0;
  #tokens = 0;

  constructor(
    readonly size: number,
    readonly tokenLimit: number,
  ) {}

  /** Adds a document; returns the batch it closed, if any. */
  add(document: PreparedDocument): PreparedDocument[] | undefined {
    let full: PreparedDocument[] | undefined;
    if (
      this.#documents.length > 0 &&
      (this.#chunks + document.chunks.length > this.size ||
        this.#tokens + document.tokenTotal > this.tokenLimit)
    ) {
      full = this.flush();
    }
    this.#documents.push(document);
    this.#chunks += document.chunks.length;
    this.#tokens += document.tokenTotal;
    return full;
  }

  flush(): PreparedDocument[] | undefined {
    if (this.#documents.length === 0) return undefined;
    const batch = this.#documents;
    this.#documents = [];
    this.#chunks = 0;
    this.#tokens = 0;
    return batch;
  }
}

/** Embeds a batch and replaces its documents in the store in one call (one transaction). */
async function writeBatch(
  batch: readonly PreparedDocument[],
  settings: IngestSettings,
  tally: IngestTally,
): Promise<void> {
  const vectors = await embedBatch(
    {
      texts: batch.flatMap((document) => document.texts),
      tokens: batch.flatMap((document) => document.tokens),
    },
    settings,
    tally,
  );
  let next = 0;
  const entries: DocumentRecords[] = batch.map((prepared) => ({
    document: prepared.ref,
    version: prepared.version,
    records: prepared.chunks.map((chunk, index) => {
      const context = prepared.contexts[index] as string;
      return {
        id: chunk.id,
        vector: vectors[next++] as number[],
        text: chunk.text,
        metadata: prepared.document.metadata ?? {},
        position: chunk.position,
        model: settings.embedder.model,
        ...(context === '' ? {} : { context }),
      };
    }),
  }));
  const { signal } = settings;
  await settings.store.replaceDocuments(entries, signal === undefined ? {} : { signal });
  const reports: DocumentReport[] = batch.map((prepared) => {
    const usage = prepared.enrichment?.usage;
    return {
      id: prepared.ref.id,
      status: 'written',
      chunks: prepared.chunks.length,
      ...(usage === undefined ? {} : { enrichment: { usage, cost: prepared.enrichment?.cost } }),
    };
  });
  for (const prepared of batch) {
    tally.enriched(prepared.enrichment?.usage, prepared.enrichment?.cost);
  }
  tally.written(reports);
  tally.report();
}

/**
 * Ingests documents into a vector store: each document is chunked, and when the store does not
 * already hold it at this version (see `documentVersion`: its text, title, source, metadata,
 * chunks, the enricher's key and the embedding model) enriched, embedded in batches within the
 * provider's limits (`batchSize`, `maxEmbeddingsPerCall`, `maxTokensPerCall`), retrying retryable
 * failures, and written with `store.replaceDocuments` — its old chunks replaced by the new ones at
 * once (in one transaction on PostgreSQL). Ingesting unchanged documents again embeds nothing.
 * Empty documents are skipped and counted. A failed batch writes nothing; the batches written
 * before it stay, so running the ingestion again picks up where it stopped.
 *
 * ```ts
 * const summary = await ingest(documents, {
 *   chunker: (document) => chunkMarkdown(document, { maxTokens: 400 }),
 *   embedder: { provider: openai(), model: 'text-embedding-3-small', dimensions: 512 },
 *   store,
 * });
 * ```
 *
 * @throws ValidationError naming the bad option or document, before anything of it is written: a
 *   store of another length or holding another model's vectors (`options.store`), an embedder
 *   returning another number or length of vectors (`options.embedder`), a document id seen twice.
 */
export async function ingest(
  documents: Iterable<SourceDocument> | AsyncIterable<SourceDocument>,
  options: IngestOptions,
): Promise<IngestSummary> {
  const settings = checkIngestOptions(options);
  if (
    documents === null ||
    typeof documents !== 'object' ||
    !(Symbol.iterator in documents || Symbol.asyncIterator in documents)
  ) {
    throw new ValidationError('documents', 'must be an array or an (async) iterable of documents');
  }
  const { store, embedder, signal } = settings;
  throwIfAborted(signal);
  const other = (await store.models(signal === undefined ? {} : { signal })).find(
    (model) => model !== embedder.model,
  );
  if (other !== undefined) {
    throw new ValidationError(
      'options.store',
      `holds chunks embedded with "${other}" but options.embedder.model is "${embedder.model}": ingest into a store of its own, or delete those documents first`,
    );
  }
  const tally = new IngestTally(settings.onProgress);
  const batcher = new Batcher(
    settings.batchSize,
    settings.maxTokensPerCall ?? Number.POSITIVE_INFINITY,
  );
  const running = new Set<Promise<void>>();
  let failure: { readonly error: unknown } | undefined;
  const submit = async (batch: PreparedDocument[] | undefined): Promise<void> => {
    if (batch === undefined) return;
    while (running.size >= settings.concurrency) await Promise.race(running);
    if (failure !== undefined) return;
    const task: Promise<void> = writeBatch(batch, settings, tally)
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => running.delete(task));
    running.add(task);
  };
  const seen = new Map<string, number>();
  try {
    for await (const group of groupsOf(documents)) {
      if (failure !== undefined) break;
      for (const prepared of await prepareDocuments(group, seen, settings, tally)) {
        await submit(batcher.add(prepared));
        if (failure !== undefined) break;
      }
    }
    if (failure === undefined) await submit(batcher.flush());
  } catch (error) {
    failure ??= { error };
  }
  await Promise.all(running);
  if (failure !== undefined) throw failure.error;
  return tally.summary();
}
