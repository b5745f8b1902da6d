import { MemoryError, ValidationError } from '@aigo/ai';
import { vectorStoreConformance } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { inMemoryVectorStore } from './in-memory-vector-store.js';

vectorStoreConformance({
  name: 'inMemoryVectorStore',
  makeStore: ({ dimensions, metric, embedder }) =>
    inMemoryVectorStore({ dimensions, metric, ...(embedder === undefined ? {} : { embedder }) }),
  tolerance: 0,
});

describe('inMemoryVectorStore', () => {
  it.each<[string, object, string]>([
    ['no dimensions', {}, 'options.dimensions'],
    ['an unknown metric', { dimensions: 2, metric: 'dot' }, 'options.metric'],
    ['a bad embedder', { dimensions: 2, embedder: { model: 'm' } }, 'options.embedder.provider'],
    ['an unknown option', { dimensions: 2, index: 'hnsw' }, 'options.index'],
  ])('rejects %s', (_label, options, argument) => {
    expect(() => inMemoryVectorStore(options as never)).toThrow(ValidationError);
    try {
      inMemoryVectorStore(options as never);
    } catch (error) {
      expect((error as ValidationError).argument).toBe(argument);
    }
  });

  it('keeps copies: changing what was written or read changes nothing stored', async () => {
    const store = inMemoryVectorStore({ dimensions: 2 });
    const metadata = { tags: ['a'] };
    const vector = [1, 0];
    await store.upsert([{ id: 'a', vector, metadata }]);
    metadata.tags.push('b');
    vector[0] = 0;
    const [read] = await store.get(['a']);
    expect(read).toEqual({ id: 'a', vector: [1, 0], text: undefined, metadata: { tags: ['a'] } });
    read?.vector.fill(9);
    expect((await store.get(['a']))[0]?.vector).toEqual([1, 0]);
  });

  it('fails after close with a MemoryError', async () => {
    const store = inMemoryVectorStore({ dimensions: 2 });
    await store.close();
    await expect(store.query([1, 0])).rejects.toBeInstanceOf(MemoryError);
  });
});
