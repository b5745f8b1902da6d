import { AbortError, type RetrievedChunk, ValidationError } from '@aigo/ai';
import { createFakeEmbedder } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { inMemoryVectorStore } from '../stores/in-memory-vector-store.js';
import { createRetriever } from './create-retriever.js';

const DOCS = [
  {
    id: 'refunds',
    text: 'Refunds are paid within 14 days of the return.',
    metadata: { topic: 'billing', lang: 'en' },
  },
  {
    id: 'shipping',
    text: 'Shipping takes 3 to 5 days inside the EU.',
    metadata: { topic: 'logistics', lang: 'en' },
  },
  {
    id: 'rimborsi',
    text: 'I rimborsi arrivano entro 14 giorni dal reso.',
    metadata: { topic: 'billing', lang: 'it' },
  },
  {
    id: 'invoice',
    text: 'Invoices are emailed when the order ships.',
    metadata: { topic: 'billing', lang: 'en' },
  },
  { id: 'no-text', metadata: { topic: 'billing', lang: 'en' } },
];

async function setUp() {
  const embedder = createFakeEmbedder({ dimensions: 128 });
  const settings = { provider: embedder, model: 'fake-embed' };
  const store = inMemoryVectorStore({ dimensions: 128 });
  await store.upsert(
    DOCS.map((doc) => ({
      ...doc,
      vector: embedder.vectorOf(doc.text ?? 'zebras gallop quietly'),
    })),
  );
  return { embedder, settings, store };
}

describe('createRetriever', () => {
  it('embeds the query as a query and returns the best chunks with text, best first', async () => {
    const { embedder, settings, store } = await setUp();
    const retriever = createRetriever({ store, embedder: settings, topK: 2 });
    const chunks = await retriever.retrieve('When are refunds paid?');
    expect(chunks[0]).toMatchObject({
      id: 'refunds',
      text: DOCS[0]?.text,
      metadata: DOCS[0]?.metadata,
    });
    expect(chunks).toHaveLength(2);
    expect(chunks.every((chunk) => chunk.id !== 'no-text')).toBe(true);
    expect(embedder.calls.at(-1)).toMatchObject({
      model: 'fake-embed',
      purpose: 'query',
      values: ['When are refunds paid?'],
    });
    expect(chunks[0]?.score).toBeGreaterThan(chunks[1]?.score ?? 1);
  });

  it('ANDs its filter with the call filter, and honours minScore', async () => {
    const { settings, store } = await setUp();
    const retriever = createRetriever({ store, embedder: settings, filter: { topic: 'billing' } });
    const english = await retriever.retrieve('refunds', { filter: { lang: 'en' }, topK: 10 });
    expect(english.map((chunk) => chunk.id).sort()).toEqual(['invoice', 'refunds']);
    const strict = await retriever.retrieve('refunds', { minScore: 0.99 });
    expect(strict).toEqual([]);
  });

  it('lets the store embed when the retriever has no embedder', async () => {
    const embedder = createFakeEmbedder({ dimensions: 32 });
    const store = inMemoryVectorStore({
      dimensions: 32,
      embedder: { provider: embedder, model: 'fake' },
    });
    await store.upsert([
      { id: 'a', text: 'apples are red' },
      { id: 'b', text: 'the sky is blue' },
    ]);
    const [best] = await createRetriever({ store }).retrieve('red apples');
    expect(best?.id).toBe('a');
  });

  it('asks the store for candidates and returns the reranker’s first topK', async () => {
    const { settings, store } = await setUp();
    const seen: number[] = [];
    const retriever = createRetriever({
      store,
      embedder: settings,
      topK: 2,
      rerank: (_query, chunks) => {
        seen.push(chunks.length);
        return [...chunks].reverse().map((chunk): RetrievedChunk => ({ ...chunk, score: 1 }));
      },
    });
    const chunks = await retriever.retrieve('refunds');
    expect(seen).toEqual([4]);
    expect(chunks).toHaveLength(2);
    expect(chunks.every((chunk) => chunk.score === 1)).toBe(true);
  });

  it('stops at an aborted signal', async () => {
    const { settings, store } = await setUp();
    const controller = new AbortController();
    controller.abort();
    await expect(
      createRetriever({ store, embedder: settings }).retrieve('x', { signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
  });

  it.each<[string, () => unknown, string]>([
    ['no store', () => createRetriever({} as never), 'options.store'],
    [
      'topK 0',
      () => createRetriever({ store: inMemoryVectorStore({ dimensions: 2 }), topK: 0 }),
      'options.topK',
    ],
    [
      'a bad filter',
      () =>
        createRetriever({
          store: inMemoryVectorStore({ dimensions: 2 }),
          filter: { a: { $x: 1 } } as never,
        }),
      'options.filter.a.$x',
    ],
    [
      'a bad reranker',
      () => createRetriever({ store: inMemoryVectorStore({ dimensions: 2 }), rerank: 3 as never }),
      'options.rerank',
    ],
  ])('rejects %s', (_label, make, argument) => {
    try {
      make();
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).argument).toBe(argument);
    }
  });

  it('rejects an empty query', async () => {
    const retriever = createRetriever({ store: inMemoryVectorStore({ dimensions: 2 }) });
    await expect(retriever.retrieve(' ')).rejects.toMatchObject({ argument: 'query' });
  });
});
