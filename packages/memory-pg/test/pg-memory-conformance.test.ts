// The memory conformance suite of @aigo/testing, against the real database of this run: once through
// a store's conversations, once through standalone pgMemory() handles on a custom table. Each check
// works in a schema of its own, dropped after it.
import { memoryConformance } from '@aigo/testing';
import pg from 'pg';
import { pgMemory } from '../src/pg-memory.js';
import type { PgMemoryStore } from '../src/pg-memory-options.js';
import { pgMemoryStore } from '../src/pg-memory-store.js';
import {
  adminPool,
  database,
  dropSchema,
  testPoolSize,
  testPreparedStatements,
  uniqueSchema,
} from './support/test-database.js';

let store: PgMemoryStore | undefined;
let schema: string | undefined;
let conversations = 0;

function currentStore(): PgMemoryStore {
  if (store === undefined) {
    schema = uniqueSchema('conf');
    store = pgMemoryStore({
      connectionString: database.url,
      schema,
      poolSize: testPoolSize,
      preparedStatements: testPreparedStatements,
    });
  }
  return store;
}

memoryConformance({
  name: `pgMemoryStore conversations (${database.kind})`,
  makeMemory: () => {
    conversations += 1;
    return currentStore().conversation(`conversation-${conversations}`);
  },
  makeMemoryForConversation: (id) => currentStore().conversation(id),
  versioned: true,
  turnLock: true,
  cleanup: async () => {
    await store?.close();
    if (schema !== undefined) await dropSchema(schema);
    store = undefined;
    schema = undefined;
  },
});

// Standalone memories sharing a caller's pool, on a custom table name.
let pool: pg.Pool | undefined;
let poolSchema: string | undefined;
const opened: Array<{ close: () => Promise<void> }> = [];

function sharedPool(): pg.Pool {
  if (pool === undefined) {
    pool = new pg.Pool({ connectionString: database.url, max: testPoolSize });
    poolSchema = uniqueSchema('conf_pool');
  }
  return pool;
}

function standalone(conversationId: string) {
  const memory = pgMemory({
    pool: sharedPool(),
    conversationId,
    schema: poolSchema as string,
    tableName: 'Chat_History',
    preparedStatements: testPreparedStatements,
  });
  opened.push(memory);
  return memory;
}

memoryConformance({
  name: `pgMemory on a caller's pool, table "Chat_History" (${database.kind})`,
  makeMemory: () => {
    conversations += 1;
    return standalone(`standalone-${conversations}`);
  },
  makeMemoryForConversation: (id) => standalone(id),
  versioned: true,
  // Standalone pgMemory objects on one pool share the turn lock of a conversation.
  turnLock: true,
  cleanup: async () => {
    for (const memory of opened.splice(0)) await memory.close();
    await pool?.end();
    if (poolSchema !== undefined)
      await adminPool().query(`DROP SCHEMA IF EXISTS "${poolSchema}" CASCADE`);
    pool = undefined;
    poolSchema = undefined;
  },
});
