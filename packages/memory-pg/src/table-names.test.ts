import { ValidationError } from '@aigo/ai';
import type { Pool } from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { pgMemory } from './pg-memory.js';
import { pgMemoryStore } from './pg-memory-store.js';
import { MAX_TABLE_NAME_LENGTH, tableNames } from './table-names.js';

/** A stand-in pool that records every use: nothing may touch it when the names are invalid. */
function recordingPool() {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (..._args: unknown[]) => {
      calls.push(name);
      return Promise.reject(new Error(`${name} must not be called`));
    };
  const pool = {
    connect: vi.fn(record('connect')),
    query: vi.fn(record('query')),
    on: vi.fn(() => pool),
    off: vi.fn(() => pool),
    options: {},
  };
  return { pool: pool as unknown as Pool, calls };
}

describe('tableNames', () => {
  it('defaults to "public"."aigo_messages" and derives the other names from the unquoted name', () => {
    expect(tableNames()).toEqual({
      schema: 'public',
      table: 'aigo_messages',
      schemaSql: '"public"',
      messagesSql: '"public"."aigo_messages"',
      conversationsSql: '"public"."aigo_messages_conversations"',
      messagesKeySql: '"aigo_messages_pkey"',
      conversationsKeySql: '"aigo_messages_conversations_pkey"',
      turnKey: 'aigo_messages_turn_key',
      turnKeySql: '"aigo_messages_turn_key"',
      runningTokensKeySql: '"aigo_messages_tokens_key"',
    });
  });

  it('quotes custom names, keeps their case, and never pastes a quoted name into another (the Go bug)', () => {
    const names = tableNames('Custom_Messages', 'App');
    expect(names.messagesSql).toBe('"App"."Custom_Messages"');
    expect(names.messagesKeySql).toBe('"Custom_Messages_pkey"');
    expect(names.conversationsKeySql).toBe('"Custom_Messages_conversations_pkey"');
    for (const derived of Object.values(names)) expect(derived).not.toMatch(/""|_"|"_/);
  });

  it('accepts the longest table name, whose derived names still fit 63 bytes', () => {
    const longest = `t${'x'.repeat(MAX_TABLE_NAME_LENGTH - 1)}`;
    const names = tableNames(longest);
    const identifiers = Object.values(names).flatMap((sql) =>
      [...sql.matchAll(/"([^"]*)"/g)].map((match) => match[1] as string),
    );
    expect(identifiers.length).toBeGreaterThan(5);
    for (const identifier of identifiers) {
      expect(Buffer.byteLength(identifier), identifier).toBeLessThanOrEqual(63);
    }
  });

  const badTables: ReadonlyArray<[string, unknown]> = [
    ['empty', ''],
    ['starting with a digit', '1messages'],
    ['with a dash', 'chat-messages'],
    ['with a double quote', 'chat"messages'],
    ['with SQL', 'x; DROP TABLE users; --'],
    ['schema-qualified', 'app.messages'],
    ['with a space', 'chat messages'],
    ['non-ASCII', 'tâble'],
    ['too long', 'x'.repeat(MAX_TABLE_NAME_LENGTH + 1)],
    ['ending like a derived table', 'chat_conversations'],
    ["the schema's table of versions", 'aigo_migrations'],
    ['not a string', 42],
  ];
  it.each(badTables)('rejects a table name %s', (_label, name) => {
    const call = () => tableNames(name as string);
    expect(call).toThrow(ValidationError);
    expect(call).toThrow(expect.objectContaining({ argument: 'tableName' }));
  });

  const badSchemas: ReadonlyArray<[string, unknown]> = [
    ['empty', ''],
    ['with a quote', 'a"b'],
    ['with SQL', 'public; DROP SCHEMA public CASCADE'],
    ['reserved by PostgreSQL', 'pg_catalog'],
    ['reserved, in capitals', 'PG_temp'],
    ['too long', 's'.repeat(64)],
  ];
  it.each(badSchemas)('rejects a schema %s', (_label, schema) => {
    expect(() => tableNames('messages', schema as string)).toThrow(
      expect.objectContaining({ argument: 'schema', name: 'ValidationError' }),
    );
  });

  it('rejects invalid names in pgMemoryStore and pgMemory before any SQL runs', () => {
    const { pool, calls } = recordingPool();
    expect(() => pgMemoryStore({ pool, tableName: 'messages"; DROP TABLE x; --' })).toThrow(
      ValidationError,
    );
    expect(() => pgMemoryStore({ pool, schema: 'pg_catalog' })).toThrow(ValidationError);
    expect(() =>
      pgMemory({ pool, conversationId: 'c', tableName: 'bad name', schema: 'public' }),
    ).toThrow(ValidationError);
    expect(() =>
      pgMemoryStore({ connectionString: 'postgres://u@127.0.0.1:1/db', tableName: '9lives' }),
    ).toThrow(expect.objectContaining({ argument: 'tableName' }));
    expect(calls).toEqual([]);
    expect(pool.on).not.toHaveBeenCalled();
  });
});
