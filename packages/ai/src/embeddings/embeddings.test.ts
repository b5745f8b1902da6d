import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors/interruption-errors.js';
import { ProviderError } from '../errors/provider-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { checkEmbedderSettings, checkEmbedRequest } from './check-embed-request.js';
import { embedInBatches } from './embed-in-batches.js';
import { embeddingCost } from './embedding-cost.js';
import { readEmbeddingVector } from './read-embedding-vector.js';

const usage = (tokens: number) => ({
  promptTokens: tokens,
  completionTokens: 0,
  totalTokens: tokens,
});

describe('embedInBatches', () => {
  it('splits values into calls of batchSize, in order, and sums usage', async () => {
    const batches: string[][] = [];
    const result = await embedInBatches({
      values: ['a', 'bb', 'ccc', 'dddd', 'eeeee'],
      batchSize: 2,
      provider: 'p',
      embedBatch: async (values) => {
        batches.push([...values]);
        return {
          embeddings: values.map((value) => [value.length]),
          usage: usage(values.length),
          model: 'm-1',
        };
      },
    });
    expect(batches).toEqual([['a', 'bb'], ['ccc', 'dddd'], ['eeeee']]);
    expect(result.embeddings).toEqual([[1], [2], [3], [4], [5]]);
    expect(result.usage).toEqual(usage(5));
    expect(result.calls).toBe(3);
    expect(result.model).toBe('m-1');
  });

  it('reports no usage when a batch lacked it', async () => {
    let call = 0;
    const result = await embedInBatches({
      values: ['a', 'b'],
      batchSize: 1,
      provider: 'p',
      embedBatch: async () => ({ embeddings: [[1]], usage: call++ === 0 ? usage(1) : undefined }),
    });
    expect(result.usage).toBeUndefined();
  });

  it('fails when a batch returns the wrong number of vectors', async () => {
    const failure = embedInBatches({
      values: ['a', 'b'],
      batchSize: 2,
      provider: 'p',
      embedBatch: async () => ({ embeddings: [[1]], usage: undefined }),
    });
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('stops between batches once the signal fired', async () => {
    const controller = new AbortController();
    let calls = 0;
    const failure = embedInBatches({
      values: ['a', 'b', 'c'],
      batchSize: 1,
      provider: 'p',
      signal: controller.signal,
      embedBatch: async () => {
        calls++;
        controller.abort();
        return { embeddings: [[1]], usage: undefined };
      },
    });
    await expect(failure).rejects.toBeInstanceOf(AbortError);
    expect(calls).toBe(1);
  });
});

describe('embedding request checks', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'request'],
    ['no model', { values: [] }, 'request.model'],
    ['blank model', { model: ' ', values: [] }, 'request.model'],
    ['values not an array', { model: 'm', values: 'x' }, 'request.values'],
    ['a value not a string', { model: 'm', values: ['a', 1] }, 'request.values[1]'],
    ['dimensions 0', { model: 'm', values: [], dimensions: 0 }, 'request.dimensions'],
    ['bad purpose', { model: 'm', values: [], purpose: 'search' }, 'request.purpose'],
    [
      'bad providerOptions',
      { model: 'm', values: [], providerOptions: [] },
      'request.providerOptions',
    ],
  ])('rejects %s', (_label, request, argument) => {
    expect(() => checkEmbedRequest(request)).toThrow(ValidationError);
    try {
      checkEmbedRequest(request);
    } catch (error) {
      expect((error as ValidationError).argument).toBe(argument);
    }
  });

  it('checks embedder settings', () => {
    expect(() => checkEmbedderSettings({ provider: {}, model: 'm' }, 'options.embedder')).toThrow(
      'options.embedder.provider',
    );
    expect(() =>
      checkEmbedderSettings({ provider: { embed() {} }, model: '' }, 'options.embedder'),
    ).toThrow('options.embedder.model');
  });
});

describe('embeddingCost', () => {
  it('prices input tokens at the input rate, in the price currency', () => {
    expect(
      embeddingCost(usage(1_000_000), { inputCostPerMillion: 0.02, outputCostPerMillion: 0 }),
    ).toEqual({
      amount: 0.02,
      currency: 'USD',
    });
  });

  it('is undefined without usage or price, never 0', () => {
    expect(
      embeddingCost(undefined, { inputCostPerMillion: 1, outputCostPerMillion: 0 }),
    ).toBeUndefined();
    expect(embeddingCost(usage(5), undefined)).toBeUndefined();
  });
});

describe('readEmbeddingVector', () => {
  it('reads numbers and refuses anything else, naming the field', () => {
    expect(readEmbeddingVector([0.5, -1], 'p', 'data[0].embedding')).toEqual([0.5, -1]);
    expect(() => readEmbeddingVector('AAAA', 'p', 'data[0].embedding')).toThrow(
      'data[0].embedding',
    );
    expect(() => readEmbeddingVector([1, '2'], 'p', 'data[1].embedding')).toThrow(ProviderError);
  });
});
