// The README's examples, as written there, with the fake embedder and provider of @aigo/testing in
// place of openai() and anthropic() (the calls are the same).
import type { ChatRequest, Reranker } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeEmbedder, createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { retrievalCorpus } from '../src/corpus/index.js';
import {
  chunkMarkdown,
  createRetriever,
  hybridRetriever,
  ingest,
  inMemoryLexicalIndex,
  inMemoryVectorStore,
  modelContext,
  mrr,
  ndcg,
  recallAtK,
  rerank,
  retrievalMiddleware,
  retrievalTool,
  type SourceDocument,
} from '../src/index.js';

const documents: SourceDocument[] = [
  {
    id: 'returns',
    title: 'Shop handbook',
    source: 'handbook/returns.md',
    text: '# Returns\n\nReturns are accepted within 30 days of delivery.\n\n## Refunds\n\nRefunds reach your card within 5 working days.',
  },
  {
    id: 'shipping',
    title: 'Shop handbook',
    text: '# Shipping\n\nOrders ship within 2 working days.',
  },
];

function setUp() {
  const embedder = {
    provider: createFakeEmbedder(),
    model: 'text-embedding-3-small',
    dimensions: 512,
  };
  const store = inMemoryVectorStore({ dimensions: 512 });
  return { embedder, store };
}

describe('README examples', () => {
  it('ingests twice (the second time embedding nothing) and retrieves a chunk with its context', async () => {
    const { embedder, store } = setUp();
    const options = {
      chunker: (document: SourceDocument) => chunkMarkdown(document, { maxTokens: 20 }),
      embedder,
      store,
    };
    const summary = await ingest(documents, options);
    expect([summary.written, summary.chunks]).toEqual([2, 3]);
    const again = await ingest(documents, options);
    expect([again.unchanged, again.chunks]).toEqual([2, 0]);

    const retriever = createRetriever({ store, embedder, topK: 3 });
    const [best] = await retriever.retrieve('How long do refunds take?');
    expect(best?.text).toBe('## Refunds\n\nRefunds reach your card within 5 working days.');
    expect(best?.context).toBe('Shop handbook > Returns > Refunds');
    expect(best?.document).toEqual({
      id: 'returns',
      title: 'Shop handbook',
      source: 'handbook/returns.md',
    });
  });

  it('enriches with a model, the usage reported per document', async () => {
    const { embedder, store } = setUp();
    const provider = createFakeProvider().default({
      content: 'Part of the shop handbook on returns.',
      usage: { promptTokens: 40, completionTokens: 8, totalTokens: 48 },
    });
    const enricher = modelContext({
      client: createClient(provider, { defaultModel: 'claude-haiku-4-5' }),
      maxTokens: 80,
    });
    const chunker = (document: SourceDocument) => chunkMarkdown(document, { maxTokens: 20 });
    const summary = await ingest(documents, { chunker, enricher, embedder, store });
    expect(summary.reports[0]?.enrichment?.usage.totalTokens).toBe(96);
    expect(summary.reports[1]?.enrichment?.usage.totalTokens).toBe(48);
    expect(summary.enrichmentUsage?.totalTokens).toBe(144);
    expect(provider.callCount).toBe(3);
  });

  it('puts the retriever behind a middleware and a tool', async () => {
    const { embedder, store } = setUp();
    await ingest(documents, {
      chunker: (document) => chunkMarkdown(document, { maxTokens: 20 }),
      embedder,
      store,
    });
    const provider = createFakeProvider().text('Within 5 working days.');
    const retriever = createRetriever({ store, embedder, topK: 3 });
    const client = createClient(provider, {
      defaultModel: 'gpt-4o-mini',
      middleware: [retrievalMiddleware({ retriever, maxTokens: 800 })],
      tools: [retrievalTool({ retriever, description: 'Search the shop handbook.' })],
    });
    await client.sendMessage('How long do refunds take?');
    const request = provider.requests[0] as ChatRequest;
    expect(request.systemPrompt).toContain(
      '[1] (Shop handbook > Returns > Refunds) ## Refunds\n\nRefunds reach your card within 5 working days.',
    );
    expect(request.tools?.map((tool) => (tool as { name: string }).name)).toEqual([
      'search_knowledge',
    ]);
  });

  it('retrieves with both indexes, fused, an error code found by keyword', async () => {
    const { embedder, store } = setUp();
    const lexical = inMemoryLexicalIndex();
    const handbook: SourceDocument[] = [
      ...documents,
      {
        id: 'errors',
        title: 'Error codes',
        text: '# Error codes\n\nE1042 means the battery is too cold to charge.',
      },
    ];
    const chunker = (document: SourceDocument) => chunkMarkdown(document, { maxTokens: 20 });
    await ingest(handbook, { chunker, embedder, store, lexical });
    const retriever = hybridRetriever({ lexical, semantic: store, embedder, k: 5 });
    const [best] = await retriever.retrieve('What does error E1042 mean?');
    expect(best?.document?.id).toBe('errors');
    expect(best?.scores).toEqual({
      semantic: expect.any(Number),
      lexical: expect.any(Number),
      fused: best?.score,
    });
  });

  it('reranks a retriever’s candidates and measures retrieval on the corpus', async () => {
    const { embedder, store } = setUp();
    const lexical = inMemoryLexicalIndex();
    const { documents: corpusDocuments, chunkOptions, questions } = retrievalCorpus();
    await ingest(corpusDocuments, {
      chunker: (d) => chunkMarkdown(d, chunkOptions),
      embedder,
      store,
      lexical,
    });
    // A reranker of the same shape as cohereReranker(): it keeps the first-stage order here.
    const reranker: Reranker = (_query, chunks) =>
      chunks.map((chunk, index) => ({ ...chunk, score: 1 / (index + 1) }));
    const retriever = hybridRetriever({
      lexical,
      semantic: store,
      embedder,
      rerank: { reranker, candidates: 50, topN: 5 },
    });
    const runs = await Promise.all(
      questions.map(async ({ question, relevant }) => ({
        retrieved: (await retriever.retrieve(question, { topK: 5 })).map((chunk) => chunk.id),
        relevant,
      })),
    );
    for (const figure of [recallAtK(runs, 5), mrr(runs), ndcg(runs, 5)]) {
      expect(figure).toBeGreaterThan(0);
      expect(figure).toBeLessThanOrEqual(1);
    }
    const best = await rerank('How long do refunds take?', await retriever.retrieve('refunds'), {
      reranker,
      topN: 2,
    });
    expect(best).toHaveLength(2);
    expect(best[0]?.stage).toBe('rerank');
  });
});
