// Versioned reads of whole conversations that would wait for a connection are merged into one
// statement (`BatchedReads`): each read still gets exactly its own conversation, at its own version,
// and aborts and failures stay per read.
import { AbortError, MemoryError, type Message } from '@aigo/ai';
import pg from 'pg';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { database, testPoolSize, testStore } from '../test/support/test-database.js';
import { MAX_BATCH } from './batched-reads.js';
import type { PgMemoryStore } from './pg-memory-options.js';

const user = (text: string): Message => ({ role: 'user', content: text });
const assistant = (text: string): Message => ({ role: 'assistant', content: text });

let held: pg.PoolClient[] = [];
afterEach(() => {
  for (const client of held) client.release();
  held = [];
});

/** A store on a pool of its own whose every connection the test can hold, and counts of checkouts. */
async function busyStore(): Promise<{
  store: PgMemoryStore;
  schema: string;
  pool: pg.Pool;
  checkouts: () => number;
  hold: () => Promise<void>;
  release: () => void;
}> {
  const pool = new pg.Pool({ connectionString: database.url, max: testPoolSize });
  pool.on('error', () => undefined);
  const { store, schema } = testStore({ pool });
  onTestFinished(() => pool.end());
  await store.ready();
  let count = 0;
  pool.on('acquire', () => {
    count++;
  });
  return {
    store,
    schema,
    pool,
    checkouts: () => count,
    // Every connection of the pool taken by the test: the store's statements must wait.
    async hold() {
      held = await Promise.all(Array.from({ length: testPoolSize }, () => pool.connect()));
    },
    release() {
      for (const client of held) client.release();
      held = [];
    },
  };
}

/** `count` conversations, the n-th holding n + 1 turns. */
async function seed(store: PgMemoryStore, count: number, prefix = 'c'): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, index) => `${prefix}${index}`);
  for (const [index, id] of ids.entries()) {
    for (let turn = 0; turn <= index % 4; turn++) {
      await store
        .conversation(id)
        .appendMessages([user(`${id} q${turn}`), assistant(`${id} a${turn}`)]);
    }
  }
  return ids;
}

/** Resolves once the pool has `count` callers waiting for a connection (polled on the event loop). */
async function waiting(pool: pg.Pool, count: number): Promise<void> {
  while (pool.waitingCount < count) await new Promise((resolve) => setImmediate(resolve));
}

describe(`merged versioned reads (${database.kind})`, () => {
  it('reads that wait for a connection go in one statement, each getting its own conversation and version', async () => {
    const { store, pool, checkouts, hold, release } = await busyStore();
    const ids = await seed(store, 6);
    const alone = await Promise.all(ids.map((id) => store.conversation(id).readVersioned()));
    await hold();
    const before = checkouts();
    const merged = Promise.all(ids.map((id) => store.conversation(id).readVersioned()));
    // One batch waits for one connection.
    await waiting(pool, 1);
    expect(pool.waitingCount).toBe(1);
    release();
    const read = await merged;
    expect(read).toEqual(alone);
    expect(checkouts() - before).toBe(1);
    for (const [index, id] of ids.entries()) {
      expect(read[index]?.messages).toHaveLength(2 * ((index % 4) + 1));
      expect(read[index]?.messages[0]).toEqual(user(`${id} q0`));
      expect(read[index]?.version).toBeGreaterThan(0);
    }
  });

  it('bounded reads (readContext) merge too, each with its own budget', async () => {
    const { store, pool, checkouts, hold, release } = await busyStore();
    const ids = await seed(store, 5);
    const budgets = [1, 10, 1_000, 25, 100_000];
    const readAll = () =>
      Promise.all(
        ids.map((id, index) =>
          store.conversation(id).readContext({ maxTokens: budgets[index] as number }),
        ),
      );
    const alone = await readAll();
    // The budgets cut the windows differently: the comparison is not between empty reads.
    expect(new Set(alone.map((window) => window.messages.length)).size).toBeGreaterThan(1);
    await hold();
    const before = checkouts();
    const merged = readAll();
    await waiting(pool, 1);
    release();
    expect(await merged).toEqual(alone);
    expect(checkouts() - before).toBe(1);
  });

  it('a conversation that holds nothing reads as empty at version 0, in a batch too', async () => {
    const { store, pool, hold, release } = await busyStore();
    const [id] = await seed(store, 1);
    await hold();
    const reads = Promise.all([
      store.conversation(id as string).readVersioned(),
      store.conversation('never-written').readVersioned(),
    ]);
    await waiting(pool, 1);
    release();
    const [stored, empty] = await reads;
    expect(stored?.messages).toHaveLength(2);
    expect(empty).toEqual({ messages: [], version: 0 });
  });

  it('a second read of a conversation already in the batch goes alone; a full batch opens the next', async () => {
    const { store, pool, checkouts, hold, release } = await busyStore();
    const ids = await seed(store, MAX_BATCH + 3, 'm');
    await hold();
    const before = checkouts();
    const first = ids[0] as string;
    const again = [
      store.conversation(first).readVersioned(),
      store.conversation(first).readVersioned(),
    ];
    const reads = Promise.all(ids.slice(1).map((id) => store.conversation(id).readVersioned()));
    // Two batches (MAX_BATCH, then 3) and the repeated read.
    await waiting(pool, 3);
    release();
    const [once, twice] = await Promise.all(again);
    expect(twice).toEqual(once);
    expect(once?.messages[0]).toEqual(user(`${first} q0`));
    expect((await reads).map((one) => one.messages[0])).toEqual(
      ids.slice(1).map((id) => user(`${id} q0`)),
    );
    expect(checkouts() - before).toBe(3);
  });

  it('an aborted read rejects at once; the others of its batch still get their rows', async () => {
    const { store, pool, hold, release } = await busyStore();
    const ids = await seed(store, 3);
    await hold();
    const controller = new AbortController();
    const aborted = store
      .conversation(ids[0] as string)
      .readVersioned({ signal: controller.signal });
    const others = Promise.all(ids.slice(1).map((id) => store.conversation(id).readVersioned()));
    await waiting(pool, 1);
    controller.abort();
    await expect(aborted).rejects.toBeInstanceOf(AbortError);
    release();
    const read = await others;
    expect(read.map((one) => one.messages[0])).toEqual(ids.slice(1).map((id) => user(`${id} q0`)));
  });

  it('a merged statement that fails rejects every read of the batch with a MemoryError', async () => {
    const { store, schema, pool, hold, release } = await busyStore();
    const ids = await seed(store, 3);
    await hold();
    const reads = ids.map((id) => store.conversation(id).readVersioned());
    await waiting(pool, 1);
    // The tables are gone by the time the batch gets its connection.
    await held[0]?.query(`DROP SCHEMA "${schema}" CASCADE`);
    release();
    for (const read of reads) await expect(read).rejects.toBeInstanceOf(MemoryError);
  });
});
