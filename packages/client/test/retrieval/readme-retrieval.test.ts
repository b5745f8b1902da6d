// The README's "Retrieval" example, with the fake provider and embedder of @aigo/testing in place of
// openai() (the calls are the same).
import { createFakeEmbedder, createFakeProvider } from '@aigo/testing';
import { expect, it } from 'vitest';
import { createClient } from '../../src/client/client.js';
import { createRetriever } from '../../src/retrieval/create-retriever.js';
import { inMemoryVectorStore } from '../../src/retrieval/in-memory-vector-store.js';
import { retrievalMiddleware } from '../../src/retrieval/retrieval-middleware.js';
import { retrievalTool } from '../../src/retrieval/retrieval-tool.js';

it('README: store, retriever, middleware and tool', async () => {
  const provider = createFakeProvider().text('Within 30 days.');
  const embedder = {
    provider: createFakeEmbedder(),
    model: 'text-embedding-3-small',
    dimensions: 256,
  };
  const store = inMemoryVectorStore({ dimensions: 256, embedder });
  await store.upsert([
    { id: 'returns', text: 'Returns are accepted within 30 days.', metadata: { topic: 'returns' } },
    { id: 'hours', text: 'The shop is open from 9 to 18.', metadata: { topic: 'shop' } },
  ]);

  const retriever = createRetriever({ store, embedder, topK: 3 });
  const chunks = await retriever.retrieve('How long can I return things? Returns within days');
  expect(chunks[0]?.id).toBe('returns');

  const client = createClient(provider, {
    defaultModel: 'gpt-4o-mini',
    middleware: [retrievalMiddleware({ retriever, maxTokens: 800 })],
    tools: [retrievalTool({ retriever, description: 'Search the shop handbook.' })],
  });
  await client.sendMessage('Are returns accepted?');
  expect(provider.requests[0]?.systemPrompt).toContain('Returns are accepted within 30 days.');
  expect(provider.requests[0]?.tools?.map((tool) => (tool as { name: string }).name)).toEqual([
    'search_knowledge',
  ]);
});
