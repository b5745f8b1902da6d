import type { CallOptions } from '../chat/provider.js';
import type { Usage } from '../chat/usage.js';

/**
 * What a text is embedded for. Providers that embed differently by purpose (Gemini's task types
 * `RETRIEVAL_QUERY` / `RETRIEVAL_DOCUMENT`) use it; the others ignore it. A retriever embeds its
 * query as `'query'`, a vector store the texts it stores as `'document'`.
 */
export type EmbeddingPurpose = 'query' | 'document';

/** One embedding call: the texts of `values`, each to one vector, in order. */
export interface EmbedRequest {
  /** The embedding model (`text-embedding-3-small`, `gemini-embedding-001`). */
  readonly model: string;
  /** The texts to embed. Any number: the provider splits them into calls of its per-request limit. */
  readonly values: readonly string[];
  /**
   * The length of the vectors, for models that can shorten them (OpenAI's `text-embedding-3-*`,
   * Gemini's `outputDimensionality`). Unset: the model's own length.
   */
  readonly dimensions?: number;
  /** What the texts are embedded for; see {@link EmbeddingPurpose}. */
  readonly purpose?: EmbeddingPurpose;
  /** Provider-specific settings, keyed by provider id (`{ gemini: { taskType: 'CLUSTERING' } }`). */
  readonly providerOptions?: { readonly [providerId: string]: { readonly [key: string]: unknown } };
}

/** What an embedding call returns. */
export interface EmbedResult {
  /** One vector per value of the request, in the request's order. */
  readonly embeddings: number[][];
  /**
   * The tokens the inputs counted, summed over the calls it took (`promptTokens` = `totalTokens`,
   * `completionTokens` 0), or `undefined` when the API does not report them (Gemini's embedding
   * endpoints do not).
   */
  readonly usage: Usage | undefined;
  /** The model that answered, as the API named it (else the model asked for). */
  readonly model: string;
  /** How many HTTP calls the request took (values ÷ the provider's per-request limit, rounded up). */
  readonly calls: number;
  /**
   * What the call cost at the provider's list price (its `modelCost(model)`), in `currency`, when
   * both the price and the usage are known; else `undefined`, never a made-up 0.
   */
  readonly cost?: { readonly amount: number; readonly currency: string };
}

/**
 * A provider that turns texts into vectors. `openai()` and `gemini()` providers implement it
 * (`provider.embed(...)`); `@aigo/testing` has a deterministic fake. Immutable and safe to share
 * across concurrent calls.
 */
export interface EmbeddingProvider {
  /** A short stable id (`openai`, `gemini`), used for `providerOptions` and errors. */
  readonly id: string;
  /** The most values one HTTP call carries; `embed` splits longer requests into several calls. */
  readonly maxEmbeddingsPerCall: number;
  /**
   * The most input tokens one HTTP call may carry, summed over its values, where the API has such
   * a limit (OpenAI's embeddings endpoint: 300,000). `embed` does not split by it; an ingestion
   * sizes its batches to stay under it.
   */
  readonly maxTokensPerCall?: number;
  /**
   * Embeds `request.values`, in calls of at most {@link maxEmbeddingsPerCall} values, one after the
   * other; the vectors come back in the request's order. An empty `values` resolves at once with no
   * embeddings and no call.
   *
   * @throws ValidationError for a bad request (naming the field), before any call.
   * @throws AbortError when `options.signal` fires (the call in flight is cancelled).
   * @throws ProviderError (and its subclasses) when the API answers with an error.
   */
  embed(request: EmbedRequest, options?: CallOptions): Promise<EmbedResult>;
}

/** Which embedding model of which provider a store or a retriever embeds with. */
export interface EmbedderSettings {
  /** The provider (`openai()`, `gemini()`, a fake). */
  readonly provider: EmbeddingProvider;
  /** The embedding model. */
  readonly model: string;
  /** The vector length to ask for (see {@link EmbedRequest.dimensions}). */
  readonly dimensions?: number;
}
