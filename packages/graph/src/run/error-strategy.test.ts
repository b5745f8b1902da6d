import { AbortError, AgentStoppedError } from '@aigo/ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Gates, untilAborted } from '../../test/support/test-helpers.js';
import { GraphStoppedError } from '../graph-errors.js';
import { createGraph } from '../plan/create-graph.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('fail_fast', () => {
  it('aborts running siblings (their signals fire) and rejects with the first error', async () => {
    const gates = new Gates();
    const aborted: Record<string, unknown> = {};
    const boom = new Error('boom');
    const sibling =
      (id: string) =>
      async ({ signal }: { signal: AbortSignal }) => {
        signal.addEventListener('abort', () => {
          aborted[id] = signal.reason;
        });
        void gates.enter(id);
        return untilAborted(signal);
      };
    const graph = createGraph('out')
      .addNode('root', () => 'go')
      .addNode('b', sibling('b'))
      .addNode('c', sibling('c'))
      .addNode('failing', async () => {
        await gates.reached(2); // b and c are running
        throw boom;
      })
      .addNode('afterB', () => 'never')
      .addNode('out', () => 'never')
      .addEdge('root', 'b')
      .addEdge('root', 'c')
      .addEdge('root', 'failing')
      .addEdge('b', 'afterB')
      .addEdge('afterB', 'out')
      .addEdge('c', 'out')
      .addEdge('failing', 'out');

    const error = (await graph.execute({}).catch((caught: unknown) => caught)) as GraphStoppedError;
    expect(error).toBeInstanceOf(GraphStoppedError);
    expect(AgentStoppedError.isInstance(error)).toBe(true);
    expect(error.code).toBe('agent_stopped');
    expect(error.stopReason).toBe('error');
    expect(error.reason).toBe('node_failed');
    expect(error.nodeId).toBe('failing');
    expect(error.cause).toBe(boom);
    expect(error.message).toBe('Graph execution failed: node "failing" failed: boom');

    expect(Object.keys(aborted).sort()).toEqual(['b', 'c']);
    for (const reason of Object.values(aborted)) {
      expect(reason).toBeInstanceOf(AbortError);
      expect((reason as AbortError).message).toBe('Cancelled: node "failing" failed');
      expect((reason as AbortError).cause).toBe(boom);
    }
    const { nodes } = error.overview;
    expect(nodes.root?.status).toBe('completed');
    expect(nodes.failing).toMatchObject({ status: 'failed', error: boom, attempts: 1 });
    expect(nodes.b).toMatchObject({ status: 'failed', error: aborted.b });
    expect(nodes.c?.status).toBe('failed');
    expect(nodes.afterB).toMatchObject({ status: 'skipped', skipReason: 'execution_stopped' });
    expect(nodes.out).toMatchObject({ status: 'skipped', skipReason: 'execution_stopped' });
    expect(error.overview.executionEndTime).toBeInstanceOf(Date);
  });

  it('reports the first failure when several nodes fail', async () => {
    const graph = createGraph('out', { maxConcurrency: 1 })
      .addNode('first', async () => {
        throw new Error('first');
      })
      .addNode('second', async () => {
        throw new Error('second');
      })
      .addNode('out', () => 'never')
      .addEdge('first', 'out')
      .addEdge('second', 'out');
    await expect(graph.execute({})).rejects.toMatchObject({ nodeId: 'first' });
  });
});

describe('continue_on_error', () => {
  it('marks the failed node and skips only what depends on it', async () => {
    const ran: string[] = [];
    const node = (id: string) => () => {
      ran.push(id);
      return id;
    };
    const broken = new Error('broken');
    const graph = createGraph<string>('out', { errorStrategy: 'continue_on_error' })
      .addNode('root', node('root'))
      .addNode('failing', () => {
        ran.push('failing');
        throw broken;
      })
      .addNode('child', node('child'))
      .addNode('grandchild', node('grandchild'))
      .addNode('healthy', node('healthy'))
      .addNode('healthyChild', node('healthyChild'))
      .addNode('out', ({ upstreamResults }) => Object.keys(upstreamResults).join(','), {
        join: 'any',
      })
      .addEdge('root', 'failing')
      .addEdge('failing', 'child')
      .addEdge('child', 'grandchild')
      .addEdge('grandchild', 'out')
      .addEdge('root', 'healthy')
      .addEdge('healthy', 'healthyChild')
      .addEdge('healthyChild', 'out');

    const result = await graph.execute({});
    expect(result.data).toBe('healthyChild');
    expect(result.status).toBe('partial');
    expect(ran.sort()).toEqual(['failing', 'healthy', 'healthyChild', 'root']);
    expect(result.nodes.failing).toMatchObject({ status: 'failed', error: broken });
    expect(result.nodes.child).toMatchObject({ status: 'skipped', skipReason: 'upstream_failed' });
    expect(result.nodes.grandchild).toMatchObject({
      status: 'skipped',
      skipReason: 'upstream_skipped',
    });
    expect(result.nodes.healthyChild?.status).toBe('completed');
  });

  it('rejects when the output node itself fails, with every report', async () => {
    const graph = createGraph('out', { errorStrategy: 'continue_on_error' })
      .addNode('a', () => 1)
      .addNode('out', () => {
        throw new Error('no output');
      })
      .addEdge('a', 'out');
    const error = (await graph.execute({}).catch((caught: unknown) => caught)) as GraphStoppedError;
    expect(error.reason).toBe('node_failed');
    expect(error.nodeId).toBe('out');
    expect(error.message).toBe('Graph execution failed: the output node "out" failed: no output');
    expect(error.overview.nodes.a?.status).toBe('completed');
  });
});

describe('retry', () => {
  it('never re-runs a node whose agent suspended (it waits for a person)', async () => {
    let calls = 0;
    const graph = createGraph('n').addNode(
      'n',
      () => {
        calls++;
        throw new AgentStoppedError('suspended', 'waiting for a decision', undefined);
      },
      { retry: { maxRetries: 3, initialBackoffMs: 1 } },
    );
    await expect(graph.execute({})).rejects.toMatchObject({ reason: 'node_failed' });
    expect(calls).toBe(1);
  });

  it('retries a failing node with exponential backoff', async () => {
    vi.useFakeTimers();
    const attempts: number[] = [];
    const graph = createGraph<string>('flaky').addNode(
      'flaky',
      ({ attempt }) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error(`attempt ${attempt} failed`);
        return 'ok';
      },
      { retry: { maxRetries: 3, initialBackoffMs: 100, multiplier: 2 } },
    );
    const running = graph.execute({});
    await vi.advanceTimersByTimeAsync(99);
    expect(attempts).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempts).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(199);
    expect(attempts).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1);
    const result = await running;
    expect(attempts).toEqual([1, 2, 3]);
    expect(result.data).toBe('ok');
    expect(result.nodes.flaky?.attempts).toBe(3);
  });

  it('gives up after maxRetries, or at once for an error retryable() refuses', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const exhausted = createGraph('n').addNode(
      'n',
      () => {
        calls++;
        throw new Error(`failure ${calls}`);
      },
      { retry: { maxRetries: 2, initialBackoffMs: 10 } },
    );
    const first = exhausted.execute({}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(30);
    expect(await first).toMatchObject({
      reason: 'node_failed',
      message: expect.stringContaining('failure 3'),
    });
    expect(calls).toBe(3);

    const retryable = vi.fn(() => false);
    let refusedCalls = 0;
    const refused = createGraph('n').addNode(
      'n',
      () => {
        refusedCalls++;
        throw new Error('fatal');
      },
      { retry: { maxRetries: 5, retryable } },
    );
    await expect(refused.execute({})).rejects.toMatchObject({ reason: 'node_failed' });
    expect(refusedCalls).toBe(1);
    expect(retryable).toHaveBeenCalledWith(expect.objectContaining({ message: 'fatal' }), 1);

    const predicateError = new Error('predicate broke');
    const throwing = createGraph('n').addNode(
      'n',
      () => {
        throw new Error('node error');
      },
      {
        retry: {
          maxRetries: 5,
          retryable: () => {
            throw predicateError;
          },
        },
      },
    );
    await expect(throwing.execute({})).rejects.toMatchObject({
      reason: 'node_failed',
      cause: predicateError,
    });
  });

  it('stops waiting for a retry when the execution stops', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    let calls = 0;
    const graph = createGraph('n').addNode(
      'n',
      () => {
        calls++;
        throw new Error('again');
      },
      { retry: { maxRetries: 1, initialBackoffMs: 60_000 } },
    );
    const running = graph.execute({}, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await expect(running).rejects.toMatchObject({ reason: 'aborted' });
    expect(vi.getTimerCount()).toBe(0);
    expect(calls).toBe(1);
  });
});
