// @aigo/retrieval's rerankers report no cost because the price database lists no rerank model: this
// test keeps that true. When it fails, the database has started pricing a reranker — give the
// rerankers a generated price table (as the provider packages have) instead of an unknown cost.
import { calcPrice, findProvider } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';

const RERANKERS = [
  {
    providerId: 'cohere',
    models: ['rerank-v3.5', 'rerank-english-v3.0', 'rerank-multilingual-v3.0'],
  },
  { providerId: 'voyage', models: ['rerank-2.5', 'rerank-2.5-lite', 'rerank-2', 'rerank-2-lite'] },
  { providerId: 'jina', models: ['jina-reranker-v2-base-multilingual', 'jina-reranker-m0'] },
];

describe('the price database and the rerankers of @aigo/retrieval', () => {
  it.each(RERANKERS)('has no price for $providerId rerank models', ({ providerId, models }) => {
    const usage = { input_tokens: 1000, output_tokens: 0 };
    for (const model of models) {
      expect(calcPrice(usage, model, { providerId }), `${providerId} ${model}`).toBeNull();
    }
    const listed = findProvider({ providerId })?.models.map((entry) => entry.id) ?? [];
    expect(listed.filter((id) => id.includes('rerank'))).toEqual([]);
  });
});
