import { checkFusion, fuseRankings, type Reranker, ValidationError } from '@aigo/ai';
import { createFakeEmbedder, createRecordingObserver } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { inMemoryLexicalIndex } from '../lexical/in-memory-lexical-index.js';
import { inMemoryVectorStore } from '../stores/in-memory-vector-store.js';
import { hybridRetriever } from './hybrid-retriever.js';

const TEXTS: [string, string, string][] = [
  [
    'refund-window',
    'billing',
    'Refunds are paid within 14 days of the return reaching our warehouse.',
  ],
  ['refund-card', 'billing', 'A refund goes back to the card you paid with.'],
  ['error-e1042', 'support', 'Error E1042 means the battery pack is too cold to charge.'],
  ['battery-care', 'support', 'Keep the battery pack between 5 and 35 degrees.'],
  ['shipping', 'logistics', 'Shipping inside the EU takes 3 to 5 working days.'],
  ['returns', 'logistics', 'Returns are accepted within 30 days.'],
];

async function setUp() {
  const embedder = createFakeEmbedder({ dimensions: 64 });
  const settings = { provider: embedder, model: 'fake-embed' };
  const semantic = inMemoryVectorStore({ dimensions: 64 });
  const lexical = inMemoryLexicalIndex();
  const records = TEXTS.map(([id, topic, text]) => ({ id, text, metadata: { topic } }));
  await semantic.upsert(
    records.map((record) => ({
      ...record,
      vector: embedder.vectorOf(record.text),
      model: 'fake-embed',
    })),
  );
  await lexical.upsert(records);
  return { embedder, settings, semantic, lexical };
}

describe('hybridRetriever', () => {
  it('fuses both sides as fuseRankings does, each chunk with both scores and the fused one', async () => {
    const { embedder, settings, semantic, lexical } = await setUp();
    for (const fusion of [
      undefined,
      { type: 'weighted', weights: { semantic: 2, lexical: 1 } },
    ] as const) {
      const retriever = hybridRetriever({
        lexical,
        semantic,
        embedder: settings,
        k: 4,
        candidates: 5,
        ...(fusion === undefined ? {} : { fusion }),
      });
      const query = 'battery cold E1042';
      const chunks = await retriever.retrieve(query);
      const expected = fuseRankings(
        await semantic.query(embedder.vectorOf(query), { topK: 5 }),
        await lexical.search(query, { k: 5 }),
        checkFusion(fusion),
        4,
      );
      expect(chunks.map((chunk) => [chunk.id, chunk.score])).toEqual(
        expected.map((entry) => [entry.id, entry.fused]),
      );
      expect(chunks[0]).toMatchObject({
        id: 'error-e1042',
        stage: 'fused',
        metadata: { topic: 'support' },
        scores: {
          semantic: expect.any(Number),
          lexical: expect.any(Number),
          fused: chunks[0]?.score,
        },
      });
    }
  });

  it('still works for a query of stop words only (the semantic side alone)', async () => {
    const { settings, semantic, lexical } = await setUp();
    const retriever = hybridRetriever({ lexical, semantic, embedder: settings, k: 3 });
    const chunks = await retriever.retrieve('the and of');
    expect(chunks).toHaveLength(3);
    expect(chunks.every((chunk) => chunk.scores.lexical === undefined)).toBe(true);
  });

  it('applies the filter on both sides and reranks the fused chunks', async () => {
    const { settings, semantic, lexical } = await setUp();
    const seen: number[] = [];
    const reranker: Reranker = (_query, chunks) => {
      seen.push(chunks.length);
      return [...chunks].reverse().map((chunk, index) => ({ ...chunk, score: 1 / (index + 1) }));
    };
    const retriever = hybridRetriever({
      lexical,
      semantic,
      embedder: settings,
      filter: { topic: { $in: ['billing', 'support'] } },
      rerank: { reranker, candidates: 4, topN: 2 },
    });
    const chunks = await retriever.retrieve('refund battery');
    expect(seen).toEqual([4]);
    expect(chunks).toHaveLength(2);
    expect(chunks.every((chunk) => chunk.stage === 'rerank')).toBe(true);
    expect(chunks.every((chunk) => chunk.scores.fused !== undefined)).toBe(true);
    const only = await retriever.retrieve('refund', { filter: { topic: 'billing' }, topK: 5 });
    expect(only.every((chunk) => chunk.metadata.topic === 'billing')).toBe(true);
  });

  it('records an aigo.retrieval span with its stages, content only when captured', async () => {
    const { settings, semantic, lexical } = await setUp();
    for (const captureContent of [false, true]) {
      const observer = createRecordingObserver({ captureContent });
      const parent = observer.startSpan('tool');
      const reranker: Reranker = (_query, chunks) =>
        chunks.map((chunk) => ({ ...chunk, score: 1 }));
      const retriever = hybridRetriever({
        lexical,
        semantic,
        embedder: settings,
        k: 2,
        observer,
        rerank: { reranker },
      });
      await retriever.retrieve('refund', { span: parent });
      const span = observer.spans.find((recorded) => recorded.name === 'aigo.retrieval');
      expect(span?.parent).toBe(parent);
      expect(span?.attributes).toMatchObject({
        'aigo.retrieval.retriever': 'hybrid',
        'aigo.retrieval.stages': ['embed', 'semantic', 'lexical', 'fuse', 'rerank'],
        'aigo.retrieval.embed.count': 1,
        'aigo.retrieval.lexical.count': 2,
        'aigo.retrieval.fuse.count': 6,
        'aigo.retrieval.rerank.count': 2,
        'aigo.retrieval.results': 2,
      });
      expect(span?.attributes['aigo.retrieval.semantic.duration_ms']).toBeTypeOf('number');
      expect(span?.attributes['aigo.retrieval.query']).toBe(captureContent ? 'refund' : undefined);
      expect(span?.status?.status).toBe('ok');
      expect(span?.ended).toBe(true);
    }
  });

  it('ends its span with the error when a side fails', async () => {
    const { settings, semantic } = await setUp();
    const observer = createRecordingObserver();
    const broken = {
      ...inMemoryLexicalIndex(),
      search: async () => Promise.reject(new Error('down')),
    };
    const retriever = hybridRetriever({ lexical: broken, semantic, embedder: settings, observer });
    await expect(retriever.retrieve('refund')).rejects.toThrow('down');
    expect(observer.spans[0]?.status).toEqual({ status: 'error', message: 'down' });
  });

  it('refuses bad options, naming them', async () => {
    const { settings, semantic, lexical } = await setUp();
    for (const [options, argument] of [
      [{ semantic }, 'options.lexical'],
      [{ lexical }, 'options.semantic'],
      [{ lexical, semantic, k: 0 }, 'options.k'],
      [{ lexical, semantic, k: -2 }, 'options.k'],
      [
        { lexical, semantic, fusion: { type: 'weighted', weights: { semantic: 1, lexical: 0 } } },
        'options.fusion.weights.lexical',
      ],
      [{ lexical, semantic, fusion: { type: 'rrf', k: 0 } }, 'options.fusion.k'],
      [{ lexical, semantic, candidates: 0 }, 'options.candidates'],
      [{ lexical, semantic, observer: {} }, 'options.observer'],
      [{ lexical, semantic, topK: 3 }, 'options.topK'],
    ] as const) {
      expect(() => hybridRetriever(options as never)).toThrow(
        expect.objectContaining({ argument }),
      );
    }
    const retriever = hybridRetriever({ lexical, semantic, embedder: settings });
    await expect(retriever.retrieve('')).rejects.toBeInstanceOf(ValidationError);
    await expect(retriever.retrieve('x', { topK: 0 })).rejects.toMatchObject({
      argument: 'options.topK',
    });
  });
});
