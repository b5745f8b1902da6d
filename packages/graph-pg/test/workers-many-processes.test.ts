// Three worker processes share a pg-boss queue of 50 graph runs; two of them are SIGKILLed during the
// test (each by one of its own nodes, at an execution number drawn from a seeded random source, so
// the kill lands mid-run). A replacement worker starts for each. All 50 runs complete with the right
// output; every node executed once by the processes that lived, at most once more by each killed
// one (the run it was in the middle of resumes elsewhere after its lease lapses).
import { StaleFencingTokenError } from '@aigo/ai';
import { createGraph, submitGraphRun } from '@aigo/graph';
import { deferred, seededRandom } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { pgCheckpointer } from '../src/pg-checkpointer.js';
import { pgGraphRunQueue } from '../src/pg-graph-run-queue.js';
import { processTestFile } from './support/process-test-file.js';
import { type GraphProcess, startGraphProcess } from './support/processes.js';
import { adminPool, database } from './support/test-database.js';

const schemas = processTestFile('w');
const { checkpoints, queues } = schemas;

const RUNS = 50;
const NODES = ['a', 'b', 'c', 'd', 'e'];
const expected = (n: number): number => (n + 1) * 2 + (n + 1) * 3 + 1;

describe(`graph workers in several processes (${database.description})`, () => {
  it('3 workers × 50 runs, 2 workers killed mid-run: all complete, each completed node executed once, each interrupted node at most once more per kill', async () => {
    const random = seededRandom(25);
    // Two kill points among the 250 node executions, early enough that runs are still queued after.
    const first = 20 + Math.floor(random() * 40);
    const killAt = [first, first + 30 + Math.floor(random() * 40)];
    const args = {
      mode: 'worker',
      graph: 'diamond',
      url: database.url,
      checkpoints,
      queues,
      queueName: 'runs',
      executions: schemas.executions,
      concurrency: 4,
      killAt,
    };
    const checkpointer = pgCheckpointer({
      connectionString: database.url,
      schema: checkpoints,
      poolSize: 4,
    });
    const queue = pgGraphRunQueue({
      connectionString: database.url,
      schema: queues,
      queueName: 'runs',
      heartbeatSeconds: 10,
      superviseIntervalSeconds: 1,
      poolSize: 2,
    });
    const workers = new Set<GraphProcess>();
    const killed: number[] = [];
    const lived: GraphProcess[] = [];
    let replacements = 0;
    const start = async (): Promise<void> => {
      const worker = startGraphProcess(args);
      workers.add(worker);
      lived.push(worker);
      worker.exited.then(({ signal }) => {
        workers.delete(worker);
        if (signal === 'SIGKILL') {
          killed.push(worker.pid);
          replacements++;
          void start();
        }
      });
      expect(await worker.nextLine()).toBe('ready');
    };
    try {
      await Promise.all([start(), start(), start()]);
      const handles = [];
      for (let n = 0; n < RUNS; n++) {
        handles.push(
          await submitGraphRun({
            queue,
            checkpointer,
            graph: 'diamond',
            input: { n },
            runId: `run-${n}`,
          }),
        );
      }
      const records = await Promise.all(handles.map((handle) => handle.result({ pollMs: 100 })));
      expect(records.map((record) => record.status)).toEqual(Array(RUNS).fill('completed'));
      expect(records.map((record) => record.output)).toEqual(
        Array.from({ length: RUNS }, (_, n) => expected(n)),
      );
      expect(killed).toHaveLength(2);
      expect(replacements).toBe(2);

      const { rows } = await adminPool().query<{
        run_id: string;
        node_id: string;
        pid: number;
        count: number;
      }>(
        `SELECT run_id, node_id, pid, count(*)::int AS count FROM "${schemas.executions}".executions GROUP BY 1, 2, 3`,
      );
      const perNode = new Map<string, { lived: number; killed: number }>();
      for (const row of rows) {
        const key = `${row.run_id}/${row.node_id}`;
        const entry = perNode.get(key) ?? { lived: 0, killed: 0 };
        if (killed.includes(row.pid)) {
          // A killed process executed a node at most once: it died before it could run it again.
          expect(row.count).toBe(1);
          entry.killed += row.count;
        } else {
          entry.lived += row.count;
        }
        perNode.set(key, entry);
      }
      expect(perNode.size).toBe(RUNS * NODES.length);
      let reruns = 0;
      for (const [key, { lived: byLiving, killed: byKilled }] of perNode) {
        // Executed once by the processes that lived (or completed by a process before it was killed).
        expect(byLiving, key).toBeLessThanOrEqual(1);
        expect(byLiving + byKilled, key).toBeGreaterThanOrEqual(1);
        expect(byKilled, key).toBeLessThanOrEqual(killed.length);
        if (byLiving === 1 && byKilled > 0) reruns++;
      }
      // The nodes that killed their processes never completed: each ran again, elsewhere.
      expect(reruns).toBeGreaterThanOrEqual(2);
      // At most the nodes in flight in the two killed workers (4 runs each) ran again.
      expect(reruns).toBeLessThanOrEqual(2 * 4 * NODES.length);
      const total = rows.reduce((sum, row) => sum + row.count, 0);
      console.log(
        `[3 workers × ${RUNS} runs] kills at executions ${killAt.join(', ')}; ${total} node executions for ${RUNS * NODES.length} nodes: ${reruns} re-run after a kill`,
      );
    } finally {
      for (const worker of workers) worker.child.stdin?.end();
      await Promise.all([...lived].map((worker) => worker.exited));
      await queue.close();
      await checkpointer.close();
    }
  });

  it('a slow worker that lost its lease cannot overwrite the new owner: its write is refused with StaleFencingTokenError', async () => {
    const slowStore = pgCheckpointer({
      connectionString: database.url,
      schema: checkpoints,
      poolSize: 2,
    });
    const newOwnerStore = pgCheckpointer({
      connectionString: database.url,
      schema: checkpoints,
      poolSize: 2,
    });
    try {
      const inside = deferred();
      const release = deferred();
      const graph = createGraph('b', { name: 'slow', checkpointer: slowStore })
        .addNode('a', async () => {
          inside.resolve();
          await release.promise;
          return 'from the slow worker';
        })
        .addNode('b', ({ upstreamResults }) => upstreamResults.a?.output)
        .addEdge('a', 'b');
      const slow = graph.execute({}, { runId: 'stale-1' }).catch((error: unknown) => error);
      await inside.promise;
      const owner = await newOwnerStore.claim('stale-1', {
        graph: { name: graph.name, version: graph.version, fingerprint: graph.fingerprint() },
        input: {},
      });
      await newOwnerStore.writeNode('stale-1', owner.fencingToken, {
        nodeId: 'a',
        status: 'completed',
        output: 'from the new owner',
        attempts: 1,
        durationMs: 1,
      });
      release.resolve();
      const error = (await slow) as { reason: string; cause: unknown };
      expect(error.reason).toBe('state_error');
      expect(StaleFencingTokenError.isInstance(error.cause)).toBe(true);
      expect((error.cause as StaleFencingTokenError).currentToken).toBe(owner.fencingToken);
      const record = await newOwnerStore.load('stale-1');
      expect(record?.nodes.a?.output).toBe('from the new owner');
      expect(record?.status).toBe('running');
    } finally {
      await slowStore.close();
      await newOwnerStore.close();
    }
  });
});
