import { runStoreConformance, sampleSuspendedRun } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { inMemoryRunStore } from './in-memory-run-store.js';

const shared = inMemoryRunStore();
runStoreConformance({ name: 'inMemoryRunStore', makeStore: () => shared });

describe('inMemoryRunStore', () => {
  it('drops runs nobody resumed once the retention passes', async () => {
    let now = 1_000;
    const store = inMemoryRunStore({ retentionMs: 60_000, now: () => now });
    const run = sampleSuspendedRun('r1');
    await store.save(run);
    now += 59_999;
    expect((await store.load('r1'))?.status).toBe('suspended');
    now += 2;
    expect(await store.load('r1')).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it('returns copies: changing the saved object changes nothing stored', async () => {
    const store = inMemoryRunStore();
    const run = sampleSuspendedRun('r2');
    await store.save(run);
    (run.state as Record<string, unknown>).iteration = 99;
    expect((await store.load('r2'))?.suspended.state.iteration).toBe(2);
  });

  it('refuses bad options', () => {
    expect(() => inMemoryRunStore({ retentionMs: 0 })).toThrow(
      expect.objectContaining({ argument: 'retentionMs' }),
    );
  });
});
