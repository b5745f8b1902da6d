import {
  AbortError,
  assistantMessage,
  type Message,
  toolMessage,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { inMemoryMemory } from './in-memory-memory.js';
import { MEMORY_SNAPSHOT_FORMAT, MEMORY_SNAPSHOT_VERSION } from './memory-snapshot.js';

const conversation: Message[] = [
  userMessage('one'),
  assistantMessage('two'),
  userMessage('three'),
  assistantMessage('four', [
    { id: 'c1', type: 'function', function: { name: 'lookup', arguments: '{}' } },
  ]),
  toolMessage('c1', '{"found":true}', 'lookup'),
  assistantMessage('six'),
];

async function filled() {
  const memory = inMemoryMemory();
  await memory.appendMessages(conversation);
  return memory;
}

describe('inMemoryMemory reads', () => {
  it('returns everything oldest first, and counts limit and offset from the newest', async () => {
    const memory = await filled();
    const text = (messages: Message[]) => messages.map((message) => message.content);
    expect(text(await memory.allMessages())).toEqual([
      'one',
      'two',
      'three',
      'four',
      '{"found":true}',
      'six',
    ]);
    expect(text(await memory.allMessages({ limit: 2 }))).toEqual(['{"found":true}', 'six']);
    expect(text(await memory.allMessages({ limit: 2, offset: 1 }))).toEqual([
      'four',
      '{"found":true}',
    ]);
    expect(text(await memory.allMessages({ offset: 4 }))).toEqual(['one', 'two']);
    expect(text(await memory.allMessages({ limit: 0 }))).toEqual([]);
    expect(text(await memory.allMessages({ limit: 100, offset: 100 }))).toEqual([]);
  });

  it('filters by role before limit and offset', async () => {
    const memory = await filled();
    const users = await memory.allMessages({ roles: ['user'] });
    expect(users.map((message) => message.content)).toEqual(['one', 'three']);
    const lastAssistant = await memory.allMessages({ roles: ['assistant'], limit: 1 });
    expect(lastAssistant.map((message) => message.content)).toEqual(['six']);
  });

  it('hands out frozen copies: callers cannot change the stored history', async () => {
    const memory = inMemoryMemory();
    const message = { role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] };
    await memory.appendMessage(message);
    (message.content[0] as { text: string }).text = 'changed by the caller';
    const [stored] = await memory.allMessages();
    expect(stored).toEqual({ role: 'user', content: [{ type: 'text', text: 'hi' }] });
    expect(Object.isFrozen(stored)).toBe(true);
    expect(Object.isFrozen((stored as Message).content)).toBe(true);
    const list = await memory.allMessages();
    list.pop();
    expect(memory.size).toBe(1);
  });

  it('checks read options', async () => {
    const memory = inMemoryMemory();
    await expect(memory.allMessages({ limit: -1 })).rejects.toMatchObject({ argument: 'limit' });
    await expect(memory.allMessages({ offset: 1.5 })).rejects.toMatchObject({ argument: 'offset' });
    await expect(memory.allMessages({ roles: ['robot' as 'user'] })).rejects.toMatchObject({
      argument: 'roles',
    });
    const controller = new AbortController();
    controller.abort();
    await expect(memory.allMessages({ signal: controller.signal })).rejects.toBeInstanceOf(
      AbortError,
    );
  });
});

describe('inMemoryMemory writes', () => {
  it('appendMessages is atomic: one bad message stores none of the batch', async () => {
    const memory = inMemoryMemory();
    await memory.appendMessage(userMessage('kept'));
    const batch = [
      userMessage('a'),
      { role: 'tool', content: 'no id' } as Message,
      assistantMessage('b'),
    ];
    const failure = memory.appendMessages(batch);
    await expect(failure).rejects.toBeInstanceOf(ValidationError);
    await expect(failure).rejects.toMatchObject({ argument: 'messages[1].toolCallId' });
    expect((await memory.allMessages()).map((message) => message.content)).toEqual(['kept']);
  });

  it('names the bad field of a malformed message', async () => {
    const memory = inMemoryMemory();
    const cases: [unknown, string][] = [
      [null, 'message'],
      [{ role: 'robot', content: 'x' }, 'message.role'],
      [{ role: 'user', content: 42 }, 'message.content'],
      [{ role: 'user', content: [{ type: 'gif', data: 'x' }] }, 'message.content[0].type'],
      [{ role: 'user', content: [{ type: 'image', mimeType: 'image/png' }] }, 'message.content[0]'],
      [{ role: 'user', content: 'x', toolCalls: [] }, 'message.toolCalls'],
      [
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c', type: 'function', function: { name: 'f' } }],
        },
        'message.toolCalls[0].function.arguments',
      ],
      [
        { role: 'assistant', content: 'x', providerMetadata: { p: { f: () => 1 } } },
        'message.providerMetadata.p.f',
      ],
      [{ role: 'assistant', content: 'x', reasoning: 1 }, 'message.reasoning'],
    ];
    for (const [message, argument] of cases) {
      await expect(memory.appendMessage(message as Message)).rejects.toMatchObject({ argument });
    }
    expect(memory.size).toBe(0);
  });

  it('clear empties it, and an aborted write stores nothing', async () => {
    const memory = await filled();
    await memory.clear();
    expect(await memory.allMessages()).toEqual([]);
    const controller = new AbortController();
    controller.abort();
    await expect(
      memory.appendMessages([userMessage('x')], { signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
    expect(memory.size).toBe(0);
  });
});

describe('inMemoryMemory snapshots', () => {
  it('round-trips through JSON into another memory', async () => {
    const memory = await filled();
    const snapshot = memory.snapshot();
    expect(snapshot.format).toBe(MEMORY_SNAPSHOT_FORMAT);
    expect(snapshot.version).toBe(MEMORY_SNAPSHOT_VERSION);
    const restored = inMemoryMemory({ snapshot: JSON.parse(JSON.stringify(snapshot)) });
    expect(await restored.allMessages()).toEqual(conversation);
    // The two memories are independent.
    await restored.appendMessage(userMessage('only in the copy'));
    expect(memory.size).toBe(conversation.length);
    expect(snapshot.messages).toHaveLength(conversation.length);
  });

  it('rejects what is not a snapshot, and versions it does not know, clearly', () => {
    expect(() => inMemoryMemory({ snapshot: '{"format":"aigo.memory"}' })).toThrow(
      /parse stored JSON first/,
    );
    expect(() =>
      inMemoryMemory({ snapshot: { format: 'other', version: 1, messages: [] } }),
    ).toThrow(expect.objectContaining({ argument: 'snapshot.format' }));
    expect(() =>
      inMemoryMemory({ snapshot: { format: 'aigo.memory', version: 2, messages: [] } }),
    ).toThrow(
      'Invalid snapshot.version: 2 is not a memory snapshot version this @aigo/client reads (known: 1); a newer @aigo/client probably wrote it',
    );
    expect(() =>
      inMemoryMemory({
        snapshot: { format: 'aigo.memory', version: 1, messages: [{ role: 'user' }] },
      }),
    ).toThrow(expect.objectContaining({ argument: 'snapshot.messages[0].content' }));
  });
});
