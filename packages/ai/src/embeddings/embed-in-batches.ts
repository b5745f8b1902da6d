import { throwIfAborted } from '../abort/throw-if-aborted.js';
import { addUsage, type Usage } from '../chat/usage.js';
import { ProviderError } from '../errors/provider-error.js';

/** What one call of a batched embedding returned. */
export interface EmbeddingBatch {
  /** One vector per value of the batch, in order. */
  readonly embeddings: number[][];
  /** The batch's token count, or `undefined` when the API did not report it. */
  readonly usage: Usage | undefined;
  /** The model the API named, when it did. */
  readonly model?: string;
}

/** What {@link embedInBatches} needs. */
export interface EmbedInBatchesOptions {
  /** Every value to embed. */
  readonly values: readonly string[];
  /** The most values one call carries. */
  readonly batchSize: number;
  /** Stops between calls (the call in flight is the caller's to cancel). */
  readonly signal?: AbortSignal | undefined;
  /** The provider id, for the error when a batch comes back with the wrong number of vectors. */
  readonly provider: string;
  /** Makes one call for `values` (at most `batchSize` of them). */
  readonly embedBatch: (values: readonly string[]) => Promise<EmbeddingBatch>;
}

/** The merged result of {@link embedInBatches}. */
export interface BatchedEmbeddings {
  readonly embeddings: number[][];
  /** Summed over the batches; `undefined` when any batch lacked it. */
  readonly usage: Usage | undefined;
  readonly model: string | undefined;
  readonly calls: number;
}

/**
 * Splits `values` into batches of `batchSize` and embeds them one after the other (a provider's
 * rate limit is per key: sending the batches at once only trades 429s for speed), joining the
 * vectors in order and summing the usage. A batch whose vector count differs from its value count
 * fails with a `ProviderError` coded `invalid_response`.
 */
export async function embedInBatches(options: EmbedInBatchesOptions): Promise<BatchedEmbeddings> {
  const { values, batchSize, signal, provider, embedBatch } = options;
  const embeddings: number[][] = [];
  let usage: Usage | undefined;
  let usageKnown = true;
  let model: string | undefined;
  let calls = 0;
  for (let start = 0; start < values.length; start += batchSize) {
    throwIfAborted(signal);
    const batch = values.slice(start, start + batchSize);
    const result = await embedBatch(batch);
    calls++;
    if (result.embeddings.length !== batch.length) {
      throw new ProviderError({
        code: 'invalid_response',
        provider,
        retryable: false,
        message: `${provider} returned ${result.embeddings.length} embeddings for ${batch.length} inputs`,
      });
    }
    for (const vector of result.embeddings) embeddings.push(vector);
    if (result.usage === undefined) usageKnown = false;
    else usage = addUsage(usage, result.usage);
    model ??= result.model;
  }
  return { embeddings, usage: usageKnown ? usage : undefined, model, calls };
}
