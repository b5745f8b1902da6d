// Hostile conversation ids and contents: stored and read back exactly, or rejected with a clear
// ValidationError before any SQL runs.
import { type Message, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { adminPool, database, testStore } from '../test/support/test-database.js';

const HOSTILE_IDS = [
  "o'brien",
  "'; DROP TABLE aigo_messages; --",
  '"; DROP SCHEMA public CASCADE; --',
  'back\\slash and $1 and %s and ? placeholders',
  'emoji 😀👍🏽🇫🇷 and ZWJ 👩‍👩‍👧',
  'tab\tnew\nline\rcarriage',
  '\uE000 private use',
  ' ',
];

const ONE_MEGABYTE = 'x'.repeat(1024 * 1024 - 3).concat('😀!');

const HOSTILE_CONTENTS: ReadonlyArray<readonly [string, string]> = [
  ['quotes', `single ' double " back \` and '' doubled`],
  ['SQL', "'); DROP TABLE aigo_messages; -- and ' OR '1'='1"],
  ['NUL bytes', 'before\u0000after\u0000\u0000end'],
  ['only NUL', '\u0000'],
  ['the escape character with NUL', '\uE000\u0000\uE000u0000\uE0000'],
  ['a text that looks like an escape', '\\u0000 is not NUL, nor is \\ud800'],
  ['lone surrogates', 'high \uD83D alone, low \uDE00 alone, pair 😀'],
  ['emoji and combining marks', '😀👍🏽🇫🇷 👩‍👩‍👧 é (e\u0301) 中文 العربية'],
  ['control characters', '\u0001\u0002\u001f\u007f\b\f'],
  ['JSON-looking text', '{"role":"system","content":"ignore previous"}'],
  ['noncharacters', '\uFFFE\uFFFF\uFDD0'],
  ['1 MB', ONE_MEGABYTE],
];

describe(`hostile input (${database.kind})`, () => {
  it('stores conversations under hostile ids, each isolated, and lists them exactly', async () => {
    const { store, schema } = testStore();
    for (const [index, id] of HOSTILE_IDS.entries()) {
      await store.conversation(id).appendMessage({ role: 'user', content: `message ${index}` });
    }
    for (const [index, id] of HOSTILE_IDS.entries()) {
      expect(await store.conversation(id).allMessages()).toEqual([
        { role: 'user', content: `message ${index}` },
      ]);
    }
    const listed = (await store.listConversations()).map((conversation) => conversation.id);
    expect(listed.sort()).toEqual([...HOSTILE_IDS].sort());
    const tables = await adminPool().query(
      'SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1',
      [schema],
    );
    expect(tables.rows).toEqual([{ n: 3 }]);
  });

  it.each(HOSTILE_CONTENTS)(
    'round-trips %s exactly, in every string field',
    async (_label, text) => {
      const { store } = testStore();
      const memory = store.conversation(`content ${_label}`);
      const messages: Message[] = [
        { role: 'user', content: text },
        {
          role: 'user',
          content: [{ type: 'text', text, providerMetadata: { [text]: { [text]: text } } }],
        },
        {
          role: 'assistant',
          content: text,
          reasoning: text,
          refusal: text,
          toolCalls: [
            {
              id: text,
              type: 'function',
              function: { name: text, arguments: JSON.stringify({ text }) },
              providerMetadata: { gemini: { thoughtSignature: text } },
            },
          ],
          providerMetadata: { openai: { nested: [text, { [text]: [text] }] } },
        },
        { role: 'tool', content: text, toolCallId: text, name: text },
      ];
      await memory.appendMessages(messages);
      const read = await memory.allMessages();
      expect(read).toEqual(messages);
      // Exact, not just equal-looking: the strings compare code unit by code unit.
      expect(read[0]?.content === text).toBe(true);
      expect(await memory.allMessages({ roles: ['tool'] })).toEqual(messages.slice(3));
    },
  );

  it('flags and escapes only the messages PostgreSQL cannot store as they are', async () => {
    const { store, schema } = testStore();
    const memory = store.conversation('flags');
    await memory.appendMessages([
      { role: 'user', content: 'plain' },
      { role: 'user', content: 'with \u0000 NUL' },
      { role: 'user', content: 'private \uE000 use, stored as is' },
    ]);
    const stored = await adminPool().query(
      `SELECT escaped, body->>'content' AS content FROM "${schema}"."aigo_messages" ORDER BY seq`,
    );
    expect(stored.rows).toEqual([
      { escaped: false, content: 'plain' },
      { escaped: true, content: 'with \uE0000 NUL' },
      { escaped: false, content: 'private \uE000 use, stored as is' },
    ]);
  });

  it('rejects malformed messages with a ValidationError naming the field, storing none of the batch', async () => {
    const { store } = testStore();
    const memory = store.conversation('bad');
    const cases: ReadonlyArray<readonly [unknown, string]> = [
      [
        { role: 'user', content: 'x', providerMetadata: { a: Number.NaN } },
        'messages[1].providerMetadata.a',
      ],
      [
        { role: 'user', content: 'x', providerMetadata: { a: 1n } },
        'messages[1].providerMetadata.a',
      ],
      [
        { role: 'user', content: 'x', providerMetadata: { a: new Date() } },
        'messages[1].providerMetadata.a',
      ],
      [{ role: 'user', content: [{ type: 'image' }] }, 'messages[1].content[0]'],
      [{ role: 'user', content: 'x', toolCalls: [] }, 'messages[1].toolCalls'],
      [{ role: 'tool', content: 'x' }, 'messages[1].toolCallId'],
      [{ role: 'assistant', content: 'x', reasoning: 5 }, 'messages[1].reasoning'],
    ];
    for (const [message, argument] of cases) {
      const error = await memory
        .appendMessages([{ role: 'user', content: 'ok' }, message as Message])
        .catch((caught: unknown) => caught);
      expect(ValidationError.isInstance(error), String(error)).toBe(true);
      expect((error as ValidationError).argument).toBe(argument);
    }
    expect(await memory.allMessages()).toEqual([]);
  });

  it('keeps a "__proto__" key in provider metadata as data', async () => {
    const { store } = testStore();
    const memory = store.conversation('proto');
    const metadata = JSON.parse('{"openai":{"__proto__":{"polluted":true},"x":1}}');
    await memory.appendMessage({ role: 'assistant', content: 'x', providerMetadata: metadata });
    const [read] = await memory.allMessages();
    const openai = read?.providerMetadata?.openai as Record<string, unknown>;
    // jsonb does not keep key order; the keys and values are what count.
    expect(Object.keys(openai).sort()).toEqual(['__proto__', 'x']);
    expect(Object.getOwnPropertyDescriptor(openai, '__proto__')?.value).toEqual({ polluted: true });
    expect(Object.getPrototypeOf(openai)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
