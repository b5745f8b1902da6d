// Schema version 2 (conversation versions, turn ids) reaches tables of schema version 1 that hold
// data: the tables as the 0.1 migration created them (recorded in aigo_migrations, or in the
// <table>_migrations of the first 0.1.0 layout), with conversations in them, opened with this code.
import { ConversationConflictError, type Message } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { adminPool, database, testStore, uniqueSchema } from '../test/support/test-database.js';
import { tableNames } from './table-names.js';

const say = (role: 'user' | 'assistant', content: string): Message => ({ role, content });

/** The data of a 0.1 install: two conversations, one with an escaped (NUL) message. */
const OLD: Record<string, Message[]> = {
  alice: [say('user', 'My name is Alice.'), say('assistant', 'Hello, Alice.')],
  bob: [
    say('user', 'tool output with a NUL (\u0000) and a private-use character (\uE000)'),
    say('assistant', 'noted'),
    say('user', 'again?'),
  ],
};

/** Creates the tables exactly as the 0.1 migration (schema version 1) did, and fills them. */
async function createVersion1(schema: string, layout: 'aigo_migrations' | 'legacy') {
  const names = tableNames(undefined, schema);
  const sql = [
    `CREATE SCHEMA "${schema}"`,
    `CREATE TABLE ${names.conversationsSql} (
  conversation_id text NOT NULL,
  last_seq bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ${names.conversationsKeySql} PRIMARY KEY (conversation_id)
)`,
    `CREATE TABLE ${names.messagesSql} (
  conversation_id text NOT NULL,
  seq bigint NOT NULL,
  role text NOT NULL,
  format smallint NOT NULL,
  escaped boolean NOT NULL DEFAULT false,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ${names.messagesKeySql} PRIMARY KEY (conversation_id, seq)
)`,
    layout === 'legacy'
      ? `CREATE TABLE ${names.migrationsSql} (version integer PRIMARY KEY, description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`
      : `CREATE TABLE "${schema}"."aigo_migrations" (component text NOT NULL, version integer NOT NULL, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now(), CONSTRAINT "aigo_migrations_pkey" PRIMARY KEY (component, version))`,
    layout === 'legacy'
      ? `INSERT INTO ${names.migrationsSql} (version, description) VALUES (1, 'messages and conversations')`
      : `INSERT INTO "${schema}"."aigo_migrations" (component, version, name) VALUES ('memory-pg:aigo_messages', 1, 'messages (jsonb, format, gap-free seq) and conversations (sequence counter)')`,
  ];
  for (const statement of sql) await adminPool().query(statement);
  for (const [id, messages] of Object.entries(OLD)) {
    await adminPool().query(
      `INSERT INTO ${names.conversationsSql} (conversation_id, last_seq) VALUES ($1, $2)`,
      [id, messages.length],
    );
    for (const [index, message] of messages.entries()) {
      // The 0.1 escape: U+E000 doubled, NUL as U+E000 '0', the row flagged.
      const text = message.content as string;
      const escaped = text.includes('\u0000');
      const body = escaped
        ? {
            ...message,
            content: text.replaceAll('\uE000', '\uE000\uE000').replaceAll('\u0000', '\uE0000'),
          }
        : message;
      await adminPool().query(
        `INSERT INTO ${names.messagesSql} (conversation_id, seq, role, format, escaped, body) VALUES ($1, $2, $3, 1, $4, $5)`,
        [id, index + 1, message.role, escaped, JSON.stringify(body)],
      );
    }
  }
  return names;
}

describe(`schema version 2 on version 1 tables with data (${database.kind})`, () => {
  it.each(['aigo_migrations', 'legacy'] as const)(
    'migrates tables recorded in %s: old conversations read as before at version 1, then versioned turns, turn ids and conflicts work',
    async (layout) => {
      const schema = uniqueSchema('v1');
      const names = await createVersion1(schema, layout);
      const { store } = testStore({ schema });

      // Everything written before reads back as it was, at version 1.
      const alice = store.conversation('alice');
      expect(await alice.allMessages()).toEqual(OLD.alice);
      expect(await alice.readVersioned()).toEqual({ messages: OLD.alice, version: 1 });
      expect(await store.conversation('bob').readVersioned()).toEqual({
        messages: OLD.bob,
        version: 1,
      });
      expect((await store.listConversations()).map((c) => [c.id, c.messageCount]).sort()).toEqual([
        ['alice', 2],
        ['bob', 3],
      ]);

      // The client continues an old conversation with a versioned turn.
      const provider = createFakeProvider().onRequest((request) => ({
        content: String(request.messages.length),
      }));
      const client = createClient(provider, { defaultModel: 'm' });
      await client.sendMessage('What is my name?', { memory: alice });
      const { version } = await alice.readVersioned();
      expect(version).not.toBe(1);
      expect((await alice.allMessages()).slice(2)).toEqual([
        say('user', 'What is my name?'),
        say('assistant', '3'),
      ]);
      // A writer still holding version 1 conflicts; a turn id is stored once.
      await expect(
        alice.appendMessage(say('user', 'stale'), { expectedVersion: 1 }),
      ).rejects.toSatisfy(
        (error) =>
          ConversationConflictError.isInstance(error) &&
          error.expectedVersion === 1 &&
          error.actualVersion === version,
      );
      const turn = [say('user', 'once'), say('assistant', 'only once')];
      await alice.appendMessages(turn, { expectedVersion: version, turnId: 'turn-1' });
      await alice.appendMessages(turn, { expectedVersion: version, turnId: 'turn-1' });
      const seqs = await adminPool().query<{ seq: number; turn_id: string | null }>(
        `SELECT seq::int AS seq, turn_id FROM ${names.messagesSql} WHERE conversation_id = 'alice' ORDER BY seq`,
      );
      expect(seqs.rows).toEqual([
        { seq: 1, turn_id: null },
        { seq: 2, turn_id: null },
        { seq: 3, turn_id: expect.any(String) },
        { seq: 4, turn_id: null },
        { seq: 5, turn_id: 'turn-1' },
        { seq: 6, turn_id: null },
      ]);

      // The schema: the columns and the unique index, the versions recorded once each.
      const columns = await adminPool().query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = $1 AND table_name LIKE 'aigo_messages%' AND table_name NOT LIKE '%_migrations'
           AND column_name IN ('version', 'turn_id') ORDER BY table_name`,
        [schema],
      );
      expect(columns.rows).toEqual([
        { table_name: 'aigo_messages', column_name: 'turn_id' },
        { table_name: 'aigo_messages_conversations', column_name: 'version' },
      ]);
      const index = await adminPool().query<{ indexdef: string }>(
        `SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = 'aigo_messages_turn_key'`,
        [schema],
      );
      expect(index.rows[0]?.indexdef).toMatch(
        /^CREATE UNIQUE INDEX aigo_messages_turn_key ON .* \(conversation_id, turn_id\) WHERE \(turn_id IS NOT NULL\)$/,
      );
      const versions = await adminPool().query<{ version: number }>(
        `SELECT version FROM "${schema}"."aigo_migrations" WHERE component = 'memory-pg:aigo_messages' ORDER BY version`,
      );
      expect(versions.rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);
    },
  );

  it('a 0.1 process appending during a rolling upgrade still works against the migrated tables', async () => {
    const schema = uniqueSchema('v1roll');
    const names = await createVersion1(schema, 'aigo_migrations');
    const { store } = testStore({ schema });
    await store.ready();
    // The 0.1 append statement, as that release sends it.
    await adminPool().query(
      `WITH counter AS (
  INSERT INTO ${names.conversationsSql} AS c (conversation_id, last_seq) VALUES ($1, $2::bigint)
  ON CONFLICT (conversation_id) DO UPDATE SET last_seq = c.last_seq + EXCLUDED.last_seq, updated_at = now()
  RETURNING c.last_seq
)
INSERT INTO ${names.messagesSql} (conversation_id, seq, role, format, escaped, body)
SELECT $1, counter.last_seq - $2::bigint + m.ord, m.body->>'role', $3::smallint, m.ord = ANY($5::bigint[]), m.body
FROM counter, jsonb_array_elements($4::jsonb) WITH ORDINALITY AS m(body, ord)`,
      ['carol', 1, 1, JSON.stringify([say('user', 'from 0.1')]), []],
    );
    expect(await store.conversation('carol').readVersioned()).toEqual({
      messages: [say('user', 'from 0.1')],
      version: 1,
    });
  });
});
