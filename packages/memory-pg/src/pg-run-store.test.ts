// What only pgRunStore does, against the real database of this run: retention, a table per store,
// option checks. The run store conformance suite runs in test/pg-run-store-conformance.test.ts.
import { sampleSuspendedRun } from '@aigo/testing';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminPool,
  database,
  dropSchema,
  testPoolSize,
  uniqueSchema,
} from '../test/support/test-database.js';
import { pgRunStore } from './pg-run-store.js';
import type { PgRunStore } from './pg-run-store-options.js';

const schema = uniqueSchema('runs');
const stores: PgRunStore[] = [];
const open = (options: Partial<Parameters<typeof pgRunStore>[0]> = {}) => {
  const store = pgRunStore({
    connectionString: database.url,
    schema,
    poolSize: testPoolSize,
    ...options,
  });
  stores.push(store);
  return store;
};
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await dropSchema(schema);
});

describe('pgRunStore', () => {
  it('keeps the value byte for byte and migrates its table once, as a component of its own', async () => {
    const store = open({ tableName: 'exact_runs' });
    const run = sampleSuspendedRun();
    await store.save(run);
    const body = await adminPool().query<{ body: string }>(
      `SELECT body FROM "${schema}"."exact_runs" WHERE run_id = $1`,
      [run.runId],
    );
    expect(body.rows[0]?.body).toBe(JSON.stringify(run));
    const versions = await adminPool().query<{ component: string; version: number }>(
      `SELECT component, version FROM "${schema}"."aigo_migrations" WHERE component LIKE 'memory-pg-runs:%' ORDER BY component`,
    );
    expect(versions.rows).toContainEqual({ component: 'memory-pg-runs:exact_runs', version: 1 });
  });

  it('removes runs nobody resumed once the retention passes', async () => {
    const store = open({ tableName: 'short_runs', retentionMs: 60_000 });
    const old = sampleSuspendedRun();
    const recent = sampleSuspendedRun();
    await store.save(old);
    await store.save(recent);
    await adminPool().query(
      `UPDATE "${schema}"."short_runs" SET updated_at = now() - interval '2 minutes' WHERE run_id = $1`,
      [old.runId],
    );
    expect(await store.load(old.runId)).toBeUndefined();
    expect(await store.claim(old.runId, 1)).toBe(false);
    expect(await store.prune()).toBe(1);
    expect((await store.load(recent.runId))?.status).toBe('suspended');
  });

  it('refuses bad options before connecting', () => {
    expect(() => pgRunStore({ connectionString: database.url, tableName: 'bad name' })).toThrow(
      expect.objectContaining({ argument: 'tableName' }),
    );
    expect(() => pgRunStore({ connectionString: database.url, retentionMs: -1 })).toThrow(
      expect.objectContaining({ argument: 'retentionMs' }),
    );
    expect(() => pgRunStore({ connectionString: database.url, ttl: 5 } as never)).toThrow(
      expect.objectContaining({ argument: 'ttl' }),
    );
  });
});
