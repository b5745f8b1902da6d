// The README's examples, run as they are written there (imports adjusted to the source tree; each in
// a schema of its own, dropped after it; console output asserted instead of printed).
import { ConversationConflictError, userMessage } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pgMemory, pgMemoryStore } from '../src/index.js';
import {
  database,
  dropSchema,
  testPreparedStatements,
  uniqueSchema,
} from './support/test-database.js';

let schema = '';
const saved = process.env.DATABASE_URL;

beforeEach(() => {
  schema = uniqueSchema('readme');
  process.env.DATABASE_URL = database.url;
});

afterEach(async () => {
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
  await dropSchema(schema);
});

describe('README examples', () => {
  it('one conversation: pgMemory', async () => {
    const memory = pgMemory({
      connectionString: process.env.DATABASE_URL,
      conversationId: 'ada',
      schema,
      preparedStatements: testPreparedStatements,
    });
    const provider = createFakeProvider().text('Nice to meet you, Ada.').text('Your name is Ada.');
    const client = createClient(provider, { defaultModel: 'test-model', memory });

    await client.sendMessage('My name is Ada.');
    await client.sendMessage('What is my name?');
    expect((await memory.allMessages()).map((m) => m.content)).toEqual([
      'My name is Ada.',
      'Nice to meet you, Ada.',
      'What is my name?',
      'Your name is Ada.',
    ]);

    await memory.close();
  });

  it('many conversations: pgMemoryStore', async () => {
    const store = pgMemoryStore({
      connectionString: process.env.DATABASE_URL,
      schema,
      preparedStatements: testPreparedStatements,
    });
    await store.ready();

    await store.conversation('alice').appendMessage(userMessage('Hello'));
    await store.conversation('bob').appendMessages([userMessage('Hi'), userMessage('Anyone?')]);

    const conversations = await store.listConversations({ limit: 20 });
    expect(conversations.map((c) => [c.id, c.messageCount])).toEqual([
      ['bob', 2],
      ['alice', 1],
    ]);
    expect(conversations[0]?.lastActivityAt instanceof Date).toBe(true);

    expect(await store.deleteConversation('alice')).toBe(true);
    await store.close();
  });

  it('concurrent turns: versioned writes and a retried turn id', async () => {
    const store = pgMemoryStore({
      connectionString: process.env.DATABASE_URL,
      schema,
      preparedStatements: testPreparedStatements,
    });
    const memory = store.conversation('user-42');
    await memory.appendMessage(userMessage('Hello'));

    const { messages, version } = await memory.readVersioned();
    expect([messages.length, version > 0]).toEqual([1, true]);
    const turn = [userMessage('Anyone there?')];
    await memory.appendMessages(turn, { expectedVersion: version, turnId: 'turn-7' });
    await memory.appendMessages(turn, { expectedVersion: version, turnId: 'turn-7' });
    let conflict = false;
    try {
      await memory.appendMessages([userMessage('late')], { expectedVersion: version });
    } catch (error) {
      conflict = ConversationConflictError.isInstance(error);
    }
    expect(conflict).toBe(true);
    expect((await memory.allMessages()).length).toBe(2);
    await store.close();
  });

  it('the opening example, with the fake provider in place of openai()', async () => {
    const store = pgMemoryStore({
      connectionString: process.env.DATABASE_URL,
      schema,
      preparedStatements: testPreparedStatements,
    });
    const provider = createFakeProvider().text('Hello, Ada.').text('Your name is Ada.');
    const client = createClient(provider, { defaultModel: 'test-model' });

    await client.sendMessage('My name is Ada.', { memory: store.conversation('user-42') });
    const reply = await client.sendMessage('What is my name?', {
      memory: store.conversation('user-42'),
    });
    expect(reply.content).toBe('Your name is Ada.');
    expect(provider.lastRequest?.messages.length).toBe(3);

    await store.close();
  });
});
