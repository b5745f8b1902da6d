// A context overflow over OpenAI, against a recorded server on 127.0.0.1: the recorded
// `context_length_exceeded` answer becomes a ContextOverflowError, and a client with a context
// policy fits the request again and sends it once more, smaller.
import { fileURLToPath } from 'node:url';
import { assistantMessage, ContextOverflowError, type Message, userMessage } from '@aigo/ai';
import { createClient, inMemoryMemory } from '@aigo/client';
import { fixturePath, fixtureRoute } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_PATH, createHarness } from './support/harness.js';

const harness = createHarness();
afterEach(() => harness.closeAll());

const OVERFLOW = fileURLToPath(
  new URL('fixtures/context/error-400-context-length-exceeded.json', import.meta.url),
);

function conversation(turns: number): Message[] {
  const messages: Message[] = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push(userMessage(`question ${turn}: ${'word '.repeat(80)}`));
    messages.push(assistantMessage(`answer ${turn}: ${'word '.repeat(80)}`));
  }
  return messages;
}

describe('context overflow (recorded answer)', () => {
  it('is a ContextOverflowError, sent or streamed', async () => {
    const server = await harness.serve(
      fixtureRoute({ path: CHAT_PATH, fixture: OVERFLOW, status: 400 }),
    );
    const provider = harness.provider(server, { api: 'chat' });
    const request = { model: 'gpt-3.5-turbo', messages: [userMessage('q')] };
    const sent = await provider.sendMessage(request).catch((error: unknown) => error);
    expect(ContextOverflowError.isInstance(sent)).toBe(true);
    expect(sent).toMatchObject({
      code: 'context_overflow',
      status: 400,
      providerCode: 'context_length_exceeded',
    });
    const streamed = await provider.streamMessage(request).catch((error: unknown) => error);
    expect(ContextOverflowError.isInstance(streamed)).toBe(true);
  });

  it.each(['send', 'stream'] as const)(
    'a client with a context policy fits the request again and sends it once more (%s)',
    async (how) => {
      const server = await harness.serve(
        fixtureRoute({ path: CHAT_PATH, fixture: OVERFLOW, status: 400, times: 1 }),
        fixtureRoute({
          path: CHAT_PATH,
          fixture: fixturePath(
            how === 'send' ? 'openai-chat/text.json' : 'openai-chat/stream-text-with-usage.sse',
          ),
        }),
      );
      const memory = inMemoryMemory();
      await memory.appendMessages(conversation(20));
      const client = createClient(harness.provider(server, { api: 'chat' }), {
        env: {},
        defaultModel: 'gpt-3.5-turbo',
        memory,
        maxRetries: 0,
        context: { maxTokens: 100_000 },
      });
      const answer =
        how === 'send'
          ? await client.sendMessage('q')
          : await (await client.streamMessage('q')).collect();
      expect(answer.content.length).toBeGreaterThan(0);
      const [first, second] = server.requests.map(
        (one) => (one.body as { messages: unknown[] }).messages,
      );
      expect(first).toHaveLength(41);
      expect(second?.length).toBeLessThan(41);
      expect(memory.size).toBe(42);
    },
  );
});
