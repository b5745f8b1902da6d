import assert from 'node:assert/strict';
import { AbortError, type EmbeddingProvider, ValidationError } from '@aigo/ai';
import { describe, it } from 'vitest';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';

/** What `embeddingConformance` tests. */
export interface EmbeddingConformanceOptions {
  /** Shown in the suite title. Default `embedder`. */
  readonly name?: string;
  /** A provider to embed with (a new one per check is fine; the suite never closes it). */
  readonly makeProvider: () => EmbeddingProvider | Promise<EmbeddingProvider>;
  /** The embedding model to ask for. */
  readonly model: string;
  /** Per-check timeout in milliseconds (default: vitest's). */
  readonly timeoutMs?: number;
}

const TEXTS = ['alpha', 'beta gamma', 'delta', 'epsilon zeta eta', 'theta', 'iota kappa', 'lambda'];

function checkVectors(vectors: unknown, count: number): number {
  assert.ok(Array.isArray(vectors), 'embeddings is an array');
  assert.equal(vectors.length, count, `one vector per value (${count})`);
  const length = (vectors[0] as unknown[]).length;
  assert.ok(length > 0, 'vectors are not empty');
  for (const [index, vector] of vectors.entries()) {
    assert.ok(Array.isArray(vector), `embeddings[${index}] is an array`);
    assert.equal(vector.length, length, `embeddings[${index}] has the length of the others`);
    for (const item of vector)
      assert.ok(
        typeof item === 'number' && Number.isFinite(item),
        `embeddings[${index}] holds finite numbers`,
      );
  }
  return length;
}

/**
 * The checks every `EmbeddingProvider` must pass, for other runners (see
 * {@link embeddingConformance}): one vector per value in order across batches (more values than
 * `maxEmbeddingsPerCall`, each vector the same as when embedded alone), `calls` counted, no call
 * for no values, usage either unknown or well-formed, bad requests rejected with a
 * `ValidationError`, an aborted signal with an `AbortError`.
 */
export function embeddingConformanceChecks(
  options: EmbeddingConformanceOptions,
): ConformanceCheck[] {
  const { makeProvider, model } = options;
  return [
    {
      name: 'embeds every value, in order, across batches',
      async run() {
        const provider = await makeProvider();
        assert.ok(
          Number.isInteger(provider.maxEmbeddingsPerCall) && provider.maxEmbeddingsPerCall > 0,
          'maxEmbeddingsPerCall is a positive integer',
        );
        const count =
          provider.maxEmbeddingsPerCall < TEXTS.length
            ? TEXTS.length
            : provider.maxEmbeddingsPerCall + 1;
        const values = Array.from(
          { length: count },
          (_, index) => TEXTS[index % TEXTS.length] as string,
        );
        const result = await provider.embed({ model, values });
        checkVectors(result.embeddings, count);
        assert.equal(
          result.calls,
          Math.ceil(count / provider.maxEmbeddingsPerCall),
          'calls = values ÷ maxEmbeddingsPerCall, rounded up',
        );
        const alone = await provider.embed({ model, values: [values[count - 1] as string] });
        assert.deepEqual(
          alone.embeddings[0],
          result.embeddings[count - 1],
          'the last vector equals the same value embedded alone',
        );
        assert.equal(typeof result.model, 'string');
      },
    },
    {
      name: 'reports usage as unknown or well-formed',
      async run() {
        const provider = await makeProvider();
        const { usage } = await provider.embed({ model, values: TEXTS.slice(0, 2) });
        if (usage === undefined) return;
        assert.ok(
          Number.isInteger(usage.promptTokens) && usage.promptTokens >= 0,
          'promptTokens is a count',
        );
        assert.equal(usage.completionTokens, 0, 'embeddings have no completion tokens');
        assert.equal(usage.totalTokens, usage.promptTokens, 'totalTokens = promptTokens');
      },
    },
    {
      name: 'makes no call for no values',
      async run() {
        const provider = await makeProvider();
        const result = await provider.embed({ model, values: [] });
        assert.deepEqual(result.embeddings, []);
        assert.equal(result.calls, 0);
      },
    },
    {
      name: 'rejects a bad request with a ValidationError naming the field',
      async run() {
        const provider = await makeProvider();
        for (const [bad, argument] of [
          [{ model, values: 'text' }, 'request.values'],
          [{ model, values: ['a', 3] }, 'request.values[1]'],
          [{ model: '', values: ['a'] }, 'request.model'],
        ] as const) {
          const error = await expectRejection(
            () => provider.embed(bad as never),
            (e) => ValidationError.isInstance(e),
            `embed(${JSON.stringify(bad)})`,
          );
          assert.equal((error as ValidationError).argument, argument);
        }
      },
    },
    {
      name: 'rejects with an AbortError when the signal has fired',
      async run() {
        const provider = await makeProvider();
        const controller = new AbortController();
        controller.abort();
        await expectRejection(
          () => provider.embed({ model, values: ['a'] }, { signal: controller.signal }),
          (e) => AbortError.isInstance(e),
          'embed with an aborted signal',
        );
      },
    },
  ];
}

/**
 * Registers the embedding conformance checks with vitest, one `it` each. Call it at the top level
 * of a test file, once per provider.
 *
 * @example
 * embeddingConformance({ name: 'fake', makeProvider: () => createFakeEmbedder(), model: 'fake' });
 */
export function embeddingConformance(options: EmbeddingConformanceOptions): void {
  const checks = embeddingConformanceChecks(options);
  describe(`embedding conformance: ${options.name ?? 'embedder'}`, () => {
    for (const check of checks) it(check.name, () => check.run(), options.timeoutMs);
  });
}
