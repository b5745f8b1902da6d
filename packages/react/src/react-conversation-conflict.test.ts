// A ReAct iteration is never re-run on a conversation conflict, whatever the client's onConflict:
// its tools have run (and a streamed run's tokens were delivered); the run stops with the error.
import { AgentStoppedError, ConversationConflictError, messageText, userMessage } from '@aigo/ai';
import { createClient, inMemoryMemoryStore } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { calculator } from '../test/support/helpers.js';
import { createReAct } from './create-react.js';

/**
 * A model that calls the calculator first; on its second call another writer stores a message on the
 * conversation before it answers.
 */
function setup() {
  const store = inMemoryMemoryStore();
  const provider = createFakeProvider().onRequest(async (_request, call) => {
    if (call === 0) {
      return {
        toolCalls: [
          {
            id: 'call_1',
            type: 'function' as const,
            function: { name: 'calculator', arguments: '{"a":2,"op":"+","b":2}' },
          },
        ],
      };
    }
    await store.conversation('c').appendMessage(userMessage('meanwhile, elsewhere'));
    return { content: 'The answer is 4.' };
  });
  const client = createClient(provider, {
    env: {},
    defaultModel: 'test-model',
    tools: [calculator],
    onConflict: 'retry',
  });
  return { store, provider, agent: createReAct(client) };
}

describe('a conversation conflict inside a ReAct run', () => {
  it('stops execute() with the ConversationConflictError as cause, without re-running the iteration', async () => {
    const { store, provider, agent } = setup();
    const error = await agent
      .execute('What is 2 + 2?', { memory: store.conversation('c') })
      .catch((caught: unknown) => caught);
    expect(AgentStoppedError.isInstance(error)).toBe(true);
    expect((error as AgentStoppedError).stopReason).toBe('error');
    expect(ConversationConflictError.isInstance((error as Error).cause)).toBe(true);
    expect(provider.callCount).toBe(2);
    // The first iteration's turn is stored; the second's is not.
    const stored = await store.conversation('c').allMessages();
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messageText(stored[2] as never)).toBe('meanwhile, elsewhere');
  });

  it('stops a streamed run the same way', async () => {
    const { store, provider, agent } = setup();
    const error = await agent
      .executeStream('What is 2 + 2?', { memory: store.conversation('c') })
      .collect()
      .catch((caught: unknown) => caught);
    expect(AgentStoppedError.isInstance(error)).toBe(true);
    expect(ConversationConflictError.isInstance((error as Error).cause)).toBe(true);
    expect(provider.callCount).toBe(2);
  });
});
