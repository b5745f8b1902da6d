// @aigo/client with pgMemory, across processes: a conversation continued by a second process (its own
// pool, the same conversation id) sees the whole history.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { pgMemory } from '../src/pg-memory.js';
import {
  adminPool,
  database,
  dropSchema,
  realServer,
  testPreparedStatements,
  testStore,
  uniqueSchema,
} from './support/test-database.js';

const script = fileURLToPath(new URL('./support/continue-conversation.mjs', import.meta.url));
const built = fileURLToPath(new URL('../dist/index.js', import.meta.url));

interface ChildResult {
  readonly pid: number;
  readonly sent: ReadonlyArray<{ role: string; content: unknown }>;
  readonly content: string;
}

function continueInChild(input: {
  schema: string;
  conversationId: string;
  prompt: string;
  reply: string;
}): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        script,
        JSON.stringify({ url: database.url, preparedStatements: testPreparedStatements, ...input }),
      ],
      { timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`child failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as ChildResult);
      },
    );
  });
}

beforeAll(() => {
  if (!existsSync(built)) {
    throw new Error(`${built} is missing: the child process runs the built package (pnpm build)`);
  }
});

describe(`@aigo/client with pgMemory (${database.kind})`, () => {
  it('a second process (new pool, same conversation id) continues the conversation with the whole history', async () => {
    const schema = uniqueSchema('e2e');
    const memory = pgMemory({
      connectionString: database.url,
      conversationId: 'ada',
      schema,
      preparedStatements: testPreparedStatements,
    });
    try {
      const provider = createFakeProvider().text('Nice to meet you, Ada.');
      const client = createClient(provider, { defaultModel: 'test-model', memory });
      await client.sendMessage('My name is Ada.');

      const child = await continueInChild({
        schema,
        conversationId: 'ada',
        prompt: 'What is my name?',
        reply: 'Your name is Ada.',
      });
      expect(child.pid).not.toBe(process.pid);
      expect(child.sent.map(({ role, content }) => [role, content])).toEqual([
        ['user', 'My name is Ada.'],
        ['assistant', 'Nice to meet you, Ada.'],
        ['user', 'What is my name?'],
      ]);
      expect(child.content).toBe('Your name is Ada.');

      // And this process sees the child's turn.
      const history = await memory.allMessages();
      expect(history.map(({ role, content }) => [role, content])).toEqual([
        ['user', 'My name is Ada.'],
        ['assistant', 'Nice to meet you, Ada.'],
        ['user', 'What is my name?'],
        ['assistant', 'Your name is Ada.'],
      ]);
    } finally {
      await memory.close();
      await dropSchema(schema);
    }
  });

  it('a turn the memory cannot store makes the call reject with MemoryError and stores nothing', async () => {
    const { store, schema } = testStore();
    const memory = store.conversation('broken');
    await memory.appendMessage({ role: 'user', content: 'first' });
    await adminPool().query(
      `ALTER TABLE "${schema}"."aigo_messages" ADD CONSTRAINT no_answers CHECK (role <> 'assistant')`,
    );
    const provider = createFakeProvider().text('an answer');
    const client = createClient(provider, { defaultModel: 'test-model', memory });
    await expect(client.sendMessage('second')).rejects.toMatchObject({
      name: 'MemoryError',
      pgCode: '23514',
    });
    expect(await memory.allMessages()).toEqual([{ role: 'user', content: 'first' }]);
  });

  it.skipIf(!realServer)(
    realServer
      ? 'three processes starting at once on a new schema: one migration, every turn stored'
      : `three processes starting at once — NOT RUN: ${database.notRealReason}`,
    async () => {
      const schema = uniqueSchema('procs');
      try {
        const results = await Promise.all(
          [0, 1, 2].map((index) =>
            continueInChild({
              schema,
              conversationId: `process-${index}`,
              prompt: `hello from ${index}`,
              reply: `hello ${index}`,
            }),
          ),
        );
        expect(new Set(results.map((result) => result.pid)).size).toBe(3);
        const versions = await adminPool().query(
          `SELECT version FROM "${schema}"."aigo_migrations" WHERE component = 'memory-pg:aigo_messages' ORDER BY version`,
        );
        expect(versions.rows).toEqual([{ version: 1 }]);
        const counts = await adminPool().query(
          `SELECT conversation_id, count(*)::int AS n FROM "${schema}"."aigo_messages" GROUP BY 1 ORDER BY 1`,
        );
        expect(counts.rows).toEqual([
          { conversation_id: 'process-0', n: 2 },
          { conversation_id: 'process-1', n: 2 },
          { conversation_id: 'process-2', n: 2 },
        ]);
      } finally {
        await dropSchema(schema);
      }
    },
  );
});
