import {
  abortableDelay,
  type EmbedResult,
  ProviderError,
  TimeoutError,
  throwIfAborted,
  ValidationError,
} from '@aigo/ai';
import type { IngestSettings } from './ingest-options.js';
import type { IngestTally } from './ingest-report.js';

/** Texts to embed, each with the tokens the chunker counted for it. */
export interface EmbedInput {
  readonly texts: readonly string[];
  readonly tokens: readonly number[];
}

/**
 * Whether an embedding call is worth another attempt: a `ProviderError` the provider marked
 * `retryable` (429, 5xx, a dropped connection) or a `TimeoutError` — the rule of the client's
 * retries (`isRetryableError` of `@aigo/client`).
 */
function isRetryable(error: unknown): boolean {
  if (ProviderError.isInstance(error)) return error.retryable;
  return TimeoutError.isInstance(error);
}

/** The wait before retry `retry` (1 for the first): the provider's `Retry-After`, else doubling backoff. */
function backoffMs(error: unknown, retry: number, settings: IngestSettings): number {
  const asked = ProviderError.isInstance(error) ? error.retryAfterMs : undefined;
  const wait = asked ?? settings.initialBackoffMs * 2 ** (retry - 1);
  return Math.min(settings.maxBackoffMs, wait);
}

/** One embedding call, retried on retryable errors. */
async function embedCall(texts: readonly string[], settings: IngestSettings): Promise<EmbedResult> {
  const { embedder, signal } = settings;
  for (let retry = 0; ; retry++) {
    try {
      return await embedder.provider.embed(
        {
          model: embedder.model,
          values: texts,
          purpose: 'document',
          ...(embedder.dimensions === undefined ? {} : { dimensions: embedder.dimensions }),
        },
        signal === undefined ? {} : { signal },
      );
    } catch (error) {
      if (signal?.aborted || retry >= settings.maxRetries || !isRetryable(error)) throw error;
      await abortableDelay(backoffMs(error, retry + 1, settings), signal);
    }
  }
}

/**
 * The vectors of `input.texts`, in order: embedded in calls of at most `batchSize` texts and, when
 * the provider has a limit, `maxTokensPerCall` tokens (as the chunker counted them), one call after
 * the other, each retried on retryable errors. Each call is told to the tally.
 *
 * @throws ValidationError naming `options.embedder` when a call returns another number of vectors
 *   than texts, or vectors of another length than the store's.
 */
export async function embedBatch(
  input: EmbedInput,
  settings: IngestSettings,
  tally: IngestTally,
): Promise<number[][]> {
  const { texts, tokens } = input;
  const vectors: number[][] = [];
  const limit = settings.maxTokensPerCall ?? Number.POSITIVE_INFINITY;
  let start = 0;
  while (start < texts.length) {
    let end = start;
    let callTokens = 0;
    while (
      end < texts.length &&
      end - start < settings.batchSize &&
      (end === start || callTokens + (tokens[end] as number) <= limit)
    ) {
      callTokens += tokens[end] as number;
      end++;
    }
    throwIfAborted(settings.signal);
    const values = texts.slice(start, end);
    const result = await embedCall(values, settings);
    if (!Array.isArray(result?.embeddings) || result.embeddings.length !== values.length) {
      throw new ValidationError(
        'options.embedder',
        `returned ${Array.isArray(result?.embeddings) ? result.embeddings.length : 'no'} vectors for ${values.length} texts`,
      );
    }
    for (const vector of result.embeddings) {
      if (!Array.isArray(vector) || vector.length !== settings.store.dimensions) {
        throw new ValidationError(
          'options.embedder',
          `returned vectors of ${Array.isArray(vector) ? vector.length : 'no'} numbers; options.store holds vectors of ${settings.store.dimensions}`,
        );
      }
      vectors.push(vector);
    }
    tally.embedded(result.usage?.promptTokens ?? callTokens, result.cost);
    start = end;
  }
  return vectors;
}
