import assert from 'node:assert/strict';
import {
  GraphChangedError,
  type GraphCheckpointer,
  GraphRunNotFoundError,
  GraphRunNotSuspendedError,
  RunConflictError,
  StaleFencingTokenError,
} from '@aigo/ai';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';
import { completed, GRAPH, RESPONSES, runId, suspendedNode } from './checkpointer-fixtures.js';

/**
 * The checks of suspended runs every `GraphCheckpointer` must pass: a run finished as `suspended`
 * stays resumable and a plain claim leaves it alone; a claim for a resume takes it once (responses
 * recorded, deadline moved; racing claims: one wins, the others get `RunConflictError`); a resume of
 * a run that is not suspended is refused. Part of `checkpointerConformanceChecks`.
 */
export function checkpointerSuspensionChecks(
  check: (name: string, body: (store: GraphCheckpointer) => Promise<void>) => ConformanceCheck,
): ConformanceCheck[] {
  return [
    check(
      'finish as suspended keeps the run resumable: a claim without resume leaves it suspended, unclaimed',
      async (store) => {
        const id = runId();
        const { fencingToken } = await store.claim(id, { graph: GRAPH, input: {} });
        await store.writeNode(id, fencingToken, completed('a', 1));
        await store.writeNode(id, fencingToken, suspendedNode('b'));
        await store.finish(id, fencingToken, { status: 'suspended' });
        const record = await store.load(id);
        assert.equal(record?.status, 'suspended');
        assert.equal(typeof record?.suspendedAt, 'number');
        assert.deepEqual(record?.nodes.b, suspendedNode('b'));
        assert.equal(record?.output, undefined);
        const again = await store.claim(id, { graph: GRAPH, input: {} });
        assert.equal(again.status, 'suspended');
        assert.equal(again.fencingToken, fencingToken);
        assert.deepEqual(await store.status(id), {
          status: 'suspended',
          fencingToken,
          cancelRequested: false,
        });
        await expectRejection(
          () => store.writeNode(id, fencingToken, completed('late', 1)),
          (error) => StaleFencingTokenError.isInstance(error),
          'a write to a suspended run',
        );
      },
    ),
    check(
      'a claim for a resume takes a suspended run: running, new token, responses recorded, deadline moved; a second is refused with RunConflictError',
      async (store) => {
        const id = runId();
        await store.create({ runId: id, graphName: GRAPH.name, input: {}, timeoutMs: 60_000 });
        const first = await store.claim(id, { graph: GRAPH, input: {} });
        await store.writeNode(id, first.fencingToken, suspendedNode('b'));
        await store.finish(id, first.fencingToken, { status: 'suspended' });
        const suspended = await store.load(id);
        const resumed = await store.claim(id, {
          graph: GRAPH,
          input: {},
          resume: { responses: RESPONSES },
        });
        assert.equal(resumed.status, 'running');
        assert.equal(resumed.fencingToken, first.fencingToken + 1);
        assert.deepEqual(resumed.responses, RESPONSES);
        assert.equal(resumed.suspendedAt, undefined);
        assert.deepEqual(resumed.nodes.b, suspendedNode('b'));
        assert.ok(
          resumed.deadline !== undefined &&
            suspended?.deadline !== undefined &&
            resumed.deadline >= suspended.deadline,
          'the deadline moves by the time spent suspended',
        );
        await expectRejection(
          () => store.claim(id, { graph: GRAPH, input: {}, resume: { responses: RESPONSES } }),
          (error) => RunConflictError.isInstance(error),
          'a second resume of the same suspension',
        );
        assert.equal((await store.status(id))?.fencingToken, resumed.fencingToken);
        // Suspending again clears the responses; the next resume records its own.
        await store.writeNode(id, resumed.fencingToken, suspendedNode('b'));
        await store.finish(id, resumed.fencingToken, { status: 'suspended' });
        assert.equal((await store.load(id))?.responses, undefined);
        const next = { b: { call_1: { approved: false as const, reason: 'no' } } };
        const third = await store.claim(id, {
          graph: GRAPH,
          input: {},
          resume: { responses: next },
        });
        assert.deepEqual(third.responses, next);
        await store.finish(id, third.fencingToken, { status: 'completed', output: 'done' });
        assert.equal((await store.status(id))?.status, 'completed');
      },
    ),
    check('of two concurrent claims for a resume exactly one wins', async (store) => {
      const id = runId();
      const { fencingToken } = await store.claim(id, { graph: GRAPH, input: {} });
      await store.finish(id, fencingToken, { status: 'suspended' });
      const outcomes = await Promise.allSettled(
        [0, 1, 2].map(() =>
          store.claim(id, { graph: GRAPH, input: {}, resume: { responses: RESPONSES } }),
        ),
      );
      const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      assert.equal(won.length, 1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          assert.ok(RunConflictError.isInstance(outcome.reason), String(outcome.reason));
        }
      }
      assert.equal((await store.status(id))?.fencingToken, fencingToken + 1);
    }),
    check(
      'a claim for a resume of a run that is not suspended is refused and changes nothing',
      async (store) => {
        const resume = { responses: RESPONSES };
        await expectRejection(
          () => store.claim(runId(), { graph: GRAPH, input: {}, resume }),
          (error) => GraphRunNotFoundError.isInstance(error),
          'a resume of an unknown run',
        );
        const queued = runId();
        await store.create({ runId: queued, graphName: GRAPH.name, input: {} });
        const notSuspended = (status: string) => (error: unknown) =>
          GraphRunNotSuspendedError.isInstance(error) && error.status === status;
        await expectRejection(
          () => store.claim(queued, { graph: GRAPH, input: {}, resume }),
          notSuspended('queued'),
          'a resume of a queued run',
        );
        assert.deepEqual(await store.status(queued), {
          status: 'queued',
          fencingToken: 0,
          cancelRequested: false,
        });
        const done = runId();
        const claimed = await store.claim(done, { graph: GRAPH, input: {} });
        await store.finish(done, claimed.fencingToken, { status: 'completed', output: 1 });
        await expectRejection(
          () => store.claim(done, { graph: GRAPH, input: {}, resume }),
          notSuspended('completed'),
          'a resume of a completed run',
        );
        const other = runId();
        const held = await store.claim(other, { graph: GRAPH, input: {} });
        await store.finish(other, held.fencingToken, { status: 'suspended' });
        await expectRejection(
          () => store.claim(other, { graph: { ...GRAPH, version: '2' }, input: {}, resume }),
          (error) => GraphChangedError.isInstance(error),
          'a resume with another graph version',
        );
        assert.equal(await store.cancel(other), true);
        assert.equal((await store.status(other))?.status, 'cancelled');
        await expectRejection(
          () => store.claim(other, { graph: GRAPH, input: {}, resume }),
          notSuspended('cancelled'),
          'a resume of a run cancelled while suspended',
        );
      },
    ),
  ];
}
