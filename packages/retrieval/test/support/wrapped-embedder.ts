// Embedders for the ingestion tests: the fake embedder of @aigo/testing behind a hook that can fail
// a call, change its answer, or count it.
import type { CallOptions, EmbeddingProvider, EmbedRequest, EmbedResult } from '@aigo/ai';
import { createFakeEmbedder, type FakeEmbedder } from '@aigo/testing';

/** Decides one call: `next()` is the fake embedder's answer. */
export type EmbedHook = (
  request: EmbedRequest,
  callIndex: number,
  next: () => Promise<EmbedResult>,
) => Promise<EmbedResult>;

/** A fake embedder whose every call goes through `hook`. */
export interface WrappedEmbedder extends EmbeddingProvider {
  /** The fake embedder underneath (its `calls` are the calls that reached it). */
  readonly fake: FakeEmbedder;
  /** Calls made, retries included. */
  readonly callCount: number;
  /** Every value of every call that reached the fake embedder. */
  readonly embedded: readonly string[];
}

/** A fake embedder of `dimensions` whose calls go through `hook` (default: straight through). */
export function wrappedEmbedder(
  options: {
    readonly dimensions?: number;
    readonly maxEmbeddingsPerCall?: number;
    readonly maxTokensPerCall?: number;
  } = {},
  hook: EmbedHook = (_request, _index, next) => next(),
): WrappedEmbedder {
  const fake = createFakeEmbedder({
    dimensions: options.dimensions ?? 32,
    maxEmbeddingsPerCall: options.maxEmbeddingsPerCall ?? 100,
  });
  let callCount = 0;
  const embedded: string[] = [];
  return {
    id: 'wrapped-fake',
    maxEmbeddingsPerCall: fake.maxEmbeddingsPerCall,
    ...(options.maxTokensPerCall === undefined
      ? {}
      : { maxTokensPerCall: options.maxTokensPerCall }),
    fake,
    get callCount() {
      return callCount;
    },
    embedded,
    embed(request: EmbedRequest, callOptions?: CallOptions) {
      const index = callCount++;
      return hook(request, index, async () => {
        embedded.push(...request.values);
        return fake.embed(request, callOptions);
      });
    },
  };
}
