import { AbortError, MemoryError, userMessage, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { inMemoryMemoryStore } from './in-memory-memory-store.js';

describe('inMemoryMemoryStore', () => {
  it('hands out memories by id: two objects of one id are one conversation, with its id', async () => {
    const store = inMemoryMemoryStore();
    const first = store.conversation('ada');
    expect(first.conversationId).toBe('ada');
    await first.appendMessage(userMessage('Hello'));
    const again = store.conversation('ada');
    expect(again).not.toBe(first);
    expect(await again.allMessages()).toEqual([userMessage('Hello')]);
    expect(again.size).toBe(1);
    expect(again.snapshot().messages).toEqual([userMessage('Hello')]);
    expect(await store.conversation('bob').allMessages()).toEqual([]);
  });

  it('lists conversations that hold messages, most recently active first, with limit and offset', async () => {
    const store = inMemoryMemoryStore();
    await store.conversation('alice').appendMessage(userMessage('1'));
    await store.conversation('bob').appendMessages([userMessage('2'), userMessage('3')]);
    await store.conversation('carol').appendMessage(userMessage('4'));
    await store.conversation('alice').appendMessage(userMessage('5'));
    await store.conversation('dave').clear();
    const all = await store.listConversations();
    expect(all.map((c) => [c.id, c.messageCount])).toEqual([
      ['alice', 2],
      ['carol', 1],
      ['bob', 2],
    ]);
    expect(all.every((c) => c.createdAt instanceof Date && c.lastActivityAt >= c.createdAt)).toBe(
      true,
    );
    const page = await store.listConversations({ limit: 1, offset: 1 });
    expect(page.map((c) => c.id)).toEqual(['carol']);
    expect(await store.listConversations({ limit: 0 })).toEqual([]);
  });

  it('deletes a conversation (whether it existed); its version never comes back', async () => {
    const store = inMemoryMemoryStore();
    const memory = store.conversation('gone');
    await memory.appendMessage(userMessage('1'));
    const { version } = await memory.readVersioned();
    expect(await store.deleteConversation('gone')).toBe(true);
    expect(await store.deleteConversation('gone')).toBe(false);
    expect(await memory.readVersioned()).toEqual({ messages: [], version: 0 });
    await memory.appendMessage(userMessage('again'));
    expect((await memory.readVersioned()).version).not.toBe(version);
    expect((await store.listConversations()).map((c) => c.id)).toEqual(['gone']);
  });

  it('a failed versioned write on a new conversation leaves nothing behind', async () => {
    const store = inMemoryMemoryStore();
    const memory = store.conversation('new');
    await expect(
      memory.appendMessage(userMessage('x'), { expectedVersion: 5 }),
    ).rejects.toMatchObject({
      code: 'conversation_conflict',
      conversationId: 'new',
      expectedVersion: 5,
      actualVersion: 0,
    });
    expect(await store.listConversations()).toEqual([]);
  });

  it('checks its arguments with ValidationError naming them', async () => {
    const store = inMemoryMemoryStore();
    for (const id of ['', 42, null, undefined]) {
      expect(() => store.conversation(id as string)).toThrow(
        expect.objectContaining({ name: 'ValidationError', argument: 'conversationId' }),
      );
    }
    await expect(store.listConversations({ limit: -1 })).rejects.toMatchObject({
      argument: 'limit',
    });
    await expect(store.listConversations({ offset: 0.5 })).rejects.toMatchObject({
      argument: 'offset',
    });
    await expect(store.listConversations(null as never)).rejects.toSatisfy((error) =>
      ValidationError.isInstance(error),
    );
    await expect(store.deleteConversation('')).rejects.toMatchObject({
      argument: 'conversationId',
    });
    await expect(store.conversation('a').acquireTurn(null as never)).rejects.toMatchObject({
      argument: 'options',
    });
  });

  it('an aborted signal rejects with AbortError; after close() every call rejects with MemoryError', async () => {
    const store = inMemoryMemoryStore();
    const memory = store.conversation('c');
    const signal = AbortSignal.abort();
    await expect(store.listConversations({ signal })).rejects.toSatisfy((e) =>
      AbortError.isInstance(e),
    );
    await expect(store.deleteConversation('c', { signal })).rejects.toSatisfy((e) =>
      AbortError.isInstance(e),
    );
    await expect(store.ready({ signal })).rejects.toSatisfy((e) => AbortError.isInstance(e));
    await store.ready();
    await store.close();
    await store.close();
    for (const call of [
      () => memory.allMessages(),
      () => memory.appendMessage(userMessage('late')),
      () => memory.clear(),
      () => store.listConversations(),
      () => store.deleteConversation('c'),
      () => store.ready(),
    ]) {
      await expect(call()).rejects.toSatisfy(
        (e) => MemoryError.isInstance(e) && /memory store is closed/.test((e as Error).message),
      );
    }
  });
});
