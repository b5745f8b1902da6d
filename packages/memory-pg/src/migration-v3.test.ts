// Schema version 3 (token counts, running sums, summaries) reaches version 2 tables that hold data:
// every stored message gets an estimated count and its running sum, so bounded reads work at once.
import { assistantMessage, userMessage } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { adminPool, database, testStore } from '../test/support/test-database.js';
import { tableNames } from './table-names.js';

describe(`schema version 3 on version 2 tables with data (${database.kind})`, () => {
  it('backfills counts and running sums per conversation; bounded reads and appends go on from them', async () => {
    const { store: old, schema } = testStore();
    await old
      .conversation('a')
      .appendMessages([userMessage('hello'), assistantMessage('hi there')]);
    await old.conversation('b').appendMessages([userMessage('x'.repeat(400))]);
    await old.close();
    // Back to version 2: what a release before this one left.
    const names = tableNames(undefined, schema);
    for (const sql of [
      `DROP INDEX ${names.schemaSql}.${names.runningTokensKeySql}`,
      `ALTER TABLE ${names.messagesSql} DROP COLUMN tokens, DROP COLUMN running_tokens`,
      `ALTER TABLE ${names.conversationsSql} DROP COLUMN total_tokens, DROP COLUMN summary`,
      `DELETE FROM "${schema}"."aigo_migrations" WHERE version = 3`,
    ]) {
      await adminPool().query(sql);
    }

    const { store } = testStore({ schema });
    const window = await store.conversation('a').readContext({ maxTokens: 1_000_000 });
    expect(window.messages).toEqual([userMessage('hello'), assistantMessage('hi there')]);
    const rows = await adminPool().query<{
      id: string;
      tokens: number;
      running: string;
      bytes: number;
    }>(
      `SELECT conversation_id AS id, tokens, running_tokens AS running, octet_length(body::text) AS bytes
       FROM ${names.messagesSql} ORDER BY conversation_id, seq`,
    );
    const [a1, a2, b1] = rows.rows;
    expect(a1?.tokens).toBe(Math.ceil((a1?.bytes ?? 0) / 4));
    expect(Number(a1?.running)).toBe(a1?.tokens);
    expect(Number(a2?.running)).toBe((a1?.tokens ?? 0) + (a2?.tokens ?? 0));
    expect(Number(b1?.running)).toBe(b1?.tokens);
    expect(b1?.tokens).toBeGreaterThan(100);
    expect(window.tokenCounts).toEqual([a1?.tokens, a2?.tokens]);

    // An append after the migration continues the sums.
    await store.conversation('a').appendMessages([userMessage('more')], { tokenCounts: [7] });
    const next = await store.conversation('a').readContext({ maxTokens: 7 });
    expect(next.messages).toEqual([userMessage('more')]);
    expect(next.tokenCounts).toEqual([7]);
    const total = await adminPool().query<{ total: string }>(
      `SELECT total_tokens AS total FROM ${names.conversationsSql} WHERE conversation_id = 'a'`,
    );
    expect(Number(total.rows[0]?.total)).toBe((a1?.tokens ?? 0) + (a2?.tokens ?? 0) + 7);
  });
});
