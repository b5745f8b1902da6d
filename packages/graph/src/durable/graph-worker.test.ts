// Workers and submitters over the in-memory queue and checkpointer, and the queue's conformance.
import { graphRunQueueConformance } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { untilAborted } from '../../test/support/test-helpers.js';
import { createGraph } from '../plan/create-graph.js';
import { awaitGraphRun, type GraphRunEvent, submitGraphRun } from './graph-runs.js';
import { createGraphWorker } from './graph-worker.js';
import { inMemoryCheckpointer } from './in-memory-checkpointer.js';
import { inMemoryGraphRunQueue } from './in-memory-graph-run-queue.js';

graphRunQueueConformance({
  name: 'inMemoryGraphRunQueue',
  makeQueue: () => inMemoryGraphRunQueue(),
});

const doubler = () =>
  createGraph<number>('double', { name: 'doubler' })
    .addNode('read', async ({ sharedState }) => Number(await sharedState.get('n')))
    .addNode('double', ({ upstreamResults }) => Number(upstreamResults.read?.output) * 2)
    .addEdge('read', 'double');

describe('createGraphWorker and submitGraphRun (in memory)', () => {
  it('runs submitted runs; their results are read by run id; events are watched', async () => {
    const queue = inMemoryGraphRunQueue();
    const checkpointer = inMemoryCheckpointer();
    const worker = createGraphWorker({ queue, checkpointer, graphs: [doubler()], concurrency: 2 });
    await worker.start();
    const handles = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        submitGraphRun({ queue, checkpointer, graph: 'doubler', input: { n } }),
      ),
    );
    const events: GraphRunEvent[] = [];
    for await (const event of (handles[0] as (typeof handles)[0]).watch({ pollMs: 1 }))
      events.push(event);
    const records = await Promise.all(handles.map((handle) => handle.result({ pollMs: 1 })));
    expect(records.map((record) => record.output)).toEqual([2, 4, 6, 8, 10]);
    expect(records.every((record) => record.status === 'completed')).toBe(true);
    expect(events.at(-1)?.type).toBe('run_finished');
    expect((await awaitGraphRun(checkpointer, handles[1]?.runId as string)).output).toBe(4);
    await worker.stop();
    await queue.close();
  });

  it('a run interrupted by a stopping worker is resumed by another worker from its checkpoint', async () => {
    const queue = inMemoryGraphRunQueue();
    const checkpointer = inMemoryCheckpointer();
    const executed: string[] = [];
    let stopFirst: (() => void) | undefined;
    const graph = () =>
      createGraph<string>('c', { name: 'abc' })
        .addNode('a', () => {
          executed.push('a');
          return 'a';
        })
        .addNode('b', ({ signal }) => {
          executed.push('b');
          if (stopFirst !== undefined) {
            const stop = stopFirst;
            stopFirst = undefined;
            stop();
            return untilAborted(signal);
          }
          return 'b';
        })
        .addNode('c', ({ upstreamResults }) => `${upstreamResults.b?.output}c`)
        .addEdge('a', 'b')
        .addEdge('b', 'c');
    const first = createGraphWorker({ queue, checkpointer, graphs: [graph()] });
    const second = createGraphWorker({ queue, checkpointer, graphs: [graph()] });
    stopFirst = () => {
      void first.stop().then(() => second.start());
    };
    await first.start();
    const handle = await submitGraphRun({ queue, checkpointer, graph: 'abc' });
    const record = await handle.result({ pollMs: 1 });
    expect(record.output).toBe('bc');
    expect(executed).toEqual(['a', 'b', 'b']);
    expect(record.claims).toBe(2);
    await second.stop();
    await queue.close();
  });

  it('checks its options', async () => {
    const queue = inMemoryGraphRunQueue();
    const checkpointer = inMemoryCheckpointer();
    expect(() => createGraphWorker({ queue, checkpointer, graphs: [] })).toThrow(/options\.graphs/);
    expect(() =>
      createGraphWorker({ queue, checkpointer, graphs: [doubler(), doubler()] }),
    ).toThrow(/repeats the graph name/);
    expect(() =>
      createGraphWorker({ queue, checkpointer, graphs: [doubler()], concurrency: 0 }),
    ).toThrow(/options\.concurrency/);
    expect(() =>
      createGraphWorker({ queue: {} as never, checkpointer, graphs: [doubler()] }),
    ).toThrow(/options\.queue/);
    await expect(
      submitGraphRun({ queue, checkpointer, graph: 'doubler', input: { f: () => 1 } as never }),
    ).rejects.toThrow(/options\.input/);
    await expect(submitGraphRun({ queue, checkpointer, graph: '' })).rejects.toThrow(
      /options\.graph/,
    );
  });
});
