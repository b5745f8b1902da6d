import {
  checkEmbedderSettings,
  type EmbedderSettings,
  ValidationError,
  type VectorStore,
} from '@aigo/ai';
import type { Chunker } from '../documents/source-document.js';
import type { Enricher } from '../enrichment/enricher.js';
import { headingContext } from '../enrichment/heading-context.js';
import type { IngestProgress } from './ingest-report.js';

/** How {@link IngestOptions.retry} retries a failed embedding call. */
export interface IngestRetryOptions {
  /** Retries after the first attempt of a call. Default 3; `0` disables them. */
  readonly maxRetries?: number;
  /** The wait before the first retry, in ms, doubled for each next one. Default 1,000. */
  readonly initialBackoffMs?: number;
  /** No wait is longer, the provider's `Retry-After` included. Default 30,000. */
  readonly maxBackoffMs?: number;
}

/** Options of `ingest`. */
export interface IngestOptions {
  /** Cuts each document into chunks: `chunkText`, `chunkMarkdown`, `chunkHtml`, or your own. */
  readonly chunker: Chunker;
  /** Gives each chunk its context. Default `headingContext()`; `false` for none. */
  readonly enricher?: Enricher | false;
  /** Embeds the chunks (as documents). */
  readonly embedder: EmbedderSettings;
  /** Where the chunks go. */
  readonly store: VectorStore;
  /**
   * The most chunks of one embedding call, and of one write (whole documents: a document with more
   * chunks is embedded in several calls and written at once). At most the provider's
   * `maxEmbeddingsPerCall`. Default the smaller of that and 256.
   */
  readonly batchSize?: number;
  /** Batches embedded and written at once. Default 2. */
  readonly concurrency?: number;
  /** Retries of embedding calls that fail with a retryable error (429, 5xx, a broken connection). */
  readonly retry?: IngestRetryOptions;
  /** Stops the ingestion: batches in flight are cancelled (their writes roll back). */
  readonly signal?: AbortSignal;
  /** Told after each written batch and each group of unchanged or empty documents. */
  readonly onProgress?: (progress: IngestProgress) => void;
}

/** The options checked and completed. */
export interface IngestSettings {
  readonly chunker: Chunker;
  readonly enricher: Enricher | undefined;
  readonly embedder: EmbedderSettings;
  readonly store: VectorStore;
  readonly batchSize: number;
  /** The most tokens of one embedding call, when the provider says. */
  readonly maxTokensPerCall: number | undefined;
  readonly concurrency: number;
  readonly maxRetries: number;
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
  readonly signal: AbortSignal | undefined;
  readonly onProgress: ((progress: IngestProgress) => void) | undefined;
}

const OPTION_KEYS = new Set([
  'chunker',
  'enricher',
  'embedder',
  'store',
  'batchSize',
  'concurrency',
  'retry',
  'signal',
  'onProgress',
]);
const RETRY_KEYS = new Set(['maxRetries', 'initialBackoffMs', 'maxBackoffMs']);
const STORE_METHODS = ['replaceDocuments', 'documents', 'models', 'query'] as const;

function checkInteger(value: unknown, argument: string, min: number): void {
  if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < min))
    throw new ValidationError(argument, `must be an integer from ${min}`);
}

function checkRetry(retry: IngestRetryOptions | undefined): void {
  if (retry === undefined) return;
  if (retry === null || typeof retry !== 'object')
    throw new ValidationError('options.retry', 'must be an object');
  for (const key of Object.keys(retry)) {
    if (!RETRY_KEYS.has(key)) throw new ValidationError(`options.retry.${key}`, 'is not an option');
  }
  checkInteger(retry.maxRetries, 'options.retry.maxRetries', 0);
  checkInteger(retry.initialBackoffMs, 'options.retry.initialBackoffMs', 0);
  checkInteger(retry.maxBackoffMs, 'options.retry.maxBackoffMs', 0);
}

/**
 * Checks `ingest`'s options and completes them with the defaults.
 *
 * @throws ValidationError naming the option.
 */
export function checkIngestOptions(options: IngestOptions): IngestSettings {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  }
  const { chunker, enricher, embedder, store, signal, onProgress } = options;
  if (typeof chunker !== 'function')
    throw new ValidationError('options.chunker', 'must be a function (document) => chunks');
  if (
    enricher !== undefined &&
    enricher !== false &&
    (enricher === null ||
      typeof enricher !== 'object' ||
      typeof enricher.enrich !== 'function' ||
      typeof enricher.key !== 'string')
  )
    throw new ValidationError('options.enricher', 'must be an Enricher ({ key, enrich }) or false');
  checkEmbedderSettings(embedder, 'options.embedder');
  if (
    store === null ||
    typeof store !== 'object' ||
    STORE_METHODS.some((method) => typeof store[method] !== 'function')
  )
    throw new ValidationError(
      'options.store',
      'must be a VectorStore (with replaceDocuments, documents and models)',
    );
  if (embedder.dimensions !== undefined && embedder.dimensions !== store.dimensions) {
    throw new ValidationError(
      'options.store',
      `has ${store.dimensions} dimensions but options.embedder.dimensions is ${embedder.dimensions}`,
    );
  }
  const perCall = embedder.provider.maxEmbeddingsPerCall;
  checkInteger(options.batchSize, 'options.batchSize', 1);
  if (options.batchSize !== undefined && options.batchSize > perCall) {
    throw new ValidationError(
      'options.batchSize',
      `must be at most ${perCall}, the most texts one call of ${embedder.provider.id} embeds`,
    );
  }
  checkInteger(options.concurrency, 'options.concurrency', 1);
  checkRetry(options.retry);
  if (signal !== undefined && !(signal instanceof AbortSignal))
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new ValidationError('options.onProgress', 'must be a function');
  const maxTokensPerCall = embedder.provider.maxTokensPerCall;
  return {
    chunker,
    enricher: enricher === false ? undefined : (enricher ?? headingContext()),
    embedder,
    store,
    batchSize: options.batchSize ?? Math.max(1, Math.min(256, perCall)),
    maxTokensPerCall:
      typeof maxTokensPerCall === 'number' && maxTokensPerCall > 0 ? maxTokensPerCall : undefined,
    concurrency: options.concurrency ?? 2,
    maxRetries: options.retry?.maxRetries ?? 3,
    initialBackoffMs: options.retry?.initialBackoffMs ?? 1_000,
    maxBackoffMs: options.retry?.maxBackoffMs ?? 30_000,
    signal,
    onProgress,
  };
}
