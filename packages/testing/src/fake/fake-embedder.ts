import {
  AbortError,
  type CallOptions,
  checkEmbedRequest,
  type EmbeddingProvider,
  type EmbedRequest,
  type EmbedResult,
  embedInBatches,
  ValidationError,
} from '@aigo/ai';

/** Options of {@link createFakeEmbedder}. */
export interface FakeEmbedderOptions {
  /** The vector length when a request names none. Default 64. */
  readonly dimensions?: number;
  /** The most values per simulated call. Default 100. */
  readonly maxEmbeddingsPerCall?: number;
  /** The provider id. Default `fake`. */
  readonly id?: string;
}

/** One simulated call of a fake embedder. */
export interface FakeEmbedCall {
  readonly model: string;
  readonly values: readonly string[];
  readonly dimensions: number;
  readonly purpose: EmbedRequest['purpose'];
}

/** A deterministic, offline {@link EmbeddingProvider} that records its calls. */
export interface FakeEmbedder extends EmbeddingProvider {
  /** Every simulated call (one per batch), oldest first. */
  readonly calls: readonly FakeEmbedCall[];
  /** The vector `embed` gives `text` at `dimensions` (default: the embedder's). */
  vectorOf(text: string, dimensions?: number): number[];
}

/** The words of a text: lower-cased runs of letters and digits. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/**
 * A bag-of-words vector by feature hashing: each word adds ±1 to the slot its hash picks (the sign
 * from another bit of the hash), and the vector is scaled to length 1. Texts that share words get
 * close vectors, so retrieval over it behaves like a (crude) real embedding; a text without words
 * gets a fixed unit vector.
 */
function embedText(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of wordsOf(text)) {
    const h = hash(word);
    vector[h % dimensions] = (vector[h % dimensions] as number) + (h >>> 31 === 1 ? -1 : 1);
  }
  const norm = Math.sqrt(vector.reduce((sum, item) => sum + item * item, 0));
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((item) => item / norm);
}

/**
 * A fake embedding provider for tests and offline demos: deterministic bag-of-words vectors
 * (texts sharing words are close), `dimensions` honoured, batching over `maxEmbeddingsPerCall`
 * like a real provider, usage counted as one token per word, `signal` honoured, every call
 * recorded. It needs no network and no model.
 *
 * @example
 * const embedder = createFakeEmbedder({ dimensions: 32 });
 * const { embeddings } = await embedder.embed({ model: 'fake', values: ['hello world'] });
 */
export function createFakeEmbedder(options: FakeEmbedderOptions = {}): FakeEmbedder {
  const dimensions = options.dimensions ?? 64;
  const batchSize = options.maxEmbeddingsPerCall ?? 100;
  const id = options.id ?? 'fake';
  if (!Number.isInteger(dimensions) || dimensions < 1) {
    throw new ValidationError('options.dimensions', 'must be a positive integer');
  }
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new ValidationError('options.maxEmbeddingsPerCall', 'must be a positive integer');
  }
  const calls: FakeEmbedCall[] = [];
  return {
    id,
    maxEmbeddingsPerCall: batchSize,
    calls,
    vectorOf: (text, size = dimensions) => embedText(text, size),
    async embed(request: EmbedRequest, callOptions?: CallOptions): Promise<EmbedResult> {
      checkEmbedRequest(request);
      const size = request.dimensions ?? dimensions;
      const batched = await embedInBatches({
        values: request.values,
        batchSize,
        signal: callOptions?.signal,
        provider: id,
        embedBatch: async (values) => {
          if (callOptions?.signal?.aborted) throw AbortError.fromSignal(callOptions.signal);
          calls.push({
            model: request.model,
            values: [...values],
            dimensions: size,
            purpose: request.purpose,
          });
          const tokens = values.reduce((sum, value) => sum + Math.max(1, wordsOf(value).length), 0);
          return {
            embeddings: values.map((value) => embedText(value, size)),
            usage: { promptTokens: tokens, completionTokens: 0, totalTokens: tokens },
            model: request.model,
          };
        },
      });
      return {
        embeddings: batched.embeddings,
        usage: batched.usage,
        model: request.model,
        calls: batched.calls,
      };
    },
  };
}
