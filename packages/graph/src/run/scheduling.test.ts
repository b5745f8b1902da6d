import { deferred } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { Gates } from '../../test/support/test-helpers.js';
import { createGraph } from '../plan/create-graph.js';
import type { NodeInput } from '../plan/node-types.js';

const sumOfParents = ({ upstreamResults }: NodeInput): number =>
  Object.values(upstreamResults).reduce((sum, result) => sum + (result.output as number), 0);

describe('scheduling', () => {
  it('runs a diamond: both branches see the root, the join sees both branches', async () => {
    const seen: Record<string, string[]> = {};
    const record = (input: NodeInput): void => {
      seen[input.nodeId] = Object.keys(input.upstreamResults).sort();
    };
    const graph = createGraph<string>('join')
      .addNode('root', (input) => {
        record(input);
        return 'r';
      })
      .addNode('left', async (input) => {
        record(input);
        return `${input.upstreamResults.root?.output}-left`;
      })
      .addNode('right', {
        async execute(input) {
          record(input);
          return { output: `${input.upstreamResults.root?.output}-right`, metadata: { side: 1 } };
        },
      })
      .addNode('join', (input) => {
        record(input);
        return `${input.upstreamResults.left?.output}+${input.upstreamResults.right?.output}`;
      })
      .addEdge('root', 'left')
      .addEdge('root', 'right')
      .addEdge('left', 'join')
      .addEdge('right', 'join');

    const result = await graph.execute({});
    expect(result.data).toBe('r-left+r-right');
    expect(result.status).toBe('completed');
    expect(seen).toEqual({ root: [], left: ['root'], right: ['root'], join: ['left', 'right'] });
    expect(Object.keys(result.nodes)).toEqual(['root', 'left', 'right', 'join']);
    expect(result.nodes.right).toMatchObject({
      id: 'right',
      status: 'completed',
      attempts: 1,
      result: { output: 'r-right', metadata: { side: 1 } },
    });
    for (const report of Object.values(result.nodes)) {
      expect(report.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(result.executionEndTime).toBeInstanceOf(Date);
  });

  it('runs a wide fan-out / fan-in', async () => {
    const width = 1_000;
    const graph = createGraph<number>('sum')
      .addNode('source', () => 1)
      .addNode('sum', sumOfParents);
    for (let i = 0; i < width; i++) {
      graph.addNode(
        `w${i}`,
        async ({ upstreamResults }) => (upstreamResults.source?.output as number) + i,
      );
      graph.addEdge('source', `w${i}`).addEdge(`w${i}`, 'sum');
    }
    const result = await graph.execute({});
    // Σ (1 + i) for i < 1000
    expect(result.data).toBe(width + (width * (width - 1)) / 2);
    expect(Object.keys(result.nodes)).toHaveLength(width + 2);
    expect(result.status).toBe('completed');
  });

  it('never runs more than maxConcurrency nodes at once (measured with counters)', async () => {
    const gates = new Gates();
    const limit = 3;
    const width = 12;
    const graph = createGraph<number>('sink', { maxConcurrency: limit })
      .addNode('source', () => 0)
      .addNode('sink', sumOfParents);
    for (let i = 0; i < width; i++) {
      graph.addNode(`w${i}`, async ({ nodeId }) => {
        await gates.enter(nodeId);
        return 1;
      });
      graph.addEdge('source', `w${i}`).addEdge(`w${i}`, 'sink');
    }
    const running = graph.execute({});
    for (let entered = limit; entered <= width; entered++) {
      await gates.reached(entered);
      // Exactly `limit` are held; nobody else could start.
      expect(gates.inside).toBe(limit);
      expect(gates.entered).toHaveLength(entered);
      gates.release(gates.waiting[0] as string);
    }
    for (const id of gates.waiting) gates.release(id);
    const result = await running;
    expect(result.data).toBe(width);
    expect(gates.maxInside).toBe(limit);
    // Queued in insertion order, started first-in first-out.
    expect(gates.entered).toEqual(Array.from({ length: width }, (_, i) => `w${i}`));
  });

  it('keeps a global limit across a larger DAG of microtask-yielding nodes', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const node = async (): Promise<number> => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      for (let i = 0; i < 5; i++) await Promise.resolve();
      inFlight--;
      return 1;
    };
    const graph = createGraph<number>('out', { maxConcurrency: 4 }).addNode('out', node);
    for (let layer = 0; layer < 10; layer++) {
      for (let i = 0; i < 10; i++) {
        graph.addNode(`n${layer}-${i}`, node);
        if (layer > 0) {
          graph.addEdge(`n${layer - 1}-${i}`, `n${layer}-${i}`);
          graph.addEdge(`n${layer - 1}-${(i + 3) % 10}`, `n${layer}-${i}`);
        }
      }
    }
    for (let i = 0; i < 10; i++) graph.addEdge(`n9-${i}`, 'out');
    await graph.execute({});
    expect(maxInFlight).toBe(4);
  });

  it('starts a node as soon as its parents settle: a slow branch does not hold back a fast one', async () => {
    const slowStarted = deferred();
    const slowRelease = deferred();
    const fastChildDone = deferred();
    const order: string[] = [];
    const graph = createGraph<string[]>('join')
      .addNode('slow', async () => {
        slowStarted.resolve();
        await slowRelease.promise;
        order.push('slow');
        return 'slow';
      })
      .addNode('fast', () => {
        order.push('fast');
        return 'fast';
      })
      .addNode('fastChild', () => {
        order.push('fastChild');
        fastChildDone.resolve();
        return 'fastChild';
      })
      .addNode('fastGrandchild', () => {
        order.push('fastGrandchild');
        return 'fastGrandchild';
      })
      .addNode('join', ({ upstreamResults }) => Object.keys(upstreamResults).sort())
      .addEdge('fast', 'fastChild')
      .addEdge('fastChild', 'fastGrandchild')
      .addEdge('slow', 'join')
      .addEdge('fastGrandchild', 'join');

    const running = graph.execute({});
    await slowStarted.promise;
    // Level by level, fastChild (level 1) would wait for slow (level 0): this would never resolve.
    await fastChildDone.promise;
    slowRelease.resolve();
    const result = await running;
    expect(order.slice(0, 2)).toEqual(['fast', 'fastChild']);
    expect(order.indexOf('slow')).toBeGreaterThan(order.indexOf('fastChild'));
    expect(result.data).toEqual(['fastGrandchild', 'slow']);
  });

  it('runs several executions of one graph concurrently, each with its own state', async () => {
    const gates = new Gates();
    const graph = createGraph<string>('greet')
      .addNode('name', async ({ sharedState, nodeId }) => {
        const name = (await sharedState.get('name')) as string;
        await gates.enter(`${nodeId}:${name}`);
        await sharedState.set('upper', name.toUpperCase());
        return name;
      })
      .addNode('greet', async ({ sharedState, upstreamResults }) => {
        return `hello ${upstreamResults.name?.output} (${await sharedState.get('upper')})`;
      })
      .addEdge('name', 'greet');
    const names = ['ada', 'grace', 'edsger', 'barbara'];
    const runs = names.map((name) => graph.execute({ name }));
    // All four are inside their first node at the same time.
    await gates.reached(names.length);
    expect(gates.inside).toBe(names.length);
    for (const id of [...gates.waiting].reverse()) gates.release(id);
    const results = await Promise.all(runs);
    expect(results.map((result) => result.data)).toEqual(
      names.map((name) => `hello ${name} (${name.toUpperCase()})`),
    );
    // Each execution has its own overview.
    expect(new Set(results).size).toBe(names.length);
  });

  it('passes params, and gives a node without a client a clear error', async () => {
    const graph = createGraph<unknown>('a')
      .addNode('a', ({ params }) => params, { params: { depth: 2 } })
      .addNode('b', ({ client }) => client.defaultModel)
      .addEdge('b', 'a');
    const failed = await graph.execute({}).catch((error: unknown) => error);
    expect(failed).toMatchObject({
      reason: 'node_failed',
      nodeId: 'b',
      cause: { argument: 'client' },
    });
    expect(String((failed as Error).message)).toContain(
      'node "b" has no client: pass `client` to addNode or `defaultClient` to createGraph',
    );
  });

  it('treats undefined from an executor as an undefined output, and rejects a non-result', async () => {
    const ok = await createGraph('a')
      .addNode('a', { execute: async () => undefined as never })
      .execute({});
    expect(ok.data).toBeUndefined();
    const bad = createGraph('a').addNode('a', { execute: async () => 42 as never });
    await expect(bad.execute({})).rejects.toMatchObject({
      reason: 'node_failed',
      cause: { argument: 'nodes.a.execute' },
    });
  });

  it('fails a node whose function throws synchronously', async () => {
    const graph = createGraph('a').addNode('a', () => {
      throw new Error('sync boom');
    });
    await expect(graph.execute({})).rejects.toThrow('node "a" failed: sync boom');
  });
});
