import {
  assistantMessage,
  MemoryError,
  type Message,
  toolMessage,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  adminPool,
  database,
  dropSchema,
  realServer,
  testPoolSize,
  testPreparedStatements,
  testStore,
  uniqueSchema,
  until,
} from '../test/support/test-database.js';
import { memoryMigrations, SCHEMA_VERSION } from './migrations.js';
import { pgMemory } from './pg-memory.js';
import { pgMemoryStore } from './pg-memory-store.js';
import { tableNames } from './table-names.js';

const turn = (index: number): Message[] => [
  userMessage(`question ${index}`),
  assistantMessage(`answer ${index}`),
];

async function rows(schema: string, table = 'aigo_messages') {
  const result = await adminPool().query(
    `SELECT conversation_id, seq::int AS seq, role, format, escaped, body, created_at FROM "${schema}"."${table}" ORDER BY conversation_id, seq`,
  );
  return result.rows as Array<{
    conversation_id: string;
    seq: number;
    role: string;
    format: number;
    escaped: boolean;
    body: unknown;
    created_at: Date;
  }>;
}

describe(`pgMemory storage (${database.kind})`, () => {
  it('stores each message whole as jsonb, with its format version, a gap-free sequence and a timestamp', async () => {
    const { store, schema } = testStore();
    const memory = store.conversation('c1');
    const call = {
      id: 'call_1',
      type: 'function' as const,
      function: { name: 'f', arguments: '{}' },
    };
    const written: Message[] = [
      userMessage('hi'),
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ ...call, providerMetadata: { gemini: { thoughtSignature: 'c2ln' } } }],
        reasoning: 'thinking',
      },
      toolMessage('call_1', '{"ok":true}', 'f'),
      {
        role: 'assistant',
        content: 'done',
        refusal: 'no',
        providerMetadata: { openai: { id: 'r' } },
      },
    ];
    await memory.appendMessages(written.slice(0, 2));
    await memory.appendMessage(written[2] as Message);
    await memory.appendMessages(written.slice(3));
    const stored = await rows(schema);
    expect(stored.map((row) => row.seq)).toEqual([1, 2, 3, 4]);
    expect(stored.map((row) => row.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(stored.map((row) => row.body)).toEqual(written);
    expect(new Set(stored.map((row) => row.format))).toEqual(new Set([1]));
    expect(stored.every((row) => row.escaped === false)).toBe(true);
    expect(stored.every((row) => row.created_at instanceof Date)).toBe(true);
    // One turn, one transaction: its messages share the transaction's timestamp.
    expect(stored[0]?.created_at.getTime()).toBe(stored[1]?.created_at.getTime());
    const counter = await adminPool().query(
      `SELECT last_seq::int AS last_seq FROM "${schema}"."aigo_messages_conversations" WHERE conversation_id = 'c1'`,
    );
    expect(counter.rows).toEqual([{ last_seq: 4 }]);
    expect(await memory.allMessages()).toEqual(written);
  });

  it('reads windows counted from the newest, oldest first, with role filters', async () => {
    const { store } = testStore();
    const memory = store.conversation('window');
    for (let index = 0; index < 5; index++) await memory.appendMessages(turn(index));
    const text = (messages: Message[]) => messages.map((message) => message.content);
    expect(text(await memory.allMessages({ limit: 3 }))).toEqual([
      'answer 3',
      'question 4',
      'answer 4',
    ]);
    expect(text(await memory.allMessages({ limit: 2, offset: 1 }))).toEqual([
      'answer 3',
      'question 4',
    ]);
    expect(text(await memory.allMessages({ offset: 8 }))).toEqual(['question 0', 'answer 0']);
    expect(text(await memory.allMessages({ roles: ['user'], limit: 2, offset: 1 }))).toEqual([
      'question 2',
      'question 3',
    ]);
    expect(await memory.allMessages({ roles: [] })).toEqual([]);
    await expect(memory.allMessages({ limit: -1 })).rejects.toMatchObject({ argument: 'limit' });
  });

  it('clear() deletes one conversation only; the conversation starts again at seq 1', async () => {
    const { store, schema } = testStore();
    const first = store.conversation('first');
    const second = store.conversation('second');
    await first.appendMessages(turn(1));
    await second.appendMessages(turn(2));
    await first.clear();
    expect(await first.allMessages()).toEqual([]);
    expect(await second.allMessages()).toEqual(turn(2));
    await first.appendMessages(turn(3));
    const stored = await rows(schema);
    expect(stored.map((row) => [row.conversation_id, row.seq])).toEqual([
      ['first', 1],
      ['first', 2],
      ['second', 1],
      ['second', 2],
    ]);
  });

  it('lists conversations, most recently active first, with counts and last activity; deletes one', async () => {
    const { store } = testStore();
    const before = new Date();
    await store.conversation('alpha').appendMessages(turn(1));
    await store.conversation('beta').appendMessages([...turn(2), ...turn(3)]);
    await store.conversation('alpha').appendMessage(userMessage('again'));
    const listed = await store.listConversations();
    expect(listed.map(({ id, messageCount }) => ({ id, messageCount }))).toEqual([
      { id: 'alpha', messageCount: 3 },
      { id: 'beta', messageCount: 4 },
    ]);
    for (const conversation of listed) {
      expect(conversation.lastActivityAt).toBeInstanceOf(Date);
      expect(conversation.lastActivityAt.getTime()).toBeGreaterThanOrEqual(
        conversation.createdAt.getTime(),
      );
      // The server's clock and this process's may differ slightly; allow a minute.
      expect(conversation.createdAt.getTime()).toBeGreaterThan(before.getTime() - 60_000);
    }
    expect((await store.listConversations({ limit: 1, offset: 1 })).map((c) => c.id)).toEqual([
      'beta',
    ]);
    expect(await store.listConversations({ limit: 0 })).toEqual([]);
    expect(await store.deleteConversation('alpha')).toBe(true);
    expect(await store.deleteConversation('alpha')).toBe(false);
    expect(await store.conversation('alpha').allMessages()).toEqual([]);
    expect((await store.listConversations()).map((c) => c.id)).toEqual(['beta']);
    await expect(store.listConversations({ offset: 1.5 })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe(`migrations (${database.kind})`, () => {
  it('creates the schema and tables once, records the version, and is idempotent across stores', async () => {
    const { store, schema } = testStore();
    await store.ready();
    await store.ready();
    const other = pgMemoryStore({
      connectionString: database.url,
      schema,
      poolSize: 1,
      preparedStatements: testPreparedStatements,
    });
    try {
      await other.conversation('x').appendMessages(turn(1));
    } finally {
      await other.close();
    }
    const versions = await adminPool().query(
      `SELECT component, version, name FROM "${schema}"."aigo_migrations" ORDER BY version`,
    );
    expect(versions.rows).toEqual([
      {
        component: 'memory-pg:aigo_messages',
        version: SCHEMA_VERSION,
        name: 'messages (jsonb, format, gap-free seq, turn ids, token counts) and conversations (sequence counter, version, token total, summary)',
      },
    ]);
    expect(memoryMigrations(tableNames()).at(-1)?.version).toBe(SCHEMA_VERSION);
    const constraints = await adminPool().query(
      `SELECT conname FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
       WHERE n.nspname = $1 AND contype = 'p' ORDER BY conname`,
      [schema],
    );
    expect(constraints.rows.map((row) => row.conname)).toEqual([
      'aigo_messages_conversations_pkey',
      'aigo_messages_pkey',
      'aigo_migrations_pkey',
    ]);
  });

  it('versions stores with other tables in one schema apart: each creates its own tables', async () => {
    const { store: first, schema } = testStore({ tableName: 'first_messages' });
    await first.conversation('c').appendMessages(turn(1));
    const { store: second } = testStore({ schema, tableName: 'second_messages' });
    await second.conversation('c').appendMessages(turn(2));
    expect(await second.conversation('c').allMessages()).toEqual(turn(2));
    expect((await rows(schema, 'first_messages')).length).toBe(2);
    const versions = await adminPool().query(
      `SELECT component, version FROM "${schema}"."aigo_migrations" ORDER BY component, version`,
    );
    expect(versions.rows).toEqual([
      { component: 'memory-pg:first_messages', version: 1 },
      { component: 'memory-pg:second_messages', version: 1 },
    ]);
  });

  it('refuses tables recorded at a newer version, with migrate true or false', async () => {
    const { store: creator, schema } = testStore();
    await creator.ready();
    await adminPool().query(
      `INSERT INTO "${schema}"."aigo_migrations" (component, version, name) VALUES ('memory-pg:aigo_messages', 7, 'future')`,
    );
    for (const migrate of [true, false]) {
      const { store } = testStore({ schema, migrate });
      const error = await store.ready().catch((caught: unknown) => caught);
      expect(MemoryError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/schema version 7, newer than this version/);
    }
  });

  it('works with custom table names the Go code could not create (mixed case, reserved words)', async () => {
    for (const tableName of ['Custom_Messages', 'select', 'user']) {
      const { store, schema } = testStore({ tableName });
      await store.conversation('c').appendMessages(turn(1));
      expect(await store.conversation('c').allMessages()).toEqual(turn(1));
      expect((await rows(schema, tableName)).length).toBe(2);
    }
  });

  it('with migrate: false, checks the version and says what to do when the tables are missing', async () => {
    const schema = uniqueSchema();
    const { store } = testStore({ schema, migrate: false });
    const error = await store.ready().catch((caught: unknown) => caught);
    expect(MemoryError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/has not been created \(migrate is false\)/);
    const creator = pgMemoryStore({
      connectionString: database.url,
      schema,
      poolSize: 1,
      preparedStatements: testPreparedStatements,
    });
    await creator.ready();
    await creator.close();
    // The failed attempt is not cached: the next call checks again and succeeds.
    await store.conversation('c').appendMessages(turn(1));
    expect(await store.conversation('c').allMessages()).toEqual(turn(1));
  });

  it('refuses tables migrated by a newer release, and messages in a newer format', async () => {
    const { store, schema } = testStore();
    await store.conversation('c').appendMessages(turn(1));
    await adminPool().query(
      `UPDATE "${schema}"."aigo_messages" SET format = 2 WHERE seq = 2 AND conversation_id = 'c'`,
    );
    await expect(store.conversation('c').allMessages()).rejects.toThrow(
      /format 2, newer than this version/,
    );
    await adminPool().query(
      `INSERT INTO "${schema}"."aigo_migrations" (component, version, name) VALUES ('memory-pg:aigo_messages', 99, 'future')`,
    );
    const later = pgMemoryStore({
      connectionString: database.url,
      schema,
      poolSize: 1,
      preparedStatements: testPreparedStatements,
    });
    try {
      const error = await later.ready().catch((caught: unknown) => caught);
      expect(MemoryError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/schema version 99, newer than this version/);
    } finally {
      await later.close();
    }
  });
});

describe(`errors and the pool (${database.kind})`, () => {
  it('a failing statement rejects with MemoryError carrying the SQLSTATE; nothing is only logged', async () => {
    const { store, schema } = testStore();
    const memory = store.conversation('c');
    await memory.appendMessages(turn(1));
    await adminPool().query(`DROP TABLE "${schema}"."aigo_messages"`);
    const error = await memory.appendMessages(turn(2)).catch((caught: unknown) => caught);
    expect(MemoryError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'memory_error', pgCode: '42P01' });
    expect((error as Error).message).toMatch(
      /^Appending to "t_[^"]+"\."aigo_messages" failed: relation .* does not exist \(SQLSTATE 42P01\)$/,
    );
    await expect(memory.allMessages()).rejects.toMatchObject({ pgCode: '42P01' });
    // The failed append rolled its counter update back too.
    const counter = await adminPool().query(
      `SELECT last_seq::int AS last_seq FROM "${schema}"."aigo_messages_conversations"`,
    );
    expect(counter.rows).toEqual([{ last_seq: 2 }]);
  });

  it('reuses pooled connections: 100 calls in a row open one connection', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: testPoolSize });
    let connections = 0;
    pool.on('connect', () => {
      connections += 1;
    });
    const { store } = testStore({ pool });
    try {
      const memory = store.conversation('reuse');
      for (let index = 0; index < 50; index++) {
        await memory.appendMessages(turn(index));
        await memory.allMessages({ limit: 2 });
      }
      expect(connections).toBe(1);
      expect((await memory.allMessages()).length).toBe(100);
    } finally {
      await store.close();
      await pool.end();
    }
  });

  it("a caller's pool gets one error listener however many memories use it, and stays open after close()", async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: testPoolSize });
    const schema = uniqueSchema();
    try {
      expect(pool.listenerCount('error')).toBe(0);
      const memories = Array.from({ length: 20 }, (_, index) =>
        pgMemory({
          pool,
          conversationId: `mine-${index}`,
          schema,
          preparedStatements: testPreparedStatements,
        }),
      );
      expect(pool.listenerCount('error')).toBe(1);
      const memory = memories[0] as (typeof memories)[0];
      await memory.appendMessages(turn(1));
      for (const each of memories) await each.close();
      expect(pool.listenerCount('error')).toBe(1);
      // No crash when the pool reports an error (the listener takes it).
      expect(pool.emit('error', new Error('idle connection lost'))).toBe(true);
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await expect(memory.allMessages()).rejects.toThrow(/the memory store is closed/);
    } finally {
      await pool.end();
      await dropSchema(schema);
    }
  });

  it('a store from a connection string ends its own pool on close(); later calls reject', async () => {
    const schema = uniqueSchema();
    const applicationName = `aigo-test-close-${schema}`.slice(0, 63);
    const store = pgMemoryStore({
      connectionString: database.url,
      schema,
      applicationName,
      preparedStatements: testPreparedStatements,
    });
    try {
      await store.conversation('c').appendMessages(turn(1));
      await store.close();
      await store.close();
      if (realServer) {
        // Every connection of the pool goes away (a backend exits just after its client closed).
        await until(async () => {
          const open = await adminPool().query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
            [applicationName],
          );
          return open.rows[0]?.n === 0 ? true : undefined;
        }, `the connections of ${applicationName} to close`);
      }
      const error = await store
        .conversation('c')
        .appendMessages(turn(2))
        .catch((caught: unknown) => caught);
      expect(MemoryError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/the memory store is closed/);
    } finally {
      await dropSchema(schema);
    }
  });
});
