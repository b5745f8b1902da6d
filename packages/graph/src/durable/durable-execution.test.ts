// Durable executions on the in-memory checkpointer: resume after a stopped execution, completed
// nodes not run again, their cost counted once, fencing, cancellation, the run's deadline across
// attempts, a changed graph refused, JSON-only outputs and state.
import {
  GraphChangedError,
  GraphRunCancelledError,
  StaleFencingTokenError,
  TimeoutError,
  ValidationError,
} from '@aigo/ai';
import { createClient } from '@aigo/client';
import { checkpointerConformance, createFakeProvider, deferred } from '@aigo/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { untilAborted } from '../../test/support/test-helpers.js';
import { GraphStoppedError } from '../graph-errors.js';
import { createGraph } from '../plan/create-graph.js';
import { cancelGraphRun } from './graph-runs.js';
import { inMemoryCheckpointer } from './in-memory-checkpointer.js';

checkpointerConformance({
  name: 'inMemoryCheckpointer',
  makeCheckpointer: () => inMemoryCheckpointer(),
});

const price = { inputCostPerMillion: 1_000, outputCostPerMillion: 2_000 };

/** A chain n1 → n2 → … → nN whose nodes each make one model call and count their executions. */
function chain(size: number, options: { stopAt?: number; controller?: AbortController } = {}) {
  const provider = createFakeProvider().onRequest((request) => ({
    content: `<${request.messages.at(-1)?.content}>`,
    usage: { promptTokens: 100, completionTokens: 10, totalTokens: 110 },
  }));
  const client = createClient(provider, { defaultModel: 'm', modelCost: price });
  const executed: string[] = [];
  const keys: string[] = [];
  const checkpointer = inMemoryCheckpointer();
  const graph = createGraph<string>(`n${size}`, {
    name: 'chain',
    defaultClient: client,
    checkpointer,
  });
  for (let i = 1; i <= size; i++) {
    graph.addNode(`n${i}`, async ({ client, upstreamResults, attemptKey, signal }) => {
      executed.push(`n${i}`);
      keys.push(attemptKey);
      if (
        i === options.stopAt &&
        options.controller !== undefined &&
        !options.controller.signal.aborted
      ) {
        options.controller.abort(new Error('the process is going away'));
        return untilAborted(signal);
      }
      const previous = upstreamResults[`n${i - 1}`]?.output ?? 'start';
      return (await client.sendMessage(String(previous))).content;
    });
    if (i > 1) graph.addEdge(`n${i - 1}`, `n${i}`);
  }
  return { graph, checkpointer, executed, keys };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('durable executions (in-memory checkpointer)', () => {
  it('resumes a stopped run: completed nodes are not run again, the output and the cost are those of one run', async () => {
    const controller = new AbortController();
    const { graph, checkpointer, executed, keys } = chain(6, { stopAt: 4, controller });
    const first = await graph
      .execute({}, { runId: 'r1', signal: controller.signal })
      .catch((error: unknown) => error);
    expect(first).toBeInstanceOf(GraphStoppedError);
    expect((first as GraphStoppedError).reason).toBe('aborted');
    const stored = await checkpointer.load('r1');
    expect(stored?.status).toBe('running');
    expect(Object.keys(stored?.nodes ?? {}).sort()).toEqual(['n1', 'n2', 'n3']);

    const result = await graph.execute({}, { runId: 'r1' });
    expect(executed).toEqual(['n1', 'n2', 'n3', 'n4', 'n4', 'n5', 'n6']);
    expect(result.data).toBe('<<<<<<start>>>>>>');
    expect(result.totalUsage.totalTokens).toBe(6 * 110);
    expect(result.costSummary().totalModelCost).toBeCloseTo(6 * (0.1 + 0.02), 10);
    expect(result.nodes.n1?.status).toBe('completed');
    expect(keys.filter((key) => key === 'r1/n4')).toHaveLength(2);
    const finished = await checkpointer.load('r1');
    expect(finished?.status).toBe('completed');
    expect(finished?.output).toBe('<<<<<<start>>>>>>');
    expect(finished?.nodes.n2?.calls).toHaveLength(1);
  });

  it('executing a completed run again returns its result without running a node', async () => {
    const { graph, executed } = chain(3);
    const first = await graph.execute({}, { runId: 'done' });
    const again = await graph.execute({}, { runId: 'done' });
    expect(executed).toHaveLength(3);
    expect(again.data).toBe(first.data);
    expect(again.totalUsage).toEqual(first.totalUsage);
  });

  it('a failed run stays failed: executing it again rejects as before and runs nothing', async () => {
    const checkpointer = inMemoryCheckpointer();
    let runs = 0;
    const graph = createGraph('out', { checkpointer })
      .addNode('a', () => {
        runs++;
        throw new Error('bad input');
      })
      .addNode('out', () => 1)
      .addEdge('a', 'out');
    const first = await graph.execute({}, { runId: 'f' }).catch((error: unknown) => error);
    const second = await graph.execute({}, { runId: 'f' }).catch((error: unknown) => error);
    expect(runs).toBe(1);
    expect((first as GraphStoppedError).reason).toBe('node_failed');
    expect((second as GraphStoppedError).reason).toBe('node_failed');
    expect((second as GraphStoppedError).message).toContain('bad input');
    expect((await checkpointer.load('f'))?.status).toBe('failed');
  });

  it('resuming with a changed graph (a node renamed) is refused with GraphChangedError and runs nothing', async () => {
    const controller = new AbortController();
    const { checkpointer } = chain(3, { stopAt: 2, controller });
    const original = chain(3, { stopAt: 2, controller });
    await original.graph
      .execute({}, { runId: 'c', signal: controller.signal, checkpointer })
      .catch(() => undefined);
    let ran = 0;
    const renamed = createGraph('n3', { name: 'chain', checkpointer })
      .addNode('first', () => ran++)
      .addNode('n2', () => ran++)
      .addNode('n3', () => ran++)
      .addEdge('first', 'n2')
      .addEdge('n2', 'n3');
    const error = await renamed.execute({}, { runId: 'c' }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GraphStoppedError);
    expect((error as GraphStoppedError).reason).toBe('state_error');
    expect(GraphChangedError.isInstance((error as GraphStoppedError).cause)).toBe(true);
    expect(((error as GraphStoppedError).cause as GraphChangedError).code).toBe('graph_changed');
    expect(ran).toBe(0);
    const bumped = createGraph('n3', { name: 'chain', version: '2', checkpointer }).addNode(
      'n3',
      () => 1,
    );
    const refused = await bumped.execute({}, { runId: 'c' }).catch((thrown: unknown) => thrown);
    expect(GraphChangedError.isInstance((refused as GraphStoppedError).cause)).toBe(true);
  });

  it('a newer claim makes the older execution stop: its next write is refused with StaleFencingTokenError', async () => {
    const checkpointer = inMemoryCheckpointer();
    const inside = deferred();
    const release = deferred();
    const graph = createGraph('b', { checkpointer })
      .addNode('a', async () => {
        inside.resolve();
        await release.promise;
        return 'a';
      })
      .addNode('b', () => 'b')
      .addEdge('a', 'b');
    const slow = graph.execute({}, { runId: 's' }).catch((error: unknown) => error);
    await inside.promise;
    await checkpointer.claim('s', {
      graph: { name: graph.name, version: graph.version, fingerprint: graph.fingerprint() },
      input: {},
    });
    release.resolve();
    const error = (await slow) as GraphStoppedError;
    expect(error.reason).toBe('state_error');
    expect(StaleFencingTokenError.isInstance(error.cause)).toBe(true);
    expect((await checkpointer.load('s'))?.nodes).toEqual({});
  });

  it('cancelGraphRun stops a running execution (its node signals fire) and records it cancelled', async () => {
    const checkpointer = inMemoryCheckpointer();
    const inside = deferred();
    const graph = createGraph('a', { checkpointer, runPollMs: 5 }).addNode('a', ({ signal }) => {
      inside.resolve();
      return untilAborted(signal);
    });
    const running = graph.execute({}, { runId: 'x' }).catch((error: unknown) => error);
    await inside.promise;
    expect(await cancelGraphRun({ checkpointer }, 'x')).toBe(true);
    const error = (await running) as GraphStoppedError;
    expect(error.reason).toBe('aborted');
    expect(GraphRunCancelledError.isInstance(error.cause)).toBe(true);
    expect((await checkpointer.load('x'))?.status).toBe('cancelled');
    expect(await cancelGraphRun({ checkpointer }, 'x')).toBe(false);
  });

  it("the run's timeout spans its attempts: a resumed run past its deadline fails with a timeout", async () => {
    vi.useFakeTimers();
    const checkpointer = inMemoryCheckpointer();
    const controller = new AbortController();
    const graph = createGraph('a', { checkpointer, executionTimeout: 1_000 }).addNode(
      'a',
      ({ signal }) => {
        controller.abort();
        return untilAborted(signal);
      },
    );
    await graph.execute({}, { runId: 't', signal: controller.signal }).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1_500);
    const error = (await graph
      .execute({}, { runId: 't' })
      .catch((thrown: unknown) => thrown)) as GraphStoppedError;
    expect(error.reason).toBe('timeout');
    expect(TimeoutError.isInstance(error.cause)).toBe(true);
    expect((await checkpointer.load('t'))?.status).toBe('failed');
    expect((await checkpointer.load('t'))?.error?.code).toBe('timeout');
  });

  it('a non-JSON output fails the node with a ValidationError naming it; a non-JSON state value fails its setter', async () => {
    const checkpointer = inMemoryCheckpointer();
    const graph = createGraph('b', { checkpointer, errorStrategy: 'continue_on_error' })
      .addNode('a', () => new Map([[1, 2]]))
      .addNode('s', async ({ sharedState }) => {
        await sharedState.set('when', new Date(0));
      })
      .addNode('b', () => 'ok', { join: 'any' })
      .addEdge('a', 'b')
      .addEdge('s', 'b');
    const error = (await graph
      .execute({}, { runId: 'j' })
      .catch((thrown: unknown) => thrown)) as GraphStoppedError;
    const nodes = error.overview.nodes;
    expect(ValidationError.isInstance(nodes.a?.error)).toBe(true);
    expect(String((nodes.a?.error as Error | undefined)?.message)).toMatch(
      /nodes\.a\.output.*Map is not a plain JSON object/,
    );
    expect(String((nodes.s?.error as Error | undefined)?.message)).toMatch(
      /sharedState\.when.*Date/,
    );
    const record = await checkpointer.load('j');
    expect(record?.nodes.a?.status).toBe('failed');
    expect(record?.nodes.b?.skipReason).toBe('upstream_failed');
  });

  it('shared-state changes are recorded before dependants start, and a resumed run reads them', async () => {
    const checkpointer = inMemoryCheckpointer();
    const controller = new AbortController();
    const seen: unknown[] = [];
    const graph = createGraph('c', { checkpointer })
      .addNode('a', async ({ sharedState }) => {
        await sharedState.set('count', Number(await sharedState.get('count')) + 1);
        return 'a';
      })
      .addNode('b', async ({ sharedState, signal }) => {
        seen.push((await checkpointer.load('st'))?.state.count);
        if (!controller.signal.aborted) {
          controller.abort();
          return untilAborted(signal);
        }
        return sharedState.get('count');
      })
      .addNode('c', ({ upstreamResults }) => upstreamResults.b?.output)
      .addEdge('a', 'b')
      .addEdge('b', 'c');
    await graph
      .execute({ count: 41 }, { runId: 'st', signal: controller.signal })
      .catch(() => undefined);
    const result = await graph.execute({ count: 0 }, { runId: 'st' });
    expect(seen).toEqual([42, 42]);
    expect(result.data).toBe(42);
  });

  it('checks its durable options', () => {
    const checkpointer = inMemoryCheckpointer();
    expect(() => createGraph('a', { checkpointer: {} as never })).toThrow(/options\.checkpointer/);
    expect(() => createGraph('a', { name: '' })).toThrow(/options\.name/);
    const graph = createGraph('a').addNode('a', () => 1);
    return Promise.all([
      expect(graph.execute({}, { checkpointer })).rejects.toThrow(/options\.runId/),
      expect(graph.execute({}, { runId: '' })).rejects.toThrow(/options\.runId/),
      expect(graph.execute({ when: new Date() }, { runId: 'd', checkpointer })).rejects.toThrow(
        /initialState/,
      ),
    ]);
  });
});
