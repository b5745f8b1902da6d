// Cancellation of a run from another process, a changed graph refused on resume, retention of
// finished runs, and bad options — against the real PostgreSQL.
import { GraphChangedError, ValidationError } from '@aigo/ai';
import { awaitGraphRun, createGraph, GraphStoppedError, submitGraphRun } from '@aigo/graph';
import { describe, expect, it } from 'vitest';
import { pgCheckpointer } from '../src/pg-checkpointer.js';
import { pgGraphRunQueue } from '../src/pg-graph-run-queue.js';
import { processTestFile } from './support/process-test-file.js';
import { startGraphProcess } from './support/processes.js';
import { adminPool, database, dropSchema, uniqueSchema } from './support/test-database.js';

const schemas = processTestFile('c');
const { checkpoints, queues } = schemas;

/** Runs `probe` (a query: a real round trip each time) until it returns a value; bounded. */
async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let round = 0; round < 50_000; round++) {
    const value = await probe();
    if (value !== undefined) return value;
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe(`cancellation, changed graphs, retention (${database.description})`, () => {
  it('a run is cancelled from another process: its node’s signal fires in the worker, it is recorded cancelled', async () => {
    const common = {
      url: database.url,
      checkpoints,
      queues,
      queueName: 'cancel',
      executions: schemas.executions,
      graph: 'waiter',
    };
    const worker = startGraphProcess({
      ...common,
      mode: 'worker',
      concurrency: 1,
      runId: 'cancel-1',
    });
    const checkpointer = pgCheckpointer({
      connectionString: database.url,
      schema: checkpoints,
      poolSize: 2,
    });
    const queue = pgGraphRunQueue({
      connectionString: database.url,
      schema: queues,
      queueName: 'cancel',
      poolSize: 2,
    });
    try {
      expect(await worker.nextLine()).toBe('ready');
      const handle = await submitGraphRun({
        queue,
        checkpointer,
        graph: 'waiter',
        runId: 'cancel-1',
      });
      await until(async () => {
        const { rows } = await adminPool().query(
          `SELECT 1 FROM "${schemas.executions}".executions WHERE run_id = 'cancel-1'`,
        );
        return rows.length > 0 ? true : undefined;
      }, 'the node to start');
      const canceller = startGraphProcess({ ...common, mode: 'cancel', runId: 'cancel-1' });
      expect(JSON.parse(await canceller.nextLine())).toEqual({ cancelled: true });
      expect((await canceller.exited).code).toBe(0);
      const record = await handle.result({ pollMs: 20 });
      expect(record.status).toBe('cancelled');
      expect(record.error?.name).toBe('GraphRunCancelledError');
      const aborts = await until(async () => {
        const { rows } = await adminPool().query<{ reason: string }>(
          `SELECT reason FROM "${schemas.executions}".aborts WHERE run_id = 'cancel-1'`,
        );
        return rows.length > 0 ? rows : undefined;
      }, 'the node to see its signal fire');
      expect(aborts.map((row) => row.reason)).toEqual(['GraphRunCancelledError']);
      expect(await handle.cancel()).toBe(false);
    } finally {
      worker.child.stdin?.end();
      await worker.exited;
      await queue.close();
      await checkpointer.close();
    }
  });

  it('resuming a run with a changed graph (a node removed) is refused with GraphChangedError; nothing runs', async () => {
    const checkpointer = pgCheckpointer({
      connectionString: database.url,
      schema: checkpoints,
      poolSize: 2,
    });
    try {
      const controller = new AbortController();
      const v1 = createGraph('c', { name: 'changing', checkpointer })
        .addNode('a', () => 'a')
        .addNode('b', ({ signal }) => {
          controller.abort();
          return new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason)),
          );
        })
        .addNode('c', () => 'c')
        .addEdge('a', 'b')
        .addEdge('b', 'c');
      await v1
        .execute({}, { runId: 'changed-1', signal: controller.signal })
        .catch(() => undefined);
      expect((await checkpointer.load('changed-1'))?.nodes.a?.status).toBe('completed');
      let ran = 0;
      const v2 = createGraph('c', { name: 'changing', checkpointer })
        .addNode('a', () => ran++)
        .addNode('c', () => ran++)
        .addEdge('a', 'c');
      const error = await v2.execute({}, { runId: 'changed-1' }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(GraphStoppedError);
      expect(GraphChangedError.isInstance((error as GraphStoppedError).cause)).toBe(true);
      expect(((error as GraphStoppedError).cause as Error).message).toContain('"changing"@1#');
      expect(ran).toBe(0);
      expect((await checkpointer.load('changed-1'))?.status).toBe('running');
    } finally {
      await checkpointer.close();
    }
  });

  it('prune deletes finished runs past the retention with their nodes, and keeps running ones', async () => {
    const schema = uniqueSchema('gcp');
    const checkpointer = pgCheckpointer({
      connectionString: database.url,
      schema,
      retentionMs: 0,
      poolSize: 2,
    });
    try {
      const graph = createGraph('a', { name: 'short', checkpointer }).addNode('a', () => 1);
      await graph.execute({}, { runId: 'done-1' });
      const running = await checkpointer.claim('running-1', {
        graph: { name: 'short', version: '1', fingerprint: graph.fingerprint() },
        input: {},
      });
      await checkpointer.writeNode('running-1', running.fencingToken, {
        nodeId: 'a',
        status: 'completed',
        output: 1,
        attempts: 1,
        durationMs: 1,
      });
      expect(await checkpointer.prune()).toBe(1);
      expect(await checkpointer.load('done-1')).toBeUndefined();
      expect((await checkpointer.load('running-1'))?.nodes.a?.output).toBe(1);
      const { rows } = await adminPool().query(
        `SELECT count(*)::int AS n FROM "${schema}".graph_run_nodes WHERE run_id = 'done-1'`,
      );
      expect(rows[0].n).toBe(0);
      expect(
        await awaitGraphRun(checkpointer, 'running-1', { signal: AbortSignal.abort() }).catch(
          (e: unknown) => (e as Error).name,
        ),
      ).toBe('AbortError');
    } finally {
      await checkpointer.close();
      await dropSchema(schema);
    }
  });

  it('bad options are refused with a ValidationError naming them, before anything connects', () => {
    expect(() => pgCheckpointer({ connectionString: database.url, schema: 'pg_bad' })).toThrow(
      ValidationError,
    );
    expect(() => pgCheckpointer({ connectionString: database.url, retentionMs: -1 })).toThrow(
      /options\.retentionMs/,
    );
    expect(() => pgCheckpointer({ connectionString: undefined })).toThrow(/connectionString/);
    expect(() => pgGraphRunQueue({ connectionString: database.url, heartbeatSeconds: 5 })).toThrow(
      /options\.heartbeatSeconds/,
    );
    expect(() => pgGraphRunQueue({ connectionString: database.url, queueName: 'a b' })).toThrow(
      /options\.queueName/,
    );
    expect(() => pgGraphRunQueue({})).toThrow(/exactly one of `pool` and `connectionString`/);
    const queue = pgGraphRunQueue({ connectionString: database.url, schema: queues });
    return expect(queue.work(async () => undefined, { concurrency: 0 })).rejects.toThrow(
      /options\.concurrency/,
    );
  });
});
