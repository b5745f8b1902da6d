// The README's example, run as written there (imports adjusted to the source tree; the schema
// `notes_app` replaced by a fresh one, dropped after the test; console output asserted instead of printed).
import { describe, expect, it } from 'vitest';
import { migrate, openPgPool, qualifiedName, toStoreError } from '../src/index.js';
import { withTestSchema } from '../src/testing/vitest.js';
import { database } from './support/helpers.js';

describe('README example', () => {
  it('migrates, maps a failure, closes the pool it owns', async () => {
    const schema = await withTestSchema({ prefix: 'notes_app', create: false });
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = database.url;
    const printed: unknown[] = [];
    try {
      const handle = openPgPool(
        { connectionString: process.env.DATABASE_URL },
        { defaultApplicationName: 'aigo-notes' },
      );
      const notes = qualifiedName(schema, 'notes');

      const result = await migrate(handle.pool, {
        schema,
        component: 'notes',
        migrations: [
          {
            version: 1,
            name: 'notes table',
            up: `CREATE TABLE ${notes} (id bigint PRIMARY KEY, body text)`,
          },
        ],
      });
      printed.push(result);

      try {
        await handle.pool.query(`INSERT INTO ${notes} VALUES (1, 'first'), (1, 'again')`);
      } catch (error) {
        const failure = toStoreError(error, {
          operation: `Saving to ${notes}`,
          server: handle.server,
        });
        printed.push(failure.message);
      }

      await handle.close();
      expect(handle.pool.ended).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
    expect(printed).toEqual([
      { version: 1, applied: [1], adopted: 0 },
      `Saving to "${schema}"."notes" failed: duplicate key value violates unique constraint "notes_pkey" (SQLSTATE 23505)`,
    ]);
  });
});
