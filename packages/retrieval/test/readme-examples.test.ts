// The README's examples, as written there, with the fake embedder and provider of @aigo/testing in
// place of openai() and anthropic() (the calls are the same).
import type { ChatRequest } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeEmbedder, createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import {
  chunkMarkdown,
  createRetriever,
  ingest,
  inMemoryVectorStore,
  modelContext,
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
});
