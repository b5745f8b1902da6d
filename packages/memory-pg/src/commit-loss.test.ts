// A connection lost around COMMIT, made deterministic by a proxy between the store's pool and the
// server (startPgFaultProxy of @aigo/pg/testing), which cuts the connection right after the server
// committed a write, or right before it runs one. The writer cannot tell which happened; sending the
// same write again (same turnId) settles it without a second copy.
import { MemoryError, type Message } from '@aigo/ai';
import { type PgFaultProxy, startPgFaultProxy } from '@aigo/pg/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPool, database, realServer, testStore } from '../test/support/test-database.js';

const turn = (label: string): Message[] => [
  { role: 'user', content: `${label} question` },
  { role: 'assistant', content: `${label} answer` },
];

describe.skipIf(!realServer)(
  realServer
    ? `a connection lost around COMMIT (${database.description})`
    : `a connection lost around COMMIT — NOT RUN: ${database.notRealReason}`,
  () => {
    let proxy: PgFaultProxy;
    beforeAll(async () => {
      const target = new URL(database.url);
      proxy = await startPgFaultProxy({ host: target.hostname, port: Number(target.port) });
    });
    afterAll(() => proxy?.close());

    /** A store whose pool goes through the proxy (its tables are migrated first, directly). */
    async function proxiedStore() {
      const direct = testStore();
      await direct.store.ready();
      const { store } = testStore({
        connectionString: proxy.urlFor(database.url),
        schema: direct.schema,
        poolSize: 1,
      });
      return { store, schema: direct.schema };
    }

    async function stored(schema: string, conversationId: string) {
      const rows = await adminPool().query<{ content: string; turn_id: string | null }>(
        `SELECT body->>'content' AS content, turn_id FROM "${schema}"."aigo_messages"
         WHERE conversation_id = $1 ORDER BY seq`,
        [conversationId],
      );
      return rows.rows;
    }

    it.each([
      ['committed, then the connection cut', 'after'],
      ['cut before the statement ran', 'before'],
    ] as const)(
      'a versioned write %s: it fails with MemoryError; the retry with the same turnId stores it exactly once',
      async (_label, when) => {
        const { store, schema } = await proxiedStore();
        const memory = store.conversation('c');
        await memory.appendMessages(turn('t1'));
        const { version } = await memory.readVersioned();
        const write = () =>
          memory.appendMessages(turn('t2'), { expectedVersion: version, turnId: 'turn-2' });

        const cut =
          when === 'after' ? proxy.cutAfterNextCommit(/^INSERT/) : proxy.cutBeforeNextExecute();
        const error = await write().catch((caught: unknown) => caught);
        await cut;
        expect(MemoryError.isInstance(error)).toBe(true);
        expect((error as Error).message).toMatch(/connection to PostgreSQL at .* was lost/);
        expect((await stored(schema, 'c')).length).toBe(when === 'after' ? 4 : 2);

        // The retry: same messages, same expected version, same turn id.
        await write();
        await write();
        const rows = await stored(schema, 'c');
        expect(rows.map((row) => row.content)).toEqual([
          't1 question',
          't1 answer',
          't2 question',
          't2 answer',
        ]);
        expect(rows.filter((row) => row.turn_id === 'turn-2')).toHaveLength(1);
        // One write, one version change: a stale writer still conflicts.
        const after = await memory.readVersioned();
        expect(after.version).not.toBe(version);
        await expect(
          memory.appendMessages(turn('stale'), { expectedVersion: version, turnId: 'turn-3' }),
        ).rejects.toMatchObject({ code: 'conversation_conflict', actualVersion: after.version });
      },
    );

    it('a plain write with a turnId, committed then cut: the retry resolves without a second copy', async () => {
      const { store, schema } = await proxiedStore();
      const memory = store.conversation('plain');
      const cut = proxy.cutAfterNextCommit(/^INSERT/);
      await expect(memory.appendMessages(turn('p1'), { turnId: 'plain-1' })).rejects.toSatisfy(
        (error) => MemoryError.isInstance(error),
      );
      await cut;
      await memory.appendMessages(turn('p1'), { turnId: 'plain-1' });
      expect((await stored(schema, 'plain')).map((row) => row.content)).toEqual([
        'p1 question',
        'p1 answer',
      ]);
    });
  },
);
