import { AbortError, TimeoutError } from '@aigo/ai';
import { deferred } from '@aigo/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { untilAborted } from '../../test/support/test-helpers.js';
import type { GraphStoppedError } from '../graph-errors.js';
import { createGraph } from '../plan/create-graph.js';
import type { NodeInput } from '../plan/node-types.js';

afterEach(() => {
  vi.useRealTimers();
});

const hang = ({ signal }: NodeInput): Promise<never> => untilAborted(signal);

describe('node timeout', () => {
  it('aborts the node with TimeoutError and fails it', async () => {
    vi.useFakeTimers();
    let reason: unknown;
    const graph = createGraph('slow').addNode(
      'slow',
      async ({ signal }) => {
        signal.addEventListener('abort', () => {
          reason = signal.reason;
        });
        return untilAborted(signal);
      },
      { timeout: 500 },
    );
    const running = graph.execute({}).catch((error: unknown) => error as GraphStoppedError);
    await vi.advanceTimersByTimeAsync(499);
    expect(reason).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    const error = (await running) as GraphStoppedError;
    expect(reason).toBeInstanceOf(TimeoutError);
    expect((reason as TimeoutError).timeoutMs).toBe(500);
    expect(error.reason).toBe('node_failed');
    expect(error.nodeId).toBe('slow');
    expect(error.cause).toBe(reason);
    expect(error.message).toBe(
      'Graph execution failed: node "slow" failed: Node "slow" timed out after 500 ms',
    );
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails a node that ignores its signal at the deadline, and the rest goes on', async () => {
    vi.useFakeTimers();
    const never = deferred<string>();
    const graph = createGraph<string>('out', { errorStrategy: 'continue_on_error' })
      .addNode('stubborn', () => never.promise, { timeout: 1_000 })
      .addNode('other', () => 'other')
      .addNode('out', ({ upstreamResults }) => Object.keys(upstreamResults).join(), {
        join: 'any',
      })
      .addEdge('stubborn', 'out')
      .addEdge('other', 'out');
    const running = graph.execute({});
    await vi.advanceTimersByTimeAsync(1_000);
    const result = await running;
    expect(result.data).toBe('other');
    expect(result.nodes.stubborn?.status).toBe('failed');
    expect(result.nodes.stubborn?.error).toBeInstanceOf(TimeoutError);
    never.resolve('too late'); // ignored
  });

  it('times out each attempt of a retried node', async () => {
    vi.useFakeTimers();
    const graph = createGraph<string>('n').addNode(
      'n',
      (input) => (input.attempt === 1 ? hang(input) : 'second time'),
      { timeout: 100, retry: { maxRetries: 1, initialBackoffMs: 50 } },
    );
    const running = graph.execute({});
    await vi.advanceTimersByTimeAsync(150);
    const result = await running;
    expect(result.data).toBe('second time');
    expect(result.nodes.n?.attempts).toBe(2);
  });
});

describe('execution timeout and abort', () => {
  it('executionTimeout aborts the running nodes and rejects', async () => {
    vi.useFakeTimers();
    const reasons: unknown[] = [];
    const graph = createGraph('b', { executionTimeout: 2_000, errorStrategy: 'continue_on_error' })
      .addNode('a', async ({ signal }) => {
        signal.addEventListener('abort', () => reasons.push(signal.reason));
        return untilAborted(signal);
      })
      .addNode('b', () => 'never')
      .addEdge('a', 'b');
    const running = graph.execute({}).catch((error: unknown) => error as GraphStoppedError);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(reasons).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await running) as GraphStoppedError;
    expect(error.reason).toBe('timeout');
    expect(error.stopReason).toBe('aborted');
    expect(error.cause).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe('Graph execution timed out after 2000 ms');
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toBe(error.cause);
    expect(error.overview.nodes.a?.status).toBe('failed');
    expect(error.overview.nodes.b).toMatchObject({
      status: 'skipped',
      skipReason: 'execution_stopped',
    });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears the execution timer when the graph finishes first', async () => {
    vi.useFakeTimers();
    const graph = createGraph('a', { executionTimeout: 60_000 }).addNode('a', () => 1);
    await graph.execute({});
    expect(vi.getTimerCount()).toBe(0);
  });

  it("the caller's signal aborts the execution", async () => {
    const controller = new AbortController();
    const started = deferred();
    let nodeReason: unknown;
    const graph = createGraph('a').addNode('a', async ({ signal }) => {
      signal.addEventListener('abort', () => {
        nodeReason = signal.reason;
      });
      started.resolve();
      return untilAborted(signal);
    });
    const running = graph
      .execute({}, { signal: controller.signal })
      .catch((error: unknown) => error as GraphStoppedError);
    await started.promise;
    controller.abort(new Error('user left'));
    const error = (await running) as GraphStoppedError;
    expect(error.reason).toBe('aborted');
    expect(error.cause).toBeInstanceOf(AbortError);
    expect(error.message).toBe('Graph execution aborted: The operation was aborted: user left');
    expect(nodeReason).toBe(error.cause);
  });

  it('an already-aborted signal runs nothing', async () => {
    const node = vi.fn(() => 1);
    const graph = createGraph('a').addNode('a', node);
    await expect(graph.execute({}, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      reason: 'aborted',
    });
    expect(node).not.toHaveBeenCalled();
  });
});

describe('lazy signals and timers', () => {
  it('creates no AbortController and no timer for nodes nothing can abort', async () => {
    vi.useFakeTimers();
    const Original = globalThis.AbortController;
    let created = 0;
    globalThis.AbortController = class extends Original {
      constructor() {
        super();
        created++;
      }
    };
    try {
      const signals: AbortSignal[] = [];
      const graph = createGraph('out', { errorStrategy: 'continue_on_error' }).addNode(
        'out',
        () => 0,
      );
      for (let i = 0; i < 100; i++) {
        graph.addNode(`n${i}`, async () => undefined).addEdge(`n${i}`, 'out');
      }
      await graph.execute({});
      expect(created).toBe(0);
      expect(vi.getTimerCount()).toBe(0);

      // A node that reads its signal when nothing can abort it gets one shared quiet signal.
      const reading = createGraph('b', { errorStrategy: 'continue_on_error' })
        .addNode('a', ({ signal }) => signals.push(signal))
        .addNode('b', ({ signal }) => signals.push(signal))
        .addEdge('a', 'b');
      await reading.execute({});
      expect(created).toBe(1);
      expect(signals[0]).toBe(signals[1]);
      expect(signals[0]?.aborted).toBe(false);

      // fail_fast with parallel nodes: every node that reads its signal gets its own.
      created = 0;
      const parallel = createGraph('out').addNode('out', () => 0);
      for (let i = 0; i < 3; i++) {
        parallel.addNode(`p${i}`, ({ signal }) => signals.push(signal)).addEdge(`p${i}`, 'out');
      }
      await parallel.execute({});
      expect(created).toBe(3);
    } finally {
      globalThis.AbortController = Original;
    }
  });
});
