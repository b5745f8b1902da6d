import assert from 'node:assert/strict';
import {
  GraphChangedError,
  type GraphCheckpointer,
  GraphRunCancelledError,
  StaleFencingTokenError,
  ValidationError,
} from '@aigo/ai';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';
import { completed, GRAPH, runId } from './checkpointer-fixtures.js';
import { checkpointerSuspensionChecks } from './checkpointer-suspension-checks.js';

/** What `checkpointerConformance` tests. */
export interface CheckpointerConformanceOptions {
  /** Shown in the suite title. Default `checkpointer`. */
  readonly name?: string;
  /** A checkpointer over an empty store (or one where the suite's random run ids are unknown). */
  readonly makeCheckpointer: () => GraphCheckpointer | Promise<GraphCheckpointer>;
  /** Runs after each check (drop schemas). The suite closes every checkpointer it made. */
  readonly cleanup?: () => void | Promise<void>;
  /** Per-check timeout in milliseconds (default: vitest's). */
  readonly timeoutMs?: number;
}

/**
 * The checks every `GraphCheckpointer` must pass (the contract of `@aigo/ai`): claims and fencing
 * tokens, refused stale writes that change nothing, graph identity, cancellation, finishing,
 * suspending and the exclusive claim of a resume, JSON round trips, concurrent writes and argument
 * checks. Registered by `checkpointerConformance`.
 */
export function checkpointerConformanceChecks(
  options: CheckpointerConformanceOptions,
): ConformanceCheck[] {
  const opened: GraphCheckpointer[] = [];
  const make = async (): Promise<GraphCheckpointer> => {
    const checkpointer = await options.makeCheckpointer();
    opened.push(checkpointer);
    return checkpointer;
  };
  const check = (
    name: string,
    body: (store: GraphCheckpointer) => Promise<void>,
  ): ConformanceCheck => ({
    name,
    async run() {
      const store = await make();
      try {
        await body(store);
      } finally {
        for (const each of opened.splice(0)) await each.close();
      }
    },
  });
  return [
    check(
      'create records a queued run once; load reads it back; an unknown run is undefined',
      async (store) => {
        const id = runId();
        const deadlineFloor = Date.now() + 60_000;
        assert.equal(
          await store.create({
            runId: id,
            graphName: 'g',
            input: { topic: 'x', n: 1 },
            timeoutMs: 60_000,
          }),
          true,
        );
        assert.equal(
          await store.create({ runId: id, graphName: 'g', input: { other: true } }),
          false,
        );
        const record = await store.load(id);
        assert.ok(record);
        assert.equal(record.status, 'queued');
        assert.equal(record.graphName, 'g');
        assert.deepEqual(record.input, { topic: 'x', n: 1 });
        assert.deepEqual(record.state, { topic: 'x', n: 1 });
        assert.deepEqual(record.nodes, {});
        assert.equal(record.fencingToken, 0);
        assert.equal(record.cancelRequested, false);
        assert.ok(record.deadline !== undefined && record.deadline >= deadlineFloor - 5_000);
        assert.equal(await store.load(runId()), undefined);
        assert.equal(await store.status(runId()), undefined);
      },
    ),
    check(
      'claim creates a missing run, records the graph and increments the fencing token per claim',
      async (store) => {
        const id = runId();
        const first = await store.claim(id, { graph: GRAPH, input: { a: 1 } });
        assert.equal(first.status, 'running');
        assert.equal(first.fencingToken, 1);
        assert.equal(first.graphVersion, '1');
        assert.equal(first.fingerprint, 'f1');
        assert.deepEqual(first.state, { a: 1 });
        const second = await store.claim(id, { graph: GRAPH, input: { ignored: true } });
        assert.equal(second.fencingToken, 2);
        assert.equal(second.claims, 2);
        assert.deepEqual(second.input, { a: 1 });
        assert.deepEqual(await store.status(id), {
          status: 'running',
          fencingToken: 2,
          cancelRequested: false,
        });
      },
    ),
    check(
      'a claim with another graph version, fingerprint or name is refused with GraphChangedError',
      async (store) => {
        const id = runId();
        await store.claim(id, { graph: GRAPH, input: {} });
        for (const graph of [
          { ...GRAPH, fingerprint: 'f2' },
          { ...GRAPH, version: '2' },
          { ...GRAPH, name: 'other' },
        ]) {
          await expectRejection(
            () => store.claim(id, { graph, input: {} }),
            (error) => GraphChangedError.isInstance(error),
            `claim with ${JSON.stringify(graph)}`,
          );
        }
        assert.equal((await store.status(id))?.fencingToken, 1);
      },
    ),
    check(
      'writes with the current token are recorded: nodes replace, state keys set and removed',
      async (store) => {
        const id = runId();
        const { fencingToken } = await store.claim(id, {
          graph: GRAPH,
          input: { keep: 'me', drop: 1 },
        });
        await store.writeNode(
          id,
          fencingToken,
          completed('a', { text: 'héllo ✓', list: [1, 2.5, null, true], nested: { deep: [{}] } }),
        );
        await store.writeNode(id, fencingToken, {
          nodeId: 'b',
          status: 'failed',
          error: { name: 'Error', message: 'boom', code: 'tool_error' },
          attempts: 2,
          durationMs: 1,
        });
        await store.writeNode(id, fencingToken, {
          nodeId: 'c',
          status: 'skipped',
          skipReason: 'upstream_failed',
          attempts: 0,
          durationMs: 0,
        });
        await store.writeNode(id, fencingToken, completed('a', 'second'));
        await store.writeState(id, fencingToken, 'added', { x: [1, 'two'] });
        await store.writeState(id, fencingToken, 'drop', undefined);
        const record = await store.load(id);
        assert.ok(record);
        assert.deepEqual(record.nodes.a, completed('a', 'second'));
        assert.deepEqual(record.nodes.b?.error, {
          name: 'Error',
          message: 'boom',
          code: 'tool_error',
        });
        assert.equal(record.nodes.c?.skipReason, 'upstream_failed');
        assert.deepEqual(record.state, { keep: 'me', added: { x: [1, 'two'] } });
        assert.deepEqual(record.input, { keep: 'me', drop: 1 });
      },
    ),
    check(
      'a write with a stale token is refused with StaleFencingTokenError and changes nothing',
      async (store) => {
        const id = runId();
        const old = await store.claim(id, { graph: GRAPH, input: {} });
        await store.writeNode(id, old.fencingToken, completed('a', 1));
        const current = await store.claim(id, { graph: GRAPH, input: {} });
        const error = await expectRejection(
          () => store.writeNode(id, old.fencingToken, completed('a', 'overwritten')),
          (error) => StaleFencingTokenError.isInstance(error),
          'writeNode with a stale token',
        );
        assert.equal((error as StaleFencingTokenError).currentToken, current.fencingToken);
        await expectRejection(
          () => store.writeState(id, old.fencingToken, 'k', 1),
          (error) => StaleFencingTokenError.isInstance(error),
          'writeState with a stale token',
        );
        await expectRejection(
          () => store.finish(id, old.fencingToken, { status: 'completed', output: 'x' }),
          (error) => StaleFencingTokenError.isInstance(error),
          'finish with a stale token',
        );
        const record = await store.load(id);
        assert.deepEqual(record?.nodes.a?.output, 1);
        assert.deepEqual(record?.state, {});
        assert.equal(record?.status, 'running');
        await store.writeNode(id, current.fencingToken, completed('b', 2));
      },
    ),
    check(
      'finish records the outcome; a finished run is claimed unchanged and takes no more writes',
      async (store) => {
        const id = runId();
        const { fencingToken } = await store.claim(id, { graph: GRAPH, input: {} });
        await store.finish(id, fencingToken, { status: 'completed', output: { answer: 42 } });
        const again = await store.claim(id, {
          graph: { ...GRAPH, fingerprint: 'changed' },
          input: {},
        });
        assert.equal(again.status, 'completed');
        assert.deepEqual(again.output, { answer: 42 });
        assert.equal(again.fencingToken, fencingToken);
        await expectRejection(
          () => store.writeNode(id, fencingToken, completed('late', 1)),
          (error) => StaleFencingTokenError.isInstance(error),
          'a write to a finished run',
        );
        assert.equal(await store.cancel(id), false);
        const failedId = runId();
        const failed = await store.claim(failedId, { graph: GRAPH, input: {} });
        await store.finish(failedId, failed.fencingToken, {
          status: 'failed',
          error: { name: 'TimeoutError', message: 'late', code: 'timeout' },
        });
        const record = await store.load(failedId);
        assert.equal(record?.status, 'failed');
        assert.deepEqual(record?.error, { name: 'TimeoutError', message: 'late', code: 'timeout' });
      },
    ),
    check(
      'cancel: a queued run is cancelled at once; a running one refuses writes until finished as cancelled',
      async (store) => {
        const queued = runId();
        await store.create({ runId: queued, graphName: 'g', input: {} });
        assert.equal(await store.cancel(queued), true);
        assert.equal((await store.status(queued))?.status, 'cancelled');
        const claimed = await store.claim(queued, { graph: { ...GRAPH, name: 'g' }, input: {} });
        assert.equal(claimed.status, 'cancelled');
        const running = runId();
        const { fencingToken } = await store.claim(running, { graph: GRAPH, input: {} });
        assert.equal(await store.cancel(running), true);
        assert.deepEqual(await store.status(running), {
          status: 'running',
          fencingToken,
          cancelRequested: true,
        });
        await expectRejection(
          () => store.writeNode(running, fencingToken, completed('a', 1)),
          (error) => GraphRunCancelledError.isInstance(error),
          'a write to a cancelled run',
        );
        await expectRejection(
          () => store.writeState(running, fencingToken, 'k', 1),
          (error) => GraphRunCancelledError.isInstance(error),
          'a state write to a cancelled run',
        );
        await store.finish(running, fencingToken, {
          status: 'cancelled',
          error: { name: 'GraphRunCancelledError', message: 'cancelled', code: 'aborted' },
        });
        assert.equal((await store.status(running))?.status, 'cancelled');
        assert.equal(await store.cancel(runId()), false);
      },
    ),
    ...checkpointerSuspensionChecks(check),
    check('50 concurrent node and state writes of one claim are all recorded', async (store) => {
      const id = runId();
      const { fencingToken } = await store.claim(id, { graph: GRAPH, input: {} });
      await Promise.all(
        Array.from({ length: 25 }, (_, i) => [
          store.writeNode(id, fencingToken, completed(`n${i}`, i)),
          store.writeState(id, fencingToken, `k${i}`, i),
        ]).flat(),
      );
      const record = await store.load(id);
      assert.equal(Object.keys(record?.nodes ?? {}).length, 25);
      assert.equal(Object.keys(record?.state ?? {}).length, 25);
      assert.equal(record?.nodes.n7?.output, 7);
      assert.equal(record?.state.k24, 24);
    }),
    check('bad arguments are rejected with ValidationError naming them', async (store) => {
      const id = runId();
      await expectRejection(
        () => store.load(''),
        (error) => ValidationError.isInstance(error),
        "load('')",
      );
      await expectRejection(
        () => store.writeNode(id, 0, completed('a', 1)),
        (error) => ValidationError.isInstance(error),
        'writeNode with token 0',
      );
      await expectRejection(
        () => store.create({ runId: id, graphName: '', input: {} }),
        (error) => ValidationError.isInstance(error),
        'create without a graph name',
      );
      await expectRejection(
        () => store.cancel('x'.repeat(1000)),
        (error) => ValidationError.isInstance(error),
        'a 1000-character run id',
      );
    }),
  ];
}
