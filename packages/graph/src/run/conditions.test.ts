import { describe, expect, it } from 'vitest';
import { createGraph } from '../plan/create-graph.js';
import type { EdgeConditionInput, JoinMode } from '../plan/node-types.js';

/** classify → (positive | negative) → respond, the classic conditional branch. */
function router(join: JoinMode) {
  const ran: string[] = [];
  const graph = createGraph<string>('respond', { errorStrategy: 'continue_on_error' })
    .addNode('classify', async ({ sharedState }) => {
      ran.push('classify');
      return (await sharedState.get('text')) === 'great' ? 'positive' : 'negative';
    })
    .addNode('positive', () => {
      ran.push('positive');
      return 'Thanks!';
    })
    .addNode('negative', () => {
      ran.push('negative');
      return 'Sorry.';
    })
    .addNode(
      'respond',
      ({ upstreamResults }) => {
        ran.push('respond');
        return Object.values(upstreamResults)
          .map((result) => result.output)
          .join(' ');
      },
      { join },
    )
    .addEdge('classify', 'positive', { condition: ({ result }) => result.output === 'positive' })
    .addEdge('classify', 'negative', { condition: ({ result }) => result.output === 'negative' })
    .addEdge('positive', 'respond')
    .addEdge('negative', 'respond');
  return { graph, ran };
}

describe('conditional edges and joins', () => {
  it("join 'any' runs after whichever branch was taken", async () => {
    for (const [text, answer, skipped] of [
      ['great', 'Thanks!', 'negative'],
      ['meh', 'Sorry.', 'positive'],
    ] as const) {
      const { graph, ran } = router('any');
      const result = await graph.execute({ text });
      expect(result.data).toBe(answer);
      expect(ran).not.toContain(skipped);
      expect(result.status).toBe('partial');
      expect(result.nodes[skipped]).toMatchObject({
        status: 'skipped',
        skipReason: 'condition_not_met',
        attempts: 0,
        durationMs: 0,
      });
      expect(result.nodes.respond?.status).toBe('completed');
    }
  });

  it("join 'all' (the default) is skipped when a branch is not taken, and skips cascade", async () => {
    const { graph, ran } = router('all');
    const error = await graph.execute({ text: 'great' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: 'output_skipped', nodeId: 'respond' });
    expect(String((error as Error).message)).toBe(
      'Graph execution produced no output: the output node "respond" was skipped (upstream_skipped)',
    );
    expect(ran).toEqual(['classify', 'positive']);
    const nodes = (error as { overview: { nodes: Record<string, unknown> } }).overview.nodes;
    expect(nodes.negative).toMatchObject({ status: 'skipped', skipReason: 'condition_not_met' });
    expect(nodes.respond).toMatchObject({ status: 'skipped', skipReason: 'upstream_skipped' });
  });

  it("join 'all' runs when every conditional edge is active", async () => {
    const graph = createGraph<number>('sum')
      .addNode('a', () => 1)
      .addNode('b', () => 2)
      .addNode('sum', ({ upstreamResults }) =>
        Object.values(upstreamResults).reduce((s, r) => s + (r.output as number), 0),
      )
      .addEdge('a', 'sum', { condition: ({ result }) => result.output === 1 })
      .addEdge('b', 'sum', { condition: async ({ result }) => result.output === 2 });
    expect((await graph.execute({})).data).toBe(3);
  });

  it("join 'any' with no active edge is skipped", async () => {
    const graph = createGraph('out')
      .addNode('a', () => 1)
      .addNode('b', () => 2)
      .addNode('out', () => 'ran', { join: 'any' })
      .addEdge('a', 'out', { condition: () => false })
      .addEdge('b', 'out', { condition: () => false });
    await expect(graph.execute({})).rejects.toMatchObject({
      reason: 'output_skipped',
      overview: { nodes: { out: { status: 'skipped', skipReason: 'condition_not_met' } } },
    });
  });

  it('gives conditions the source result, every result so far and the shared state', async () => {
    const seen: EdgeConditionInput[] = [];
    const keysAtEvaluation: string[][] = [];
    const graph = createGraph<string>('c')
      .addNode('a', async ({ sharedState }) => {
        await sharedState.set('threshold', 5);
        return 3;
      })
      .addNode('b', () => 7)
      .addNode('c', () => 'done')
      .addEdge('a', 'b')
      .addEdge('b', 'c', {
        condition: async (input) => {
          seen.push(input);
          keysAtEvaluation.push(Object.keys(input.results));
          const threshold = (await input.sharedState.get('threshold')) as number;
          return (input.result.output as number) > threshold;
        },
      });
    expect((await graph.execute({})).data).toBe('done');
    expect(seen).toHaveLength(1);
    const [input] = seen;
    expect(input?.from).toBe('b');
    expect(input?.to).toBe('c');
    expect(input?.result.output).toBe(7);
    expect(keysAtEvaluation).toEqual([['a', 'b']]);
    expect(input?.results.a?.output).toBe(3);
  });

  it('evaluates a condition once, when its source completes (before unrelated nodes finish)', async () => {
    const events: string[] = [];
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const graph = createGraph('join')
      .addNode('fast', () => {
        events.push('fast done');
        return 1;
      })
      .addNode('slow', async () => {
        await slow;
        events.push('slow done');
        return 2;
      })
      .addNode('join', () => 'ok')
      .addEdge('fast', 'join', {
        condition: () => {
          events.push('condition');
          releaseSlow();
          return true;
        },
      })
      .addEdge('slow', 'join');
    await graph.execute({});
    expect(events).toEqual(['fast done', 'condition', 'slow done']);
  });

  it('fails the target of a condition that throws or returns a non-boolean', async () => {
    const throwing = createGraph('b')
      .addNode('a', () => 1)
      .addNode('b', () => 2)
      .addEdge('a', 'b', {
        condition: () => {
          throw new Error('bad condition');
        },
      });
    await expect(throwing.execute({})).rejects.toMatchObject({
      reason: 'node_failed',
      nodeId: 'b',
      message:
        'Graph execution failed: node "b" failed: The condition of edge "a" → "b" failed: bad condition',
    });

    const sloppy = createGraph('out', { errorStrategy: 'continue_on_error' })
      .addNode('a', () => 1)
      .addNode('b', () => 2)
      .addNode('c', () => 3)
      .addNode('out', () => 'out', { join: 'any' })
      .addEdge('a', 'b', { condition: (() => 'yes') as never })
      .addEdge('b', 'out')
      .addEdge('a', 'c')
      .addEdge('c', 'out');
    const result = await sloppy.execute({});
    expect(result.data).toBe('out');
    expect(result.nodes.b?.status).toBe('failed');
    expect(String((result.nodes.b?.error as Error | undefined)?.message)).toContain(
      'must return a boolean, got string',
    );
  });
});
