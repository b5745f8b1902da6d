import assert from 'node:assert/strict';
import {
  AbortError,
  RunConflictError,
  type RunStore,
  SUSPENDED_RUN_FORMAT,
  type SuspendedRun,
  ValidationError,
} from '@aigo/ai';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';

/** What `runStoreConformance` tests. */
export interface RunStoreConformanceOptions {
  /** Shown in the suite title. Default `run store`. */
  readonly name?: string;
  /** A run store; each check uses its own run ids, so stores may share their data. */
  readonly makeStore: () => RunStore | Promise<RunStore>;
  /** Runs after each check (close pools, drop schemas). The suite never calls `close()` itself. */
  readonly cleanup?: () => void | Promise<void>;
  /** Per-check timeout in milliseconds (default: vitest's). */
  readonly timeoutMs?: number;
}

let counter = 0;

/** A suspended run as an agent makes one, with JSON that must survive the store unchanged. */
export function sampleSuspendedRun(runId = `run-${Date.now()}-${++counter}`): SuspendedRun {
  return {
    format: SUSPENDED_RUN_FORMAT,
    version: 1,
    runId,
    agent: 'assistant',
    requests: [
      {
        id: 'call_1',
        type: 'tool_approval',
        toolCall: { id: 'call_1', name: 'send_money', arguments: '{"to":"ålice 😀","amount":20}' },
        message: 'Send 20 to ålice?',
      },
    ],
    state: {
      iteration: 2,
      turn: [{ role: 'user', content: 'Unicode: héllo 😀 — "quotes", \\ back\\slash,\nnew line' }],
      nested: { list: [1, 2.5, -3e-7, true, false, null, 'x'], empty: {}, none: [] },
    },
    signature: 'hmac-sha256:c2lnbmF0dXJl',
  };
}

/** The checks of the run store conformance suite, for any test runner. */
export function runStoreConformanceChecks(options: RunStoreConformanceOptions): ConformanceCheck[] {
  const check = (name: string, body: (store: RunStore) => Promise<void>): ConformanceCheck => ({
    name,
    run: async () => body(await options.makeStore()),
  });
  return [
    check('load of a run never saved resolves undefined', async (store) => {
      assert.equal(await store.load(`missing-${++counter}`), undefined);
    }),
    check('save stores the value unchanged at revision 1, status suspended', async (store) => {
      const run = sampleSuspendedRun();
      const saved = await store.save(run);
      assert.equal(saved.runId, run.runId);
      assert.equal(saved.revision, 1);
      assert.equal(saved.status, 'suspended');
      assert.equal(typeof saved.updatedAt, 'number');
      assert.deepEqual(saved.suspended, run);
      const loaded = await store.load(run.runId);
      assert.deepEqual(loaded?.suspended, run);
      assert.equal(loaded?.revision, 1);
      assert.equal(loaded?.status, 'suspended');
    }),
    check('saving again replaces the value and raises the revision', async (store) => {
      const run = sampleSuspendedRun();
      await store.save(run);
      const changed = { ...run, requests: [] };
      const saved = await store.save(changed);
      assert.equal(saved.revision, 2);
      assert.deepEqual((await store.load(run.runId))?.suspended, changed);
    }),
    check(
      'save with a stale expectedRevision rejects with RunConflictError and changes nothing',
      async (store) => {
        const run = sampleSuspendedRun();
        await store.save(run, { expectedRevision: 0 });
        await expectRejection(
          () => store.save({ ...run, requests: [] }, { expectedRevision: 0 }),
          (error) => RunConflictError.isInstance(error),
          'save({ expectedRevision: 0 }) over a stored run',
        );
        await expectRejection(
          () => store.save({ ...run, requests: [] }, { expectedRevision: 5 }),
          (error) => RunConflictError.isInstance(error),
          'save({ expectedRevision: 5 }) at revision 1',
        );
        const loaded = await store.load(run.runId);
        assert.equal(loaded?.revision, 1);
        assert.deepEqual(loaded?.suspended, run);
        assert.equal((await store.save(run, { expectedRevision: 1 })).revision, 2);
      },
    ),
    check('claim is a compare-and-set on the revision of a suspended run', async (store) => {
      const run = sampleSuspendedRun();
      await store.save(run);
      assert.equal(await store.claim(run.runId, 2), false, 'claim at a revision never stored');
      assert.equal(await store.claim(run.runId, 1), true, 'claim at the stored revision');
      assert.equal(await store.claim(run.runId, 1), false, 'a second claim of the same revision');
      assert.equal(await store.claim(run.runId, 2), false, 'a claim of a claimed run');
      const loaded = await store.load(run.runId);
      assert.equal(loaded?.status, 'claimed');
      assert.equal(loaded?.revision, 2);
      assert.equal(await store.claim(`missing-${++counter}`, 1), false, 'claim of an unknown run');
    }),
    check('of many concurrent claims of one revision exactly one wins', async (store) => {
      const run = sampleSuspendedRun();
      await store.save(run);
      const others = await Promise.all(Array.from({ length: 7 }, () => options.makeStore()));
      const outcomes = await Promise.all(
        [store, ...others].flatMap((each) => [each.claim(run.runId, 1), each.claim(run.runId, 1)]),
      );
      assert.equal(outcomes.filter(Boolean).length, 1, `winners: ${JSON.stringify(outcomes)}`);
    }),
    check(
      'a claimed run saved again against its claimed revision is suspended again',
      async (store) => {
        const run = sampleSuspendedRun();
        await store.save(run);
        assert.equal(await store.claim(run.runId, 1), true);
        const again = await store.save({ ...run, requests: [] }, { expectedRevision: 2 });
        assert.equal(again.revision, 3);
        assert.equal(again.status, 'suspended');
        assert.equal(await store.claim(run.runId, 3), true);
      },
    ),
    check('delete removes the run and says whether there was one', async (store) => {
      const run = sampleSuspendedRun();
      await store.save(run);
      assert.equal(await store.delete(run.runId), true);
      assert.equal(await store.load(run.runId), undefined);
      assert.equal(await store.delete(run.runId), false);
      assert.equal(await store.claim(run.runId, 1), false);
    }),
    check('bad arguments reject with ValidationError naming them', async (store) => {
      const named = (argument: string) => (error: unknown) =>
        ValidationError.isInstance(error) && error.argument.startsWith(argument);
      await expectRejection(() => store.save(null as never), named('suspended'), 'save(null)');
      await expectRejection(
        () => store.save({ ...sampleSuspendedRun(), format: 'other' } as never),
        named('suspended'),
        'save of a value that is not a SuspendedRun',
      );
      await expectRejection(
        () => store.save({ ...sampleSuspendedRun(), runId: '' }),
        named('suspended'),
        'save of a run without an id',
      );
      await expectRejection(
        () => store.save(sampleSuspendedRun(), { expectedRevision: -1 }),
        named('expectedRevision'),
        'save with expectedRevision -1',
      );
      await expectRejection(() => store.load(''), named('runId'), "load('')");
      await expectRejection(() => store.claim('x', 1.5), named('revision'), 'claim at 1.5');
      await expectRejection(() => store.claim('', 1), named('runId'), "claim('')");
      await expectRejection(() => store.delete(7 as never), named('runId'), 'delete(7)');
    }),
    check('an aborted signal rejects every call with AbortError', async (store) => {
      const signal = AbortSignal.abort();
      const run = sampleSuspendedRun();
      const aborted = (error: unknown) => AbortError.isInstance(error);
      await expectRejection(
        () => store.save(run, { signal }),
        aborted,
        'save with an aborted signal',
      );
      assert.equal(await store.load(run.runId), undefined, 'an aborted save stored nothing');
      await store.save(run);
      await expectRejection(() => store.load(run.runId, { signal }), aborted, 'load');
      await expectRejection(() => store.claim(run.runId, 1, { signal }), aborted, 'claim');
      await expectRejection(() => store.delete(run.runId, { signal }), aborted, 'delete');
      assert.equal((await store.load(run.runId))?.status, 'suspended');
    }),
  ];
}
