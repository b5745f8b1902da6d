import { ValidationError } from '@aigo/ai';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { checkConversationId, MAX_CONVERSATION_ID_LENGTH } from './check-arguments.js';
import { pgMemory } from './pg-memory.js';
import type { PgMemoryStoreOptions } from './pg-memory-options.js';
import { pgMemoryStore } from './pg-memory-store.js';

const url = 'postgres://user:s3cret-password@127.0.0.1:1/db';

describe('conversation ids', () => {
  it('accepts any well-formed text up to the limit: quotes, SQL, emoji', () => {
    for (const id of [
      "o'brien",
      "x'; DROP TABLE aigo_messages; --",
      '"quoted"',
      'emoji 😀👍🏽',
      'é'.repeat(MAX_CONVERSATION_ID_LENGTH),
      ' ',
    ]) {
      expect(checkConversationId(id)).toBe(id);
    }
  });

  const bad: ReadonlyArray<[string, unknown]> = [
    ['empty', ''],
    ['not a string', 42],
    ['undefined', undefined],
    ['too long', 'x'.repeat(MAX_CONVERSATION_ID_LENGTH + 1)],
    ['with NUL', 'a\u0000b'],
    ['with a lone high surrogate', 'a\uD83D'],
    ['with a lone low surrogate', '\uDE00b'],
  ];
  it.each(bad)('rejects an id %s, naming conversationId', async (_label, id) => {
    expect(() => checkConversationId(id)).toThrow(
      expect.objectContaining({ name: 'ValidationError', argument: 'conversationId' }),
    );
    expect(() => pgMemory({ connectionString: url, conversationId: id as string })).toThrow(
      ValidationError,
    );
    const store = pgMemoryStore({ connectionString: url });
    expect(() => store.conversation(id as string)).toThrow(ValidationError);
    await expect(store.deleteConversation(id as string)).rejects.toBeInstanceOf(ValidationError);
    await store.close();
  });
});

describe('store options', () => {
  const pool = new pg.Pool({ connectionString: url });
  afterAll(() => pool.end());
  const cases: ReadonlyArray<[string, unknown, string]> = [
    ['nothing', undefined, 'options'],
    ['neither pool nor connectionString', {}, 'options'],
    [
      'connectionString: undefined (an unset variable)',
      { connectionString: undefined },
      'connectionString',
    ],
    ['both pool and connectionString', { pool, connectionString: url }, 'options'],
    ['a pool that is not a pg.Pool', { pool: {} }, 'pool'],
    ['an empty connectionString', { connectionString: '' }, 'connectionString'],
    [
      'a malformed connectionString',
      { connectionString: 'postgres://u:pw@[::1/db' },
      'connectionString',
    ],
    ['poolSize 0', { connectionString: url, poolSize: 0 }, 'poolSize'],
    ['poolSize 2.5', { connectionString: url, poolSize: 2.5 }, 'poolSize'],
    ['connectTimeoutMs -1', { connectionString: url, connectTimeoutMs: -1 }, 'connectTimeoutMs'],
    [
      'applicationName with a newline',
      { connectionString: url, applicationName: 'a\nb' },
      'applicationName',
    ],
    ['migrate "yes"', { connectionString: url, migrate: 'yes' }, 'migrate'],
    [
      'preparedStatements 1',
      { connectionString: url, preparedStatements: 1 },
      'preparedStatements',
    ],
    [
      'onPoolError that is not a function',
      { connectionString: url, onPoolError: 1 },
      'onPoolError',
    ],
    ['poolSize with a caller pool', { pool, poolSize: 3 }, 'poolSize'],
    ['connectTimeoutMs with a caller pool', { pool, connectTimeoutMs: 5 }, 'connectTimeoutMs'],
    ['onPoolError with a caller pool', { pool, onPoolError: () => undefined }, 'onPoolError'],
    ['an option it does not take', { connectionString: url, table: 'x' }, 'options.table'],
    [
      'conversationId, which only pgMemory takes',
      { pool, conversationId: 'c' },
      'options.conversationId',
    ],
  ];
  it.each(cases)('rejects %s, naming the option', (_label, options, argument) => {
    expect(() => pgMemoryStore(options as PgMemoryStoreOptions)).toThrow(
      expect.objectContaining({ name: 'ValidationError', argument }),
    );
  });

  it('suggests the valid name for a near miss, in pgMemory and pgMemoryStore', () => {
    expect(() => pgMemoryStore({ pool, tablename: 'x' } as never)).toThrow(
      'Invalid options.tablename: is not an option of pgMemoryStore() — did you mean tableName?',
    );
    expect(() => pgMemory({ pool, conversationID: 'c' } as never)).toThrow(
      'Invalid options.conversationID: is not an option of pgMemory() — did you mean conversationId?',
    );
  });

  it('never puts a connection string (or its password) into an error', () => {
    let caught: unknown;
    try {
      pgMemoryStore({ connectionString: 'postgres://u:s3cret-password@[::1/db' });
    } catch (error) {
      caught = error;
    }
    expect(ValidationError.isInstance(caught)).toBe(true);
    expect(JSON.stringify(caught)).not.toContain('s3cret');
    expect(String((caught as Error).message)).not.toContain('s3cret');
    expect((caught as Error).cause).toBeUndefined();
  });
});
