// An agent run whose tool results are far larger than the model's context window completes: over
// @aigo/openai against a model server on 127.0.0.1 that refuses any request over its window.
import { AgentStoppedError, ContextOverflowError, defineTool } from '@aigo/ai';
import { compactToolResults, createClient, inMemoryMemory, slidingWindow } from '@aigo/client';
import { openai } from '@aigo/openai';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { startWindowedModelServer } from '../test/support/windowed-model-server.js';
import { createReAct } from './create-react.js';

const WINDOW = 8_000;
/** About 50,000 tokens: six windows. */
const PAGE = 'The page says many things. '.repeat(7_500);

const fetchPage = defineTool({
  name: 'fetch_page',
  description: 'Fetches a page',
  input: Type.Object({ page: Type.Number() }),
  execute: ({ page }) => `page ${page}: ${PAGE}`,
});

function clientFor(url: string) {
  return createClient(
    openai({
      baseURL: `${url}/v1`,
      apiKey: 'sk-offline-0000',
      api: 'chat',
      modelLimits: { 'offline-model': { contextWindow: WINDOW, maxOutputTokens: 1_000 } },
    }),
    { env: {}, defaultModel: 'offline-model', tools: [fetchPage], maxRetries: 0 },
  );
}

describe('ReAct with a context policy', () => {
  it('completes a run whose tool results are six times the window', async () => {
    await using server = await startWindowedModelServer(WINDOW, 3, 'All three pages read.');
    const memory = inMemoryMemory();
    const agent = createReAct(clientFor(server.url), {
      context: {
        strategies: [compactToolResults({ maxTokens: 1_000, headTokens: 300 }), slidingWindow()],
      },
    });
    const result = await agent.execute('Read pages 1 to 3.', { memory });
    expect(result.data).toBe('All three pages read.');
    expect(result.toolCallStats).toEqual({ fetch_page: 3 });
    // Every request fitted the window and kept each call with its result.
    expect(server.seen).toHaveLength(4);
    for (const request of server.seen) {
      expect(request.overflowed).toBe(false);
      expect(request.tokens).toBeLessThanOrEqual(WINDOW);
      expect(request.problems).toEqual([]);
    }
    // The run's memory holds every page whole: only the requests were compacted.
    const stored = await memory.allMessages();
    const results = stored.filter((message) => message.role === 'tool');
    expect(results).toHaveLength(3);
    for (const message of results)
      expect((message.content as string).length).toBeGreaterThan(PAGE.length);
  });

  it('without one, the first oversized request fails the run with ContextOverflowError', async () => {
    await using server = await startWindowedModelServer(WINDOW, 3, 'never');
    const agent = createReAct(clientFor(server.url));
    const error = await agent
      .execute('Read pages 1 to 3.', { memory: inMemoryMemory() })
      .catch((e: unknown) => e);
    expect(AgentStoppedError.isInstance(error)).toBe(true);
    expect(ContextOverflowError.isInstance((error as AgentStoppedError).cause)).toBe(true);
  });

  it('names a bad context option', () => {
    const client = createClient(openai({ apiKey: 'sk-offline-0000' }), { env: {} });
    expect(() => createReAct(client, { context: { maxTokens: -5 } })).toThrow(/context\.maxTokens/);
  });
});
