import assert from 'node:assert/strict';
import {
  type GraphRunJob,
  type GraphRunLease,
  type GraphRunQueue,
  type GraphRunQueueWorker,
  ValidationError,
} from '@aigo/ai';
import { deferred } from '../../async/deferred.js';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';

/** What `graphRunQueueConformance` tests. */
export interface GraphRunQueueConformanceOptions {
  /** Shown in the suite title. Default `queue`. */
  readonly name?: string;
  /** A new, empty queue. Called once per check; the suite closes it. */
  readonly makeQueue: () => GraphRunQueue | Promise<GraphRunQueue>;
  /** Runs after each check. */
  readonly cleanup?: () => void | Promise<void>;
  /** Per-check timeout in milliseconds (default: vitest's). */
  readonly timeoutMs?: number;
}

const job = (graph = 'g', input: GraphRunJob['input'] = {}): GraphRunJob => ({
  runId: `run-${globalThis.crypto.randomUUID()}`,
  graph,
  input,
});

/**
 * The checks every `GraphRunQueue` must pass (the contract of `@aigo/ai`): delivery with the job's
 * data, one delivery per run id, redelivery after a handler rejects, the concurrency bound, a
 * cancelled job never delivered, and leases aborted when a worker stops. Registered by
 * `graphRunQueueConformance`.
 */
export function graphRunQueueConformanceChecks(
  options: GraphRunQueueConformanceOptions,
): ConformanceCheck[] {
  const check = (
    name: string,
    body: (queue: GraphRunQueue) => Promise<void>,
  ): ConformanceCheck => ({
    name,
    async run() {
      const queue = await options.makeQueue();
      try {
        await body(queue);
      } finally {
        await queue.close();
      }
    },
  });
  return [
    check(
      'a submitted job is delivered with its run id, graph and input, delivery 1',
      async (queue) => {
        const submitted = job('report', { topic: 'Lisbon', n: [1, 2] });
        await queue.submit(submitted);
        const got = deferred<[GraphRunJob, GraphRunLease]>();
        const worker = await queue.work(async (each, lease) => got.resolve([each, lease]), {
          concurrency: 1,
        });
        const [delivered, lease] = await got.promise;
        assert.deepEqual({ ...delivered }, { ...submitted });
        assert.equal(lease.runId, submitted.runId);
        assert.equal(lease.delivery, 1);
        assert.ok(lease.signal instanceof AbortSignal);
        await worker.stop();
      },
    ),
    check('submitting one run id twice delivers it once', async (queue) => {
      const twice = job();
      const after = job();
      await queue.submit(twice);
      await queue.submit(twice);
      await queue.submit(after);
      const seen: string[] = [];
      const done = deferred();
      const worker = await queue.work(
        async (each) => {
          seen.push(each.runId);
          if (each.runId === after.runId) done.resolve();
        },
        { concurrency: 1 },
      );
      await done.promise;
      await worker.stop();
      assert.deepEqual(seen, [twice.runId, after.runId]);
    }),
    check(
      'a resume job is delivered with its responses, once per suspension, besides the run’s first job',
      async (queue) => {
        const first = job('report', { topic: 'x' });
        const responses = { b: { call_1: { approved: true as const } } };
        const resume = { ...first, responses, suspension: 3 };
        const later = {
          ...first,
          responses: { b: { call_2: { approved: true as const } } },
          suspension: 5,
        };
        await queue.submit(first);
        await queue.submit(resume);
        await queue.submit({
          ...resume,
          responses: { b: { call_1: { approved: false as const } } },
        });
        await queue.submit(later);
        await expectRejection(
          () => queue.submit({ ...first, responses }),
          (error) => ValidationError.isInstance(error),
          'a resume job without its suspension',
        );
        const seen: GraphRunJob[] = [];
        const done = deferred();
        const worker = await queue.work(
          async (each) => {
            seen.push(each);
            if (seen.length === 3) done.resolve();
          },
          { concurrency: 1 },
        );
        await done.promise;
        await worker.stop();
        const bySuspension = new Map(seen.map((each) => [each.suspension ?? 0, each]));
        assert.equal(seen.length, 3);
        assert.deepEqual({ ...bySuspension.get(0) }, { ...first });
        assert.deepEqual({ ...bySuspension.get(3) }, { ...resume });
        assert.deepEqual({ ...bySuspension.get(5) }, { ...later });
      },
    ),
    check('a job whose handler rejects is delivered again', async (queue) => {
      const submitted = job();
      await queue.submit(submitted);
      const deliveries: number[] = [];
      const second = deferred();
      const worker = await queue.work(
        async (_each, lease) => {
          deliveries.push(lease.delivery);
          if (lease.delivery === 1) throw new Error('the first delivery fails');
          second.resolve();
        },
        { concurrency: 1 },
      );
      await second.promise;
      await worker.stop();
      assert.deepEqual(deliveries, [1, 2]);
    }),
    check('a worker handles at most `concurrency` jobs at once', async (queue) => {
      const jobs = [job(), job(), job(), job()];
      for (const each of jobs) await queue.submit(each);
      let inside = 0;
      let most = 0;
      const gates = jobs.map(() => deferred());
      let entered = 0;
      const twoIn = deferred();
      const allDone = deferred();
      let finished = 0;
      const worker = await queue.work(
        async () => {
          const gate = gates[entered++] as ReturnType<typeof deferred>;
          inside++;
          most = Math.max(most, inside);
          if (inside === 2) twoIn.resolve();
          await gate.promise;
          inside--;
          if (++finished === jobs.length) allDone.resolve();
        },
        { concurrency: 2 },
      );
      await twoIn.promise;
      for (const gate of gates) gate.resolve();
      await allDone.promise;
      await worker.stop();
      assert.equal(most, 2);
    }),
    check('a cancelled job is not delivered', async (queue) => {
      const cancelled = job();
      const kept = job();
      await queue.submit(cancelled);
      await queue.cancel(cancelled.runId);
      await queue.submit(kept);
      const first = deferred<string>();
      const worker = await queue.work(async (each) => first.resolve(each.runId), {
        concurrency: 1,
      });
      assert.equal(await first.promise, kept.runId);
      await worker.stop();
    }),
    check("stopping a worker aborts its leases' signals", async (queue) => {
      await queue.submit(job());
      const inside = deferred<AbortSignal>();
      const aborted = deferred();
      const worker: GraphRunQueueWorker = await queue.work(
        async (_each, lease) => {
          inside.resolve(lease.signal);
          await new Promise<void>((resolve) =>
            lease.signal.addEventListener('abort', () => resolve(), { once: true }),
          );
          aborted.resolve();
        },
        { concurrency: 1 },
      );
      const signal = await inside.promise;
      assert.equal(signal.aborted, false);
      await worker.stop();
      await aborted.promise;
      assert.equal(signal.aborted, true);
    }),
  ];
}
