import type { ModelCost } from '../cost/cost.js';
import type { BatchedEmbeddings } from './embed-in-batches.js';
import { embeddingCost } from './embedding-cost.js';
import type { EmbedResult } from './embedding-provider.js';

/**
 * The `EmbedResult` of an `embed` call that `embedInBatches` made: the vectors, the summed usage and
 * the number of calls, answered by `model`, with the cost at `price` (`embeddingCost`) when both the
 * price and the usage are known.
 */
export function toEmbedResult(
  batched: BatchedEmbeddings,
  model: string,
  price: ModelCost | undefined,
): EmbedResult {
  const cost = embeddingCost(batched.usage, price);
  return {
    embeddings: batched.embeddings,
    usage: batched.usage,
    model,
    calls: batched.calls,
    ...(cost === undefined ? {} : { cost }),
  };
}
