// A context overflow over Gemini, against a recorded server on 127.0.0.1: the recorded "input token
// count exceeds the maximum" answer becomes a ContextOverflowError, and a client with a context
// policy fits the request again and sends it once more, smaller.
import { fileURLToPath } from 'node:url';
import { assistantMessage, ContextOverflowError, type Message, userMessage } from '@aigo/ai';
import { createClient, inMemoryMemory } from '@aigo/client';
import { fixturePath, fixtureRoute } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { GENERATE_PATH, STREAM_PATH, startGeminiRig } from './support/test-gemini-server.js';

const OVERFLOW = fileURLToPath(
  new URL('fixtures/context/error-400-input-token-count-exceeded.json', import.meta.url),
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
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: OVERFLOW, status: 400 }),
      fixtureRoute({ path: STREAM_PATH, fixture: OVERFLOW, status: 400 }),
    ]);
    const request = { model: 'gemini-2.5-pro', messages: [userMessage('q')] };
    const sent = await rig.provider.sendMessage(request).catch((error: unknown) => error);
    expect(ContextOverflowError.isInstance(sent)).toBe(true);
    expect(sent).toMatchObject({ code: 'context_overflow', status: 400, provider: 'gemini' });
    const streamed = await rig.provider.streamMessage(request).catch((error: unknown) => error);
    expect(ContextOverflowError.isInstance(streamed)).toBe(true);
  });

  it.each(['send', 'stream'] as const)(
    'a client with a context policy fits the request again and sends it once more (%s)',
    async (how) => {
      const path = how === 'send' ? GENERATE_PATH : STREAM_PATH;
      await using rig = await startGeminiRig([
        fixtureRoute({ path, fixture: OVERFLOW, status: 400, times: 1 }),
        fixtureRoute({
          path,
          fixture: fixturePath(
            how === 'send' ? 'gemini/text-thought-signature.json' : 'gemini/stream-text.sse',
          ),
        }),
      ]);
      const memory = inMemoryMemory();
      await memory.appendMessages(conversation(20));
      const client = createClient(rig.provider, {
        env: {},
        defaultModel: 'gemini-2.5-pro',
        memory,
        maxRetries: 0,
        context: { maxTokens: 100_000 },
      });
      const answer =
        how === 'send'
          ? await client.sendMessage('q')
          : await (await client.streamMessage('q')).collect();
      expect(answer.content.length).toBeGreaterThan(0);
      const [first, second] = rig.server.requests.map(
        (one) => (one.body as { contents: unknown[] }).contents,
      );
      expect(first).toHaveLength(41);
      expect(second?.length).toBeLessThan(41);
      expect(memory.size).toBe(42);
    },
  );
});
