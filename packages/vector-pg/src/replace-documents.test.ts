// replaceDocuments is one transaction on the real server: a write that fails after its DELETE leaves
// the document as it was, documents outside the call are never touched, and two writers replacing
// one document take turns.
import { MemoryError, type VectorRecord } from '@aigo/ai';
import { afterAll, describe, expect, it } from 'vitest';
import { adminPool, database, dropSchema, freshSchema } from '../test/support/real-database.js';
import { pgVectorStore } from './pg-vector-store.js';
import { documentLocksSql } from './write-rows.js';

const schemas: string[] = [];
afterAll(async () => {
  for (const schema of schemas) await dropSchema(schema);
});

function records(documentId: string, count: number, offset: number): VectorRecord[] {
  return Array.from({ length: count }, (_, position) => ({
    id: `${documentId}#${position}`,
    vector: [1 + offset, position, 0.5],
    text: `chunk ${position} of ${documentId}, version ${offset}`,
    position,
    model: 'm',
  }));
}

describe('replaceDocuments on the real server', () => {
  it('rolls back the delete when an insert fails: the old records stay', async () => {
    const schema = freshSchema();
    schemas.push(schema);
    const store = pgVectorStore({
      connectionString: database.url,
      dimensions: 3,
      index: 'exact',
      schema,
    });
    try {
      await store.replaceDocuments([
        { document: { id: 'a', title: 'A' }, version: 'v1', records: records('a', 3, 0) },
        { document: { id: 'b' }, version: 'v1', records: records('b', 2, 0) },
      ]);
      // The database refuses one record of the next write, after the DELETE of its documents ran.
      await adminPool().query(`
        CREATE FUNCTION "${schema}".refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.id = 'a#boom' THEN RAISE EXCEPTION 'refused by the test'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER refuse_boom BEFORE INSERT ON ${store.label}
          FOR EACH ROW EXECUTE FUNCTION "${schema}".refuse_boom();`);
      const failing = [...records('a', 4, 1), { id: 'a#boom', vector: [1, 1, 1], model: 'm' }];
      await expect(
        store.replaceDocuments([{ document: { id: 'a' }, version: 'v2', records: failing }]),
      ).rejects.toBeInstanceOf(MemoryError);
      expect(await store.documents(['a', 'b'])).toEqual([
        { id: 'a', version: 'v1', model: 'm', records: 3 },
        { id: 'b', version: 'v1', model: 'm', records: 2 },
      ]);
      const [kept] = await store.get(['a#0']);
      expect(kept).toMatchObject({
        text: 'chunk 0 of a, version 0',
        document: { id: 'a', title: 'A' },
        position: 0,
        model: 'm',
      });
      // Without the failing record the same write replaces exactly document a.
      await store.replaceDocuments([
        { document: { id: 'a' }, version: 'v2', records: records('a', 4, 1) },
      ]);
      expect(await store.documents(['a', 'b'])).toEqual([
        { id: 'a', version: 'v2', model: 'm', records: 4 },
        { id: 'b', version: 'v1', model: 'm', records: 2 },
      ]);
      expect((await store.get(['a#0']))[0]?.document).toEqual({ id: 'a' });
    } finally {
      await store.close();
    }
  });

  it('takes turns with another transaction replacing the same document', async () => {
    const schema = freshSchema();
    schemas.push(schema);
    const store = pgVectorStore({
      connectionString: database.url,
      dimensions: 3,
      index: 'exact',
      schema,
    });
    const admin = await adminPool().connect();
    try {
      await store.replaceDocuments([
        { document: { id: 'a' }, version: 'v1', records: records('a', 3, 0) },
      ]);
      // Another writer replaces document a and has not committed yet.
      await admin.query('BEGIN');
      await admin.query(documentLocksSql, [['a'], store.label]);
      await admin.query(`DELETE FROM ${store.label} WHERE document_id = 'a'`);
      await admin.query(
        `INSERT INTO ${store.label} (id, embedding, norm, document_id, document_version, embedding_model)
         VALUES ('a#other', '{1,1,1}', sqrt(3), 'a', 'v-other', 'm')`,
      );
      const replacing = store.replaceDocuments([
        { document: { id: 'a' }, version: 'v2', records: records('a', 2, 1) },
      ]);
      // The store's transaction waits for the other writer's lock on document a.
      let waiting = 0;
      for (let poll = 0; poll < 5_000 && waiting === 0; poll++) {
        const { rows } = await admin.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        );
        waiting = rows[0]?.waiting ?? 0;
      }
      expect(waiting).toBe(1);
      await admin.query('COMMIT');
      await replacing;
      // Its DELETE ran after the other writer committed: only its own records are left.
      expect(await store.documents(['a'])).toEqual([
        { id: 'a', version: 'v2', model: 'm', records: 2 },
      ]);
    } finally {
      await admin.query('ROLLBACK').catch(() => undefined);
      admin.release();
      await store.close();
    }
  });
});
