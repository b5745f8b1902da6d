// Bounded reads (readContext) in the real PostgreSQL: a turn on a 100,000-message conversation reads
// as many rows as a turn on a conversation of one window, counted with EXPLAIN ANALYZE of the very
// statement the store runs; summaries stored with the conversation; a window never starts at a tool
// result; the client's context stage over the store.
import {
  assistantMessage,
  type Message,
  toolMessage,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { adminPool, database, testStore } from '../test/support/test-database.js';
import { buildStatements } from './statements.js';
import { tableNames } from './table-names.js';

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Actual Rows': number;
  readonly 'Actual Loops': number;
  readonly Plans?: readonly PlanNode[];
}

/** Rows the plan read from `table` (every scan node on it: rows × loops). */
function rowsReadFrom(node: PlanNode, table: string): number {
  const own = node['Relation Name'] === table ? node['Actual Rows'] * node['Actual Loops'] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsReadFrom(child, table), 0);
}

/** Runs the store's readContext statement under EXPLAIN ANALYZE and counts the message rows read. */
async function rowsRead(schema: string, conversation: string, maxTokens: number): Promise<number> {
  const names = tableNames(undefined, schema);
  const { text } = buildStatements(names).readContext;
  const explained = await adminPool().query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
    [conversation, maxTokens, 10_000],
  );
  const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode;
  return rowsReadFrom(plan, names.table);
}

/** Appends `count` messages of 10 tokens each (by their stored counts), in batches. */
async function fill(
  memory: { appendMessages: (m: Message[], o: object) => Promise<void> },
  count: number,
) {
  const batch = 5_000;
  for (let done = 0; done < count; done += batch) {
    const size = Math.min(batch, count - done);
    const messages = Array.from({ length: size }, (_, index) =>
      (done + index) % 2 === 0
        ? userMessage(`q${done + index}`)
        : assistantMessage(`a${done + index}`),
    );
    await memory.appendMessages(messages, { tokenCounts: messages.map(() => 10) });
  }
}

describe(`readContext (${database.kind})`, () => {
  it('reads a bounded number of rows, the same on 100,000 messages as on one window', async () => {
    const { store, schema } = testStore();
    const long = store.conversation('long');
    const short = store.conversation('short');
    await fill(long, 100_000);
    await fill(short, 100);

    const window = await long.readContext({ maxTokens: 1_000 });
    expect(window.messages).toHaveLength(100);
    expect(window.tokenCounts).toEqual(Array.from({ length: 100 }, () => 10));
    expect(window).toMatchObject({ start: 99_901, total: 100_000, summary: undefined });
    expect(window.messages[0]).toEqual(userMessage('q99900'));
    expect(window.messages.at(-1)).toEqual(assistantMessage('a99999'));
    expect(window.version).toBeGreaterThan(0);

    const longRows = await rowsRead(schema, 'long', 1_000);
    const shortRows = await rowsRead(schema, 'short', 1_000);
    // The window's 100 rows, the one index entry that finds its start, the one that checks it is
    // no tool result: 102, however long the conversation.
    expect(longRows).toBeLessThanOrEqual(100 + 2);
    expect(longRows).toBe(shortRows);
  });

  it('starts after the stored summary; a bad summary is refused', async () => {
    const { store } = testStore();
    const memory = store.conversation('c');
    await fill(memory, 50);
    await memory.saveSummary({ text: 'the first forty', through: 40, tokens: 7 });
    const window = await memory.readContext({ maxTokens: 100_000 });
    expect(window.summary).toEqual({ text: 'the first forty', through: 40, tokens: 7 });
    expect(window.start).toBe(41);
    expect(window.messages).toHaveLength(10);
    await expect(memory.saveSummary({ text: 'x', through: 51, tokens: 1 })).rejects.toThrow(
      /summary\.through/,
    );
    await expect(memory.saveSummary({ text: 1, through: 1, tokens: 1 } as never)).rejects.toThrow(
      ValidationError,
    );
    await expect(memory.readContext({ maxTokens: 0 })).rejects.toThrow(/options\.maxTokens/);
    // Clearing the conversation forgets the summary with the messages.
    await memory.clear();
    expect(await memory.readContext({ maxTokens: 10 })).toMatchObject({
      total: 0,
      summary: undefined,
    });
  });

  it('never starts at a tool result: the window goes back to the call', async () => {
    const { store } = testStore();
    const memory = store.conversation('tools');
    const call = { id: 'c1', type: 'function' as const, function: { name: 'f', arguments: '{}' } };
    await memory.appendMessages(
      [
        userMessage('q'),
        assistantMessage('', [call]),
        toolMessage('c1', 'big result'),
        toolMessage('c1', 'second part'),
        assistantMessage('done'),
      ],
      { tokenCounts: [10, 10, 500, 500, 10] },
    );
    const window = await memory.readContext({ maxTokens: 600 });
    expect(window.messages.map((message) => message.role)).toEqual([
      'assistant',
      'tool',
      'tool',
      'assistant',
    ]);
    expect(window.start).toBe(2);
    expect(window.tokenCounts).toEqual([10, 500, 500, 10]);
  });

  it('a client turn over the store reads a bounded window and stores the turn with its counts', async () => {
    const { store, schema } = testStore();
    const memory = store.conversation('turns');
    await fill(memory, 20_000);
    const fake = createFakeProvider().default('fine');
    const client = createClient(fake, {
      env: {},
      defaultModel: 'm',
      memory,
      context: { maxTokens: 2_000 },
    });
    await client.sendMessage('and now?');
    const sent = fake.requests[0]?.messages ?? [];
    expect(sent.length).toBeGreaterThan(100);
    expect(sent.length).toBeLessThanOrEqual(201);
    expect(sent.at(-1)).toEqual(userMessage('and now?'));
    const names = tableNames(undefined, schema);
    const stored = await adminPool().query<{ tokens: number; running_tokens: string }>(
      `SELECT tokens, running_tokens FROM ${names.messagesSql} WHERE conversation_id = 'turns' AND seq > 20000 ORDER BY seq`,
    );
    expect(stored.rows).toHaveLength(2);
    expect(stored.rows.every((row) => row.tokens > 0)).toBe(true);
    expect(Number(stored.rows[1]?.running_tokens)).toBe(
      200_000 + (stored.rows[0]?.tokens ?? 0) + (stored.rows[1]?.tokens ?? 0),
    );
  });
});
