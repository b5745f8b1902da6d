import { deferred } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import type { GraphStoppedError } from '../graph-errors.js';
import { createGraph } from '../plan/create-graph.js';
import type { NodeStatus, StoredNodeResult } from '../plan/node-types.js';
import { InMemoryStateProvider, inMemoryStateProvider } from './in-memory-state-provider.js';
import type { StateProvider } from './state-provider.js';

/** An asynchronous store (every call yields first), recording what it was asked to do. */
class RecordingStateProvider implements StateProvider {
  readonly log: string[] = [];
  readonly values = new Map<string, unknown>();
  readonly statuses = new Map<string, NodeStatus>();
  readonly results = new Map<string, StoredNodeResult>();
  failOn: string | undefined;

  async #step(entry: string): Promise<void> {
    await Promise.resolve();
    this.log.push(entry);
    if (this.failOn !== undefined && entry.startsWith(this.failOn)) {
      throw new Error(`store down at ${entry}`);
    }
  }

  async reset(initialState: Readonly<Record<string, unknown>>): Promise<void> {
    await this.#step(`reset ${JSON.stringify(initialState)}`);
    this.values.clear();
    this.statuses.clear();
    this.results.clear();
    for (const [key, value] of Object.entries(initialState)) this.values.set(key, value);
  }
  async get(key: string): Promise<unknown> {
    await this.#step(`get ${key}`);
    return this.values.get(key);
  }
  async set(key: string, value: unknown): Promise<void> {
    await this.#step(`set ${key}`);
    this.values.set(key, value);
  }
  async getAll(): Promise<Record<string, unknown>> {
    return Object.fromEntries(this.values);
  }
  async getNodeStatus(nodeId: string): Promise<NodeStatus> {
    return this.statuses.get(nodeId) ?? 'pending';
  }
  async setNodeStatus(nodeId: string, status: NodeStatus): Promise<void> {
    await this.#step(`status ${nodeId} ${status}`);
    this.statuses.set(nodeId, status);
  }
  async getNodeResult(nodeId: string): Promise<StoredNodeResult | undefined> {
    return this.results.get(nodeId);
  }
  async setNodeResult(nodeId: string, result: StoredNodeResult): Promise<void> {
    await this.#step(`result ${nodeId}`);
    this.results.set(nodeId, result);
  }
}

describe('InMemoryStateProvider', () => {
  it('keeps values, statuses and results, and reset forgets them all', async () => {
    const state = inMemoryStateProvider();
    expect(state).toBeInstanceOf(InMemoryStateProvider);
    await state.reset({ a: 1 });
    expect(await state.get('a')).toBe(1);
    expect(await state.get('missing')).toBeUndefined();
    await state.set('b', { x: 2 });
    expect(await state.getAll()).toEqual({ a: 1, b: { x: 2 } });
    expect(await state.getNodeStatus('n')).toBe('pending');
    await state.setNodeStatus('n', 'completed');
    await state.setNodeResult('n', { output: 42, durationMs: 3 });
    expect(await state.getNodeStatus('n')).toBe('completed');
    expect(await state.getNodeResult('n')).toEqual({ output: 42, durationMs: 3 });
    const copy = await state.getAll();
    copy.a = 99;
    expect(await state.get('a')).toBe(1);

    await state.reset({ c: 3 });
    expect(await state.getAll()).toEqual({ c: 3 });
    expect(await state.getNodeStatus('n')).toBe('pending');
    expect(await state.getNodeResult('n')).toBeUndefined();
    await expect(state.reset(null as never)).rejects.toThrow(/initialState/);
    await expect(state.set(1 as never, 1)).rejects.toThrow(/key/);
  });
});

describe('state providers in executions', () => {
  it('resets the provider, writes each status and result, and shares state between nodes', async () => {
    const state = new RecordingStateProvider();
    const graph = createGraph<string>('b', { stateProvider: () => state })
      .addNode('a', async ({ sharedState }) => {
        await sharedState.set('greeting', `hello ${await sharedState.get('name')}`);
        return 'a';
      })
      .addNode('b', async ({ sharedState }) => `${await sharedState.get('greeting')}!`)
      .addEdge('a', 'b');
    const result = await graph.execute({ name: 'ada' });
    expect(result.data).toBe('hello ada!');
    expect(state.log).toEqual([
      'reset {"name":"ada"}',
      'status a running',
      'get name',
      'set greeting',
      'result a',
      'status a completed',
      'status b running',
      'get greeting',
      'result b',
      'status b completed',
    ]);
    expect(state.results.get('b')).toMatchObject({ output: 'hello ada!' });
    expect(state.results.get('b')?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('records failed and skipped nodes', async () => {
    const state = new RecordingStateProvider();
    const boom = new Error('boom');
    const graph = createGraph('out', { errorStrategy: 'continue_on_error' })
      .addNode('ok', () => 1)
      .addNode('bad', () => {
        throw boom;
      })
      .addNode('after', () => 2)
      .addNode('out', () => 'out', { join: 'any' })
      .addEdge('bad', 'after')
      .addEdge('after', 'out')
      .addEdge('ok', 'out');
    await graph.execute({}, { stateProvider: state });
    expect(Object.fromEntries(state.statuses)).toEqual({
      ok: 'completed',
      bad: 'failed',
      after: 'skipped',
      out: 'completed',
    });
    expect(state.results.get('bad')).toMatchObject({ output: undefined, error: boom });
    expect(state.results.has('after')).toBe(false);
  });

  it('forgets the results of the previous execution (no stale results)', async () => {
    const state = inMemoryStateProvider();
    let take = 'left';
    const graph = createGraph<string>('out', { stateProvider: state })
      .addNode('route', () => take)
      .addNode('left', () => 'L')
      .addNode('right', () => 'R')
      .addNode('out', ({ upstreamResults }) => Object.keys(upstreamResults).join(), { join: 'any' })
      .addEdge('route', 'left', { condition: ({ result }) => result.output === 'left' })
      .addEdge('route', 'right', { condition: ({ result }) => result.output === 'right' })
      .addEdge('left', 'out')
      .addEdge('right', 'out');
    expect((await graph.execute({})).data).toBe('left');
    expect(await state.getNodeResult('left')).toMatchObject({ output: 'L' });
    take = 'right';
    expect((await graph.execute({})).data).toBe('right');
    expect(await state.getNodeResult('left')).toBeUndefined();
    expect(await state.getNodeStatus('left')).toBe('skipped');
  });

  it('refuses to share one provider object between concurrent executions', async () => {
    const state = inMemoryStateProvider();
    const release = deferred();
    const graph = createGraph('a', { stateProvider: state }).addNode('a', () => release.promise);
    const first = graph.execute({});
    await expect(graph.execute({})).rejects.toThrow(
      /options\.stateProvider: is in use by another execution of this graph/,
    );
    const stream = graph.executeStream({});
    await expect(stream.collect()).rejects.toThrow(/is in use/);
    release.resolve();
    await first;
    // Free again once the first execution settled.
    expect((await graph.execute({})).status).toBe('completed');
    expect(await state.getNodeStatus('a')).toBe('completed');
  });

  it('fails the execution when the state provider fails', async () => {
    const state = new RecordingStateProvider();
    state.failOn = 'result b';
    const graph = createGraph('b', {
      stateProvider: () => state,
      errorStrategy: 'continue_on_error',
    })
      .addNode('a', () => 1)
      .addNode('b', () => 2)
      .addEdge('a', 'b');
    const error = (await graph.execute({}).catch((caught: unknown) => caught)) as GraphStoppedError;
    expect(error.reason).toBe('state_error');
    expect(error.message).toBe(
      'Graph execution failed: the state provider failed: store down at result b',
    );

    const failingReset = new RecordingStateProvider();
    failingReset.failOn = 'reset';
    await expect(
      createGraph('a')
        .addNode('a', () => 1)
        .execute({}, { stateProvider: failingReset }),
    ).rejects.toMatchObject({ reason: 'state_error' });
  });

  it('tolerates a store that answers synchronously, and a synchronous throw fails the execution', async () => {
    const statuses = new Map<string, NodeStatus>();
    let failSkipped = false;
    const syncStore = {
      reset: () => undefined,
      get: () => 'sync value',
      set: () => undefined,
      getAll: () => ({}),
      getNodeStatus: (id: string) => statuses.get(id) ?? 'pending',
      setNodeStatus: (id: string, status: NodeStatus) => {
        if (failSkipped && status === 'skipped') throw new Error('sync failure');
        statuses.set(id, status);
      },
      getNodeResult: () => undefined,
      setNodeResult: () => undefined,
    } as unknown as StateProvider;
    const graph = createGraph<unknown>('out', { errorStrategy: 'continue_on_error' })
      .addNode('a', async ({ sharedState }) => sharedState.get('x'))
      .addNode('never', () => 1)
      .addNode('out', ({ upstreamResults }) => upstreamResults.a?.output, { join: 'any' })
      .addEdge('a', 'never', { condition: () => false })
      .addEdge('a', 'out')
      .addEdge('never', 'out');
    const result = await graph.execute({}, { stateProvider: syncStore });
    expect(result.data).toBe('sync value');
    expect(statuses.get('never')).toBe('skipped');
    failSkipped = true;
    await expect(graph.execute({}, { stateProvider: syncStore })).rejects.toMatchObject({
      reason: 'state_error',
      message: 'Graph execution failed: the state provider failed: sync failure',
    });
  });

  it('checks what a stateProvider factory returns', async () => {
    const graph = createGraph('a', { stateProvider: () => ({}) as never }).addNode('a', () => 1);
    await expect(graph.execute({})).rejects.toThrow(/options\.stateProvider\(\)/);
  });
});
