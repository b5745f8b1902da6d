import { AbortError, parseToolErrorEnvelope, type Retriever, ValidationError } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeEmbedder, createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { inMemoryVectorStore } from '../stores/in-memory-vector-store.js';
import { createRetriever } from './create-retriever.js';
import { retrievalTool } from './retrieval-tool.js';

async function knowledge(): Promise<Retriever> {
  const embedder = createFakeEmbedder({ dimensions: 128 });
  const store = inMemoryVectorStore({
    dimensions: 128,
    embedder: { provider: embedder, model: 'fake' },
  });
  await store.upsert([
    { id: 'opening', text: 'The shop opens at 9 and closes at 18.' },
    { id: 'returns', text: 'Returns are accepted within 30 days.' },
  ]);
  return createRetriever({ store });
}

describe('retrievalTool', () => {
  it('describes itself to the model and returns the results as JSON', async () => {
    const tool = retrievalTool({
      retriever: await knowledge(),
      description: 'Search the shop handbook.',
      topK: 1,
    });
    expect(tool.name).toBe('search_knowledge');
    expect(tool.description.parameters).toMatchObject({ required: ['query'] });
    const output = JSON.parse(await tool.call('{"query":"when does the shop open"}')) as {
      results: { id: string }[];
    };
    expect(output.results.map((result) => result.id)).toEqual(['opening']);
  });

  it('runs inside a client tool loop', async () => {
    const provider = createFakeProvider()
      .toolCall('search_knowledge', { query: 'returns within days' })
      .text('Returns are accepted within 30 days.');
    const client = createClient(provider, {
      defaultModel: 'm',
      tools: [retrievalTool({ retriever: await knowledge() })],
    });
    const response = await client.sendMessage('How long do I have to return an item?');
    const calls = await client.executeToolCalls(response.toolCalls ?? []);
    const results = JSON.parse(calls[0]?.content as string) as { results: { id: string }[] };
    expect(results.results[0]?.id).toBe('returns');
  });

  it('answers bad arguments and failed searches with envelopes the model can read', async () => {
    const failing: Retriever = {
      retrieve: async () => {
        throw new Error('store unreachable');
      },
    };
    const tool = retrievalTool({ retriever: failing });
    expect(parseToolErrorEnvelope(await tool.call('not json'))?.error.code).toBe('invalid_json');
    expect(parseToolErrorEnvelope(await tool.call('{"query":""}'))?.error.code).toBe(
      'invalid_arguments',
    );
    expect(parseToolErrorEnvelope(await tool.call('{"query":"x","topK":50}'))?.error.code).toBe(
      'invalid_arguments',
    );
    const failed = parseToolErrorEnvelope(await tool.call('{"query":"x"}'));
    expect(failed?.error).toEqual({
      code: 'tool_execution_failed',
      message: 'The search failed: store unreachable',
    });
  });

  it('rejects with AbortError when the run is cancelled', async () => {
    const tool = retrievalTool({ retriever: await knowledge() });
    const controller = new AbortController();
    controller.abort();
    await expect(tool.call('{"query":"x"}', { signal: controller.signal })).rejects.toBeInstanceOf(
      AbortError,
    );
  });

  it('rejects bad options', () => {
    expect(() => retrievalTool({} as never)).toThrow(ValidationError);
    expect(() => retrievalTool({ retriever: { retrieve: async () => [] }, name: 'a b' })).toThrow(
      'options.name',
    );
    expect(() => retrievalTool({ retriever: { retrieve: async () => [] }, topK: 21 })).toThrow(
      'options.topK',
    );
  });
});
