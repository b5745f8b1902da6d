// Says which PostgreSQL this run used, and fails a CI run that did not use a real server: the fault,
// concurrency and lock tests only run against one, and CI machines have the server binaries.
import { describe, expect, it } from 'vitest';
import { adminPool, database, realServer } from '../test/support/test-database.js';

const ci = process.env.CI === 'true' || process.env.CI === '1';

describe(`PostgreSQL of this run: ${database.description}`, () => {
  it('runs against a real server, or says why not — and CI requires a real one', () => {
    if (realServer) {
      expect(database.notRealReason).toBeUndefined();
    } else {
      expect(database.notRealReason).toMatch(/\S/);
      expect(
        ci,
        `CI=${process.env.CI}: the real-server tests did not run (${database.notRealReason}). Set DATABASE_URL or install the PostgreSQL server binaries.`,
      ).toBe(false);
    }
  });

  it('the database answers', async () => {
    const result = await adminPool().query<{ version: string }>('SELECT version()');
    expect(result.rows[0]?.version).toMatch(/^PostgreSQL \d+/);
  });
});
