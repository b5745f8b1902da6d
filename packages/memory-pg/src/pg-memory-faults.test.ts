// Faults that need a real PostgreSQL server: concurrency, killed backends, lock waits. PGlite serves
// one session at a time and has no pg_terminate_backend, so on PGlite this file reports itself as
// not run, with the reason (and real-server-path.test.ts fails the run when CI is set).
import { AbortError, MemoryError, type Message, userMessage } from '@aigo/ai';
import { migrationLockKey } from '@aigo/pg';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  adminPool,
  database,
  realServer,
  testStore,
  uniqueSchema,
  until,
} from '../test/support/test-database.js';
import { SCHEMA_VERSION } from './migrations.js';
import { pgMemoryStore } from './pg-memory-store.js';

const title = realServer
  ? `faults against a real server (${database.description})`
  : `faults against a real server — NOT RUN: ${database.notRealReason}`;

const turn = (label: string): Message[] => [
  { role: 'user', content: `${label} u` },
  { role: 'assistant', content: `${label} a` },
];

/** The pid of a backend of `applicationName` waiting on a lock (of `lockType`, when given). */
function blockedBackend(
  applicationName: string,
  options: { lockType?: string; not?: number } = {},
): Promise<number> {
  return until(async () => {
    const result = await adminPool().query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE application_name = $1 AND wait_event_type = 'Lock'
         AND ($2::text IS NULL OR wait_event = $2) AND pid <> $3`,
      [applicationName, options.lockType ?? null, options.not ?? 0],
    );
    return result.rows[0]?.pid;
  }, `a backend of ${applicationName} to wait on a lock`);
}

async function terminate(pid: number): Promise<void> {
  const result = await adminPool().query('SELECT pg_terminate_backend($1) AS done', [pid]);
  expect(result.rows).toEqual([{ done: true }]);
}

/** A dedicated admin connection holding a transaction open. */
async function openTransaction(): Promise<pg.PoolClient> {
  const client = await adminPool().connect();
  await client.query('BEGIN');
  return client;
}

async function endTransaction(client: pg.PoolClient, statement: 'COMMIT' | 'ROLLBACK') {
  try {
    await client.query(statement);
  } finally {
    client.release();
  }
}

async function storedSeqs(schema: string, conversationId: string): Promise<number[]> {
  const result = await adminPool().query<{ seq: number }>(
    `SELECT seq::int AS seq FROM "${schema}"."aigo_messages" WHERE conversation_id = $1 ORDER BY seq`,
    [conversationId],
  );
  return result.rows.map((row) => row.seq);
}

describe.skipIf(!realServer)(title, () => {
  it('20 concurrent writers × 100 turns over 5 conversations: every message once, writer order kept, seq gap-free', async () => {
    const schema = uniqueSchema('conc');
    // Two stores (two pools) on one schema, as two processes would be; they migrate concurrently.
    const { store: first } = testStore({ schema, poolSize: 8 });
    const second = pgMemoryStore({ connectionString: database.url, schema, poolSize: 8 });
    const writers = 20;
    const turns = 100;
    try {
      await Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          const store = writer % 2 === 0 ? first : second;
          const memory = store.conversation(`conversation-${writer % 5}`);
          for (let index = 0; index < turns; index++) {
            await memory.appendMessages(turn(`w${writer} t${index}`));
          }
        }),
      );
    } finally {
      await second.close();
    }
    for (let conversation = 0; conversation < 5; conversation++) {
      const id = `conversation-${conversation}`;
      const messages = await first.conversation(id).allMessages();
      const contents = messages.map((message) => message.content as string);
      const perConversation = (writers / 5) * turns * 2;
      expect(contents.length).toBe(perConversation);
      expect(new Set(contents).size).toBe(perConversation);
      expect(await storedSeqs(schema, id)).toEqual(
        Array.from({ length: perConversation }, (_, index) => index + 1),
      );
      for (let writer = conversation; writer < writers; writer += 5) {
        const positions = Array.from({ length: turns }, (_, index) =>
          contents.indexOf(`w${writer} t${index} u`),
        );
        for (const [index, position] of positions.entries()) {
          expect(position, `writer ${writer} turn ${index}`).toBeGreaterThanOrEqual(0);
          // The turn is contiguous (one atomic batch) and after the writer's previous turn.
          expect(contents[position + 1]).toBe(`w${writer} t${index} a`);
          if (index > 0) expect(position).toBeGreaterThan(positions[index - 1] as number);
        }
      }
    }
    const migrations = await adminPool().query(
      `SELECT count(*)::int AS n FROM "${schema}"."aigo_migrations" WHERE component = 'memory-pg:aigo_messages'`,
    );
    expect(migrations.rows).toEqual([{ n: SCHEMA_VERSION }]);
  });

  it('an idle connection killed between turns never crashes the process; the next turn succeeds on a fresh one', async () => {
    let reportPoolError: (error: Error) => void = () => undefined;
    const poolError = new Promise<Error>((resolve) => {
      reportPoolError = resolve;
    });
    const { store, schema, applicationName } = testStore({
      poolSize: 2,
      onPoolError: (error) => reportPoolError(error),
    });
    const memory = store.conversation('between');
    await memory.appendMessages(turn('t1'));
    const backends = await adminPool().query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
    expect(backends.rows.length).toBe(1);
    await terminate(backends.rows[0]?.pid as number);
    // The pool reports the dead idle connection (to onPoolError) and drops it; nothing throws.
    const error = await poolError;
    expect(error.message).toMatch(/terminating connection due to administrator command/);
    await memory.appendMessages(turn('t2'));
    expect(await memory.allMessages()).toEqual([...turn('t1'), ...turn('t2')]);
    expect(await storedSeqs(schema, 'between')).toEqual([1, 2, 3, 4]);
  });

  it('the backend killed during a turn: the turn fails with MemoryError 57P01, writes nothing; the next turn succeeds', async () => {
    const { store, schema, applicationName } = testStore({ poolSize: 2 });
    const memory = store.conversation('during');
    await memory.appendMessages(turn('t1'));
    // Hold the conversation's counter row, so the next turn's statement waits inside its transaction.
    const holder = await openTransaction();
    let inFlight: Promise<unknown> | undefined;
    try {
      await holder.query(
        `SELECT 1 FROM "${schema}"."aigo_messages_conversations" WHERE conversation_id = $1 FOR UPDATE`,
        ['during'],
      );
      inFlight = memory.appendMessages(turn('t2')).catch((caught: unknown) => caught);
      const pid = await blockedBackend(applicationName);
      await terminate(pid);
      const error = await inFlight;
      expect(MemoryError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'memory_error', pgCode: '57P01' });
      expect((error as Error).message).toMatch(
        /failed: terminating connection due to administrator command \(SQLSTATE 57P01\) \(server 127\.0\.0\.1:\d+\)$/,
      );
    } finally {
      await endTransaction(holder, 'ROLLBACK');
      await inFlight;
    }
    // Nothing of the failed turn was written, and its sequence numbers were not used up.
    expect(await storedSeqs(schema, 'during')).toEqual([1, 2]);
    await memory.appendMessages(turn('t3'));
    expect(await memory.allMessages()).toEqual([...turn('t1'), ...turn('t3')]);
    expect(await storedSeqs(schema, 'during')).toEqual([1, 2, 3, 4]);
  });

  it('a read whose backend is killed is retried once on a fresh connection', async () => {
    const { store, schema, applicationName } = testStore({ poolSize: 2 });
    const memory = store.conversation('read');
    await memory.appendMessages(turn('t1'));
    const holder = await openTransaction();
    let read: Promise<Message[]> | undefined;
    try {
      await holder.query(`LOCK TABLE "${schema}"."aigo_messages" IN ACCESS EXCLUSIVE MODE`);
      read = memory.allMessages();
      const first = await blockedBackend(applicationName);
      await terminate(first);
      // The retry waits on the same lock from another backend.
      await blockedBackend(applicationName, { not: first });
    } finally {
      await endTransaction(holder, 'ROLLBACK');
    }
    expect(await read).toEqual(turn('t1'));
  });

  it('an aborted signal rejects a waiting read at once, and the store stays usable', async () => {
    const { store, schema, applicationName } = testStore({ poolSize: 2 });
    const memory = store.conversation('abort');
    await memory.appendMessages(turn('t1'));
    const holder = await openTransaction();
    try {
      await holder.query(`LOCK TABLE "${schema}"."aigo_messages" IN ACCESS EXCLUSIVE MODE`);
      const controller = new AbortController();
      const read = memory.allMessages({ signal: controller.signal });
      await blockedBackend(applicationName);
      controller.abort();
      await expect(read).rejects.toSatisfy((error) => AbortError.isInstance(error));
    } finally {
      await endTransaction(holder, 'ROLLBACK');
    }
    expect(await memory.allMessages()).toEqual(turn('t1'));
  });

  const locks: ReadonlyArray<[string, (schema: string) => readonly [number, number]]> = [
    [
      "another process holds (the version table's)",
      (schema) => migrationLockKey(schema, 'aigo_migrations'),
    ],
  ];
  it.each(locks)(
    'the migration waits for the advisory lock %s, then runs once',
    async (_label, lockOf) => {
      const schema = uniqueSchema('lock');
      const { store, applicationName } = testStore({ schema });
      const [namespace, key] = lockOf(schema);
      const holder = await openTransaction();
      let ready: Promise<void> | undefined;
      try {
        await holder.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [namespace, key]);
        ready = store.ready();
        await blockedBackend(applicationName, { lockType: 'advisory' });
        const exists = await adminPool().query('SELECT to_regclass($1) AS table', [
          `"${schema}"."aigo_messages"`,
        ]);
        expect(exists.rows).toEqual([{ table: null }]);
      } finally {
        await endTransaction(holder, 'COMMIT');
      }
      await ready;
      await store.conversation('c').appendMessages(turn('t1'));
      expect(await store.conversation('c').allMessages()).toEqual(turn('t1'));
    },
  );

  it('eight stores starting at once on a new schema all succeed; the migration runs once', async () => {
    const schema = uniqueSchema('race');
    const { store } = testStore({ schema, poolSize: 1 });
    const others = Array.from({ length: 7 }, () =>
      pgMemoryStore({ connectionString: database.url, schema, poolSize: 1 }),
    );
    try {
      const everyone = [store, ...others];
      await Promise.all(
        everyone.map((each, index) =>
          each.conversation(`c${index}`).appendMessage(userMessage('hi')),
        ),
      );
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
    const versions = await adminPool().query(
      `SELECT version FROM "${schema}"."aigo_migrations" WHERE component = 'memory-pg:aigo_messages' ORDER BY version`,
    );
    expect(versions.rows).toEqual([{ version: 1 }]);
    expect((await store.listConversations()).length).toBe(8);
  });
});
