// Concurrent turns on one conversation id in one process: serialised by the turn lock that every
// memory object of the conversation shares — from one store, from `pgMemory(…)` per request on one
// pool, or from stores on one connection string — so each turn is built on the history the previous
// one stored. (Before, the lock was the client's, keyed by the memory object: two requests got two
// objects and built their turns on the same history.)
import { type Message, messageText } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  database,
  dropSchema,
  testPoolSize,
  testPreparedStatements,
  testStore,
  uniqueSchema,
} from '../test/support/test-database.js';
import { pgMemory } from './pg-memory.js';
import { pgMemoryStore } from './pg-memory-store.js';

/** A scripted model that answers with the number of messages it was sent. */
const countingModel = () =>
  createFakeProvider().onRequest((request) => ({ content: String(request.messages.length) }));

/** Each reply must equal the number of messages before it: built on the full history. */
function staleReplies(messages: readonly Message[]): string[] {
  return messages.flatMap((message, index) =>
    message.role === 'assistant' && messageText(message) !== String(index)
      ? [`${index}: ${messageText(message)}`]
      : [],
  );
}

describe(`turns on one conversation id in one process (${database.kind})`, () => {
  it('two clients over one pgMemoryStore, 20 concurrent turns on one id: each built on the full history', async () => {
    const { store } = testStore();
    const provider = countingModel();
    const clients = [
      createClient(provider, { defaultModel: 'm' }),
      createClient(provider, { defaultModel: 'm' }),
    ];
    await Promise.all(
      Array.from({ length: 20 }, (_, turn) =>
        clients[turn % 2]?.sendMessage(`turn ${turn}`, { memory: store.conversation('shared') }),
      ),
    );
    const stored = await store.conversation('shared').allMessages();
    expect(stored).toHaveLength(40);
    expect(staleReplies(stored)).toEqual([]);
    // Serialised in the process: not one conflict, one model call per turn.
    expect(provider.callCount).toBe(20);
  });

  it('pgMemory per request on one pool, and two stores on one connection string, share the lock', async () => {
    const schema = uniqueSchema('lock');
    const pool = new pg.Pool({ connectionString: database.url, max: testPoolSize });
    const stores = [0, 1].map(() =>
      pgMemoryStore({
        connectionString: database.url,
        schema,
        poolSize: testPoolSize,
        preparedStatements: testPreparedStatements,
      }),
    );
    const memories: Array<{ close(): Promise<void> }> = [];
    try {
      const provider = countingModel();
      const client = createClient(provider, { defaultModel: 'm' });
      await Promise.all(
        Array.from({ length: 12 }, (_, turn) => {
          const memory = pgMemory({
            pool,
            schema,
            conversationId: 'per-request',
            preparedStatements: testPreparedStatements,
          });
          memories.push(memory);
          return client.sendMessage(`turn ${turn}`, { memory });
        }),
      );
      await Promise.all(
        Array.from({ length: 12 }, (_, turn) =>
          client.sendMessage(`turn ${turn}`, {
            memory: (stores[turn % 2] as (typeof stores)[0]).conversation('two-stores'),
          }),
        ),
      );
      for (const id of ['per-request', 'two-stores']) {
        const stored = await stores[0]?.conversation(id).allMessages();
        expect(stored).toHaveLength(24);
        expect(staleReplies(stored ?? [])).toEqual([]);
      }
      expect(provider.callCount).toBe(24);
    } finally {
      for (const memory of memories) await memory.close();
      await Promise.all(stores.map((store) => store.close()));
      await pool.end();
      await dropSchema(schema);
    }
  });
});
