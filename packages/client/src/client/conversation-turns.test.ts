// Turns on one conversation: serialised by the memory's store (any number of memory objects and
// clients), stored against the version they were built on, conflicts surfaced or re-run.
import {
  AbortError,
  ConversationConflictError,
  MemoryError,
  type MemoryProvider,
  type MemoryWriteOptions,
  type Message,
  messageText,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import {
  createFakeProvider,
  createRecordingObserver,
  deferred,
  type FakeProvider,
} from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import { inMemoryMemoryStore } from '../memory/in-memory-memory-store.js';
import { createClient } from './client.js';

/** A scripted model that answers with the number of messages it was sent. */
function countingModel(): FakeProvider {
  return createFakeProvider().onRequest((request) => ({
    content: String(request.messages.length),
  }));
}

/** Each stored reply must equal the number of messages before it: built on the full history. */
function expectEveryTurnOnFullHistory(messages: readonly Message[]): void {
  messages.forEach((message, index) => {
    if (message.role === 'assistant')
      expect(messageText(message), `reply at ${index}`).toBe(String(index));
  });
}

describe('turns on one conversation id', () => {
  it('two clients over one inMemoryMemoryStore, 20 concurrent turns on one id: each built on the full history before it', async () => {
    const store = inMemoryMemoryStore();
    const provider = countingModel();
    const clients = [
      createClient(provider, { defaultModel: 'm' }),
      createClient(provider, { defaultModel: 'm' }),
    ];
    await Promise.all(
      Array.from({ length: 20 }, (_, turn) =>
        (clients[turn % 2] as (typeof clients)[0]).sendMessage(`turn ${turn}`, {
          // A new memory object per request, as a web server makes them.
          memory: store.conversation('shared'),
        }),
      ),
    );
    const stored = await store.conversation('shared').allMessages();
    expect(stored).toHaveLength(40);
    expectEveryTurnOnFullHistory(stored);
    expect(new Set(stored.filter((m) => m.role === 'user').map(messageText)).size).toBe(20);
  });

  it('streamed and sent turns of several clients on one id wait for each other', async () => {
    const store = inMemoryMemoryStore();
    const provider = countingModel();
    const streaming = createClient(provider, { defaultModel: 'm' });
    const sending = createClient(provider, { defaultModel: 'm' });
    const stream = await streaming.streamMessage('first', { memory: store.conversation('s') });
    const second = sending.sendMessage('second', { memory: store.conversation('s') });
    // Let the second call go as far as it can (an event-loop turn): it waits for the stream's turn.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(provider.callCount).toBe(1);
    expect((await stream.collect()).content).toBe('1');
    expect((await second).content).toBe('3');
    expectEveryTurnOnFullHistory(await store.conversation('s').allMessages());
  });

  it('a call aborted while waiting for the conversation gives up its place', async () => {
    const store = inMemoryMemoryStore();
    const gate = deferred();
    const provider = createFakeProvider().onRequest(async (request) => {
      if (request.messages.length === 1) await gate.promise;
      return { content: String(request.messages.length) };
    });
    const client = createClient(provider, { defaultModel: 'm' });
    const first = client.sendMessage('first', { memory: store.conversation('a') });
    const controller = new AbortController();
    const waiting = client.sendMessage('aborted', {
      memory: store.conversation('a'),
      signal: controller.signal,
    });
    const third = client.sendMessage('third', { memory: store.conversation('a') });
    controller.abort();
    await expect(waiting).rejects.toSatisfy((error) => AbortError.isInstance(error));
    gate.resolve();
    await first;
    expect((await third).content).toBe('3');
    expect((await store.conversation('a').allMessages()).map(messageText)).toEqual([
      'first',
      '1',
      'third',
      '3',
    ]);
  });
});

/** A model that, on the calls listed, stores a message on the conversation behind the turn's back. */
function interferingModel(
  memory: () => MemoryProvider,
  interfereOnCalls: ReadonlySet<number>,
): FakeProvider {
  return createFakeProvider().onRequest(async (request, call) => {
    if (interfereOnCalls.has(call)) await memory().appendMessage(userMessage(`other ${call}`));
    return { content: String(request.messages.length) };
  });
}

describe('conversation conflicts', () => {
  it('by default, a turn whose conversation changed meanwhile rejects with ConversationConflictError and stores nothing', async () => {
    const store = inMemoryMemoryStore();
    const memory = store.conversation('c');
    await memory.appendMessage(userMessage('before'));
    const provider = interferingModel(() => store.conversation('c'), new Set([0]));
    const client = createClient(provider, { defaultModel: 'm', memory });
    const overview = client.createOverview();
    const error = await client.sendMessage('mine', { overview }).catch((e: unknown) => e);
    expect(ConversationConflictError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ conversationId: 'c', code: 'conversation_conflict' });
    expect((await memory.allMessages()).map(messageText)).toEqual(['before', 'other 0']);
    // The model call happened and is accounted for.
    expect(overview.requests).toHaveLength(1);
  });

  it("onConflict: 'retry' re-runs a non-streaming turn on the new history, and stores it once", async () => {
    const store = inMemoryMemoryStore();
    const provider = interferingModel(() => store.conversation('c'), new Set([0]));
    const client = createClient(provider, { defaultModel: 'm', onConflict: 'retry' });
    const overview = client.createOverview();
    const answer = await client.sendMessage('mine', { memory: store.conversation('c'), overview });
    expect(answer.content).toBe('2');
    expect(provider.callCount).toBe(2);
    expect(provider.requests[1]?.messages.map(messageText)).toEqual(['other 0', 'mine']);
    expect((await store.conversation('c').allMessages()).map(messageText)).toEqual([
      'other 0',
      'mine',
      '2',
    ]);
    expect(overview.requests).toHaveLength(2);
  });

  it("the call's onConflict overrides the client's, both ways", async () => {
    const store = inMemoryMemoryStore();
    const provider = interferingModel(() => store.conversation('c'), new Set([0, 1]));
    const failing = createClient(provider, { defaultModel: 'm' });
    expect(
      (await failing.sendMessage('a', { memory: store.conversation('c'), onConflict: 'retry' }))
        .content,
    ).toBe('3');
    const retrying = createClient(provider, { defaultModel: 'm', onConflict: 'retry' });
    provider.onRequest(async (request, call) => {
      await store.conversation('c').appendMessage(userMessage(`other ${call}`));
      return { content: String(request.messages.length) };
    });
    await expect(
      retrying.sendMessage('b', { memory: store.conversation('c'), onConflict: 'fail' }),
    ).rejects.toSatisfy((error) => ConversationConflictError.isInstance(error));
  });

  it('gives up after maxConflictRetries re-runs with the last ConversationConflictError', async () => {
    const store = inMemoryMemoryStore();
    const provider = interferingModel(() => store.conversation('c'), new Set([0, 1, 2, 3]));
    const client = createClient(provider, {
      defaultModel: 'm',
      onConflict: 'retry',
      maxConflictRetries: 2,
    });
    const error = await client
      .sendMessage('mine', { memory: store.conversation('c') })
      .catch((e: unknown) => e);
    expect(ConversationConflictError.isInstance(error)).toBe(true);
    expect(provider.callCount).toBe(3);
    expect((await store.conversation('c').allMessages()).map(messageText)).toEqual([
      'other 0',
      'other 1',
      'other 2',
    ]);
  });

  it("a streamed turn is never re-run: collect() rejects with the conflict, even with onConflict: 'retry'", async () => {
    const store = inMemoryMemoryStore();
    const provider = interferingModel(() => store.conversation('c'), new Set([0]));
    const client = createClient(provider, { defaultModel: 'm', onConflict: 'retry' });
    const stream = await client.streamMessage('mine', { memory: store.conversation('c') });
    const text: string[] = [];
    for await (const event of stream) if (event.type === 'content') text.push(event.text);
    expect(text.join('')).toBe('1');
    await expect(stream.collect()).rejects.toSatisfy((error) =>
      ConversationConflictError.isInstance(error),
    );
    expect(provider.callCount).toBe(1);
    expect((await store.conversation('c').allMessages()).map(messageText)).toEqual(['other 0']);
    await expect(
      client.streamMessage('again', { memory: store.conversation('c'), onConflict: 'retry' }),
    ).rejects.toMatchObject({ name: 'ValidationError', argument: 'onConflict' });
  });

  it('rejects bad onConflict and maxConflictRetries values, naming them', async () => {
    const provider = createFakeProvider();
    expect(() => createClient(provider, { onConflict: 'sometimes' as never })).toThrow(
      expect.objectContaining({ argument: 'onConflict' }),
    );
    for (const value of [0, 1.5, 101, '3']) {
      expect(() => createClient(provider, { maxConflictRetries: value as never })).toThrow(
        expect.objectContaining({ argument: 'maxConflictRetries' }),
      );
    }
    await expect(
      createClient(provider).sendMessage('x', { onConflict: true as never }),
    ).rejects.toSatisfy(
      (error) => ValidationError.isInstance(error) && error.argument === 'onConflict',
    );
  });
});

describe('memories without the optional capabilities', () => {
  /** A third-party memory of before the capabilities: records how it was called. */
  function plainMemory() {
    const messages: Message[] = [];
    const writes: unknown[][] = [];
    const memory: MemoryProvider = {
      async appendMessages(batch: readonly Message[], ...rest: [MemoryWriteOptions?]) {
        writes.push(rest);
        messages.push(...batch);
      },
      async appendMessage(message: Message) {
        messages.push(message);
      },
      async allMessages() {
        return messages.slice();
      },
      async clear() {
        messages.length = 0;
      },
    };
    return { memory, writes, messages };
  }

  it('keep the old behaviour: appendMessages(messages) with no options, turns serialised per memory object by the client', async () => {
    const { memory, writes, messages } = plainMemory();
    const provider = countingModel();
    const client = createClient(provider, { defaultModel: 'm', memory });
    await Promise.all([client.sendMessage('a'), client.sendMessage('b'), client.sendMessage('c')]);
    expect(writes).toEqual([[], [], []]);
    expectEveryTurnOnFullHistory(messages);
  });

  it('a memory whose capabilities misbehave fails the call with MemoryError saying what to fix', async () => {
    const { memory } = plainMemory();
    const client = createClient(countingModel(), { defaultModel: 'm' });
    const badLock = { ...memory, acquireTurn: async () => 'not a function' } as never;
    await expect(client.sendMessage('x', { memory: badLock })).rejects.toSatisfy(
      (error) =>
        MemoryError.isInstance(error) && /acquireTurn\(\) did not resolve/.test(error.message),
    );
    const badRead = { ...memory, readVersioned: async () => ({ messages: [] }) } as never;
    await expect(client.sendMessage('x', { memory: badRead })).rejects.toSatisfy(
      (error) =>
        MemoryError.isInstance(error) && /readVersioned\(\) did not return/.test(error.message),
    );
    const throwingLock = {
      ...memory,
      acquireTurn: () => {
        throw new Error('boom');
      },
    } as never;
    await expect(client.sendMessage('x', { memory: throwingLock })).rejects.toSatisfy(
      (error) => MemoryError.isInstance(error) && /boom/.test(error.message),
    );
  });
});

describe('gen_ai.conversation.id', () => {
  it('is on the chat span when the memory has a conversationId, and absent when it has none', async () => {
    const observer = createRecordingObserver();
    const store = inMemoryMemoryStore();
    const client = createClient(createFakeProvider().default('ok'), {
      defaultModel: 'm',
      observer,
    });
    await client.sendMessage('hi', { memory: store.conversation('user-42') });
    const stream = await client.streamMessage('hi', { memory: store.conversation('user-42') });
    await stream.collect();
    await client.sendMessage('hi', { memory: inMemoryMemory() });
    await client.sendMessage('hi');
    expect(observer.spans.map((span) => span.attributes['gen_ai.conversation.id'])).toEqual([
      'user-42',
      'user-42',
      undefined,
      undefined,
    ]);
  });
});
