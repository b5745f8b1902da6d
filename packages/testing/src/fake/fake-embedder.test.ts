import { ValidationError, vectorScore } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { createFakeEmbedder } from './fake-embedder.js';

describe('createFakeEmbedder', () => {
  it('is deterministic, honours dimensions and records its calls', async () => {
    const embedder = createFakeEmbedder();
    const a = await embedder.embed({ model: 'fake', values: ['Hello world'], purpose: 'document' });
    const b = await embedder.embed({ model: 'fake', values: ['hello, WORLD!'], dimensions: 8 });
    expect(a.embeddings[0]).toHaveLength(64);
    expect(b.embeddings[0]).toHaveLength(8);
    expect(a.embeddings[0]).toEqual(embedder.vectorOf('hello world'));
    expect(embedder.calls.map((call) => [call.purpose, call.dimensions])).toEqual([
      ['document', 64],
      [undefined, 8],
    ]);
    expect(a.usage).toEqual({ promptTokens: 2, completionTokens: 0, totalTokens: 2 });
  });

  it('puts texts that share words closer than texts that do not', () => {
    const embedder = createFakeEmbedder();
    const query = embedder.vectorOf('capital of Italy');
    const near = vectorScore('cosine', query, embedder.vectorOf('Rome is the capital of Italy'));
    const far = vectorScore('cosine', query, embedder.vectorOf('cats purr loudly'));
    expect(near).toBeGreaterThan(far);
  });

  it('rejects bad options', () => {
    expect(() => createFakeEmbedder({ dimensions: 0 })).toThrow(ValidationError);
    expect(() => createFakeEmbedder({ maxEmbeddingsPerCall: 1.5 })).toThrow(
      'options.maxEmbeddingsPerCall',
    );
  });
});
