import { deferred } from '@aigo/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { untilAborted } from '../../test/support/test-helpers.js';
import { GraphStoppedError } from '../graph-errors.js';
import type { GraphResult } from '../graph-result.js';
import { createGraph } from '../plan/create-graph.js';
import type { ErrorStrategy } from '../plan/graph-options.js';
import type { GraphEvent } from './graph-events.js';

afterEach(() => {
  vi.useRealTimers();
});

/** a → (b fails | c) → d(after b) ; c, d → out (join any). */
function mixedGraph(errorStrategy: ErrorStrategy) {
  return createGraph<string>('out', { errorStrategy })
    .addNode('a', () => 'a')
    .addNode('b', () => {
      throw new Error('b broke');
    })
    .addNode('c', async () => 'c')
    .addNode('d', () => 'd')
    .addNode('out', ({ upstreamResults }) => Object.keys(upstreamResults).join('+'), {
      join: 'any',
    })
    .addEdge('a', 'b')
    .addEdge('a', 'c')
    .addEdge('b', 'd')
    .addEdge('c', 'out')
    .addEdge('d', 'out');
}

async function drain(
  stream: AsyncIterable<GraphEvent>,
): Promise<{ events: GraphEvent[]; error: unknown }> {
  const events: GraphEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events, error: undefined };
  } catch (error) {
    return { events, error };
  }
}

function summary(result: GraphResult<string>) {
  return {
    data: result.data,
    status: result.status,
    nodes: Object.fromEntries(
      Object.entries(result.nodes).map(([id, report]) => [
        id,
        {
          status: report.status,
          output: report.result?.output,
          error: (report.error as Error | undefined)?.message,
          skipReason: report.skipReason,
          attempts: report.attempts,
        },
      ]),
    ),
    usage: result.totalUsage,
  };
}

function errorSummary(error: unknown) {
  const stopped = error as GraphStoppedError;
  return {
    name: stopped.name,
    reason: stopped.reason,
    nodeId: stopped.nodeId,
    message: stopped.message,
    statuses: Object.fromEntries(
      Object.entries(stopped.overview.nodes).map(([id, report]) => [id, report.status]),
    ),
  };
}

describe('executeStream', () => {
  it('emits start, complete, skipped, failed and graph_complete with timestamps and counts', async () => {
    const { events, error } = await drain(mixedGraph('continue_on_error').executeStream({}));
    expect(error).toBeUndefined();
    const last = events.at(-1);
    expect(last).toMatchObject({ type: 'graph_complete', status: 'partial', done: 5, total: 5 });
    expect(events.filter((event) => event.type === 'graph_complete')).toHaveLength(1);

    const terminal = events.filter(
      (event) => event.type !== 'node_start' && event.type !== 'graph_complete',
    );
    expect(
      terminal.map((event) => [event.type, 'nodeId' in event ? event.nodeId : '']).sort(),
    ).toEqual([
      ['node_complete', 'a'],
      ['node_complete', 'c'],
      ['node_complete', 'out'],
      ['node_failed', 'b'],
      ['node_skipped', 'd'],
    ]);
    // done counts each settled node once, in order.
    expect(terminal.map((event) => event.done)).toEqual([1, 2, 3, 4, 5]);
    for (const event of events) {
      expect(event.total).toBe(5);
      expect(typeof event.timestamp).toBe('number');
    }
    const timestamps = events.map((event) => event.timestamp);
    expect([...timestamps].sort((x, y) => x - y)).toEqual(timestamps);
    // Each node starts before it settles; skipped nodes never start.
    for (const id of ['a', 'b', 'c', 'out']) {
      const start = events.findIndex((event) => event.type === 'node_start' && event.nodeId === id);
      const end = events.findIndex(
        (event) => event.type !== 'node_start' && 'nodeId' in event && event.nodeId === id,
      );
      expect(start).toBeGreaterThanOrEqual(0);
      expect(start).toBeLessThan(end);
    }
    expect(events.some((event) => event.type === 'node_start' && event.nodeId === 'd')).toBe(false);
    expect(events.find((event) => event.type === 'node_skipped')).toMatchObject({
      nodeId: 'd',
      reason: 'upstream_failed',
    });
    expect(events.find((event) => event.type === 'node_failed')).toMatchObject({
      nodeId: 'b',
      error: expect.objectContaining({ message: 'b broke' }),
    });
    expect(
      events.find((event) => event.type === 'node_complete' && event.nodeId === 'out'),
    ).toMatchObject({
      result: { output: 'c' },
    });
  });

  it('collect() equals execute under continue_on_error', async () => {
    const graph = mixedGraph('continue_on_error');
    const executed = await graph.execute({});
    const collected = await graph.executeStream({}).collect();
    expect(summary(collected)).toEqual(summary(executed));
    expect(collected.data).toBe('c');
  });

  it('collect() equals execute under fail_fast (both reject alike)', async () => {
    const graph = mixedGraph('fail_fast');
    const executed = await graph.execute({}).catch((error: unknown) => error);
    const collected = await graph
      .executeStream({})
      .collect()
      .catch((error: unknown) => error);
    expect(executed).toBeInstanceOf(GraphStoppedError);
    expect(collected).toBeInstanceOf(GraphStoppedError);
    expect(errorSummary(collected)).toEqual(errorSummary(executed));
  });

  it('ends a fail_fast stream with graph_complete, then rejects with the execute error', async () => {
    const graph = mixedGraph('fail_fast');
    const { events, error } = await drain(graph.executeStream({}));
    const last = events.at(-1);
    expect(last).toMatchObject({ type: 'graph_complete', status: 'failed', done: 5, total: 5 });
    expect(error).toBeInstanceOf(GraphStoppedError);
    expect(last?.type === 'graph_complete' && last.error).toBe(error);
    expect(errorSummary(error)).toEqual(
      errorSummary(await graph.execute({}).catch((e: unknown) => e)),
    );
  });

  it('is lazy: nothing runs before the first next() or collect()', async () => {
    const node = vi.fn(() => 1);
    const stream = createGraph('a').addNode('a', node).executeStream({});
    expect(node).not.toHaveBeenCalled();
    const result = await stream.collect();
    expect(result.data).toBe(1);
    expect(node).toHaveBeenCalledTimes(1);
    expect(() => stream[Symbol.asyncIterator]()).toThrow(/only once/);
  });

  it('breaking out of the loop aborts the running nodes', async () => {
    const started = deferred();
    const aborted = deferred<unknown>();
    const graph = createGraph('b')
      .addNode('a', async ({ signal }) => {
        signal.addEventListener('abort', () => aborted.resolve(signal.reason));
        started.resolve();
        return untilAborted(signal);
      })
      .addNode('b', () => 'b')
      .addEdge('a', 'b');
    const stream = graph.executeStream({});
    for await (const event of stream) {
      if (event.type === 'node_start') {
        await started.promise;
        break;
      }
    }
    expect(await aborted.promise).toMatchObject({
      message: 'The stream consumer stopped reading',
    });
    await expect(stream.collect()).rejects.toMatchObject({ reason: 'aborted' });
  });

  it('emits a node_start per attempt when retrying', async () => {
    vi.useFakeTimers();
    const graph = createGraph('n').addNode(
      'n',
      ({ attempt }) => {
        if (attempt === 1) throw new Error('once');
        return 'ok';
      },
      { retry: { maxRetries: 1, initialBackoffMs: 10 } },
    );
    const draining = drain(graph.executeStream({}));
    await vi.advanceTimersByTimeAsync(10);
    const { events } = await draining;
    expect(events.map((event) => event.type)).toEqual([
      'node_start',
      'node_start',
      'node_complete',
      'graph_complete',
    ]);
    expect(events.map((event) => (event.type === 'node_start' ? event.attempt : 0))).toEqual([
      1, 2, 0, 0,
    ]);
  });
});
