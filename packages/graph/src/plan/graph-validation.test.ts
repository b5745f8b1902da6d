import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { GraphValidationError } from '../graph-errors.js';
import { createGraph } from './create-graph.js';

const noop = async (): Promise<undefined> => undefined;

function caught(run: () => unknown): GraphValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphValidationError);
    expect(error).toBeInstanceOf(ValidationError);
    return error as GraphValidationError;
  }
  throw new Error('expected a GraphValidationError');
}

describe('graph validation', () => {
  it('rejects a duplicate node when it is added', () => {
    const graph = createGraph('a').addNode('a', noop);
    const error = caught(() => graph.addNode('a', noop));
    expect(error.problem).toBe('duplicate_node');
    expect(error.nodeIds).toEqual(['a']);
    expect(error.message).toBe('Invalid graph: node "a" was added twice');
    expect(error.argument).toBe('graph');
  });

  it('rejects a self-loop when it is added', () => {
    const graph = createGraph('a').addNode('a', noop);
    const error = caught(() => graph.addEdge('a', 'a'));
    expect(error.problem).toBe('self_loop');
    expect(error.nodeIds).toEqual(['a']);
    expect(error.message).toContain('"a" → "a" is a self-loop');
  });

  it('rejects a duplicate edge when it is added', () => {
    const graph = createGraph('b').addNode('a', noop).addNode('b', noop).addEdge('a', 'b');
    const error = caught(() => graph.addEdge('a', 'b'));
    expect(error.problem).toBe('duplicate_edge');
    expect(error.nodeIds).toEqual(['a', 'b']);
  });

  it('rejects an edge to an unknown node, naming it', async () => {
    const graph = createGraph('a').addNode('a', noop).addEdge('a', 'ghost');
    const error = caught(() => graph.validate());
    expect(error.problem).toBe('unknown_node');
    expect(error.nodeIds).toEqual(['ghost']);
    expect(error.message).toBe('Invalid graph: edge "a" → "ghost" references unknown node "ghost"');
    await expect(graph.execute({})).rejects.toBeInstanceOf(GraphValidationError);
  });

  it('rejects an edge from an unknown node, naming it', async () => {
    const graph = createGraph('a').addNode('a', noop).addEdge('ghost', 'a');
    const error = caught(() => graph.validate());
    expect(error.problem).toBe('unknown_node');
    expect(error.nodeIds).toEqual(['ghost']);
    expect(error.message).toContain('edge "ghost" → "a" references unknown node "ghost"');
    await expect(graph.execute({})).rejects.toMatchObject({ problem: 'unknown_node' });
    expect(() => graph.executeStream({})).toThrow(GraphValidationError);
  });

  it('shows the cycle path', async () => {
    const graph = createGraph('out')
      .addNode('start', noop)
      .addNode('a', noop)
      .addNode('b', noop)
      .addNode('c', noop)
      .addNode('out', noop)
      .addEdge('start', 'a')
      .addEdge('a', 'b')
      .addEdge('b', 'c')
      .addEdge('c', 'a')
      .addEdge('c', 'out');
    const error = caught(() => graph.validate());
    expect(error.problem).toBe('cycle');
    expect(error.nodeIds).toEqual(['a', 'b', 'c', 'a']);
    expect(error.message).toBe('Invalid graph: it has a cycle: "a" → "b" → "c" → "a"');
    await expect(graph.execute({})).rejects.toMatchObject({ problem: 'cycle' });
  });

  it('finds a cycle downstream of other nodes and a two-node cycle', () => {
    const graph = createGraph('x')
      .addNode('x', noop)
      .addNode('y', noop)
      .addNode('z', noop)
      .addEdge('x', 'y')
      .addEdge('y', 'z')
      .addEdge('z', 'y');
    expect(caught(() => graph.validate()).nodeIds).toEqual(['y', 'z', 'y']);
  });

  it('rejects a missing output node', async () => {
    const graph = createGraph('result').addNode('a', noop).addNode('b', noop).addEdge('a', 'b');
    const error = caught(() => graph.validate());
    expect(error.problem).toBe('missing_output_node');
    expect(error.nodeIds).toEqual(['result']);
    expect(error.message).toBe(
      'Invalid graph: the output node "result" was never added (nodes: "a", "b")',
    );
    await expect(graph.execute({})).rejects.toMatchObject({ problem: 'missing_output_node' });
  });

  it('rejects an empty graph', () => {
    const error = caught(() => createGraph('out').validate());
    expect(error.problem).toBe('empty_graph');
    expect(error.message).toContain('"out" was never added');
  });

  it('rejects an output node that some nodes cannot reach, naming them', async () => {
    const graph = createGraph('out')
      .addNode('a', noop)
      .addNode('out', noop)
      .addNode('orphan', noop)
      .addNode('after', noop)
      .addEdge('a', 'out')
      .addEdge('out', 'after');
    const error = caught(() => graph.validate());
    expect(error.problem).toBe('unreachable_output_node');
    expect(error.nodeIds).toEqual(['orphan', 'after']);
    expect(error.message).toContain('the output node "out" is unreachable from "orphan", "after"');
    await expect(graph.execute({})).rejects.toMatchObject({ problem: 'unreachable_output_node' });
  });

  it('accepts nodes and edges in any order, and re-validates after a change', async () => {
    const graph = createGraph<number>('b').addEdge('a', 'b');
    expect(() => graph.validate()).toThrow(/unknown node "a"/);
    graph.addNode('b', ({ upstreamResults }) => (upstreamResults.a?.output as number) + 1);
    graph.addNode('a', () => 1);
    graph.validate();
    expect((await graph.execute({})).data).toBe(2);
    graph.addNode('c', noop);
    expect(() => graph.validate()).toThrow(/unreachable from "c"/);
    expect(graph.nodeIds).toEqual(['b', 'a', 'c']);
  });

  it('validates arguments and options, naming them', () => {
    expect(() => createGraph('')).toThrow(/Invalid outputNodeId/);
    expect(() => createGraph('a', { maxConcurrency: 0 })).toThrow(/options\.maxConcurrency/);
    expect(() => createGraph('a', { maxConcurrency: 1.5 })).toThrow(/options\.maxConcurrency/);
    expect(() => createGraph('a', { executionTimeout: -1 })).toThrow(/options\.executionTimeout/);
    expect(() => createGraph('a', { errorStrategy: 'retry' as never })).toThrow(
      /options\.errorStrategy/,
    );
    expect(() => createGraph('a', { defaultClient: {} as never })).toThrow(
      /options\.defaultClient/,
    );
    expect(() => createGraph('a', { stateProvider: { get() {} } as never })).toThrow(
      /options\.stateProvider.*reset/,
    );
    expect(() => createGraph('a', { maxConcurency: 2 } as never)).toThrow(
      /options\.maxConcurency: is not an option/,
    );
    expect(() => createGraph('a', { observer: {} as never })).toThrow(/options\.observer/);
    createGraph('a', { maxConcurrency: Number.POSITIVE_INFINITY });

    const graph = createGraph('a');
    expect(() => graph.addNode('', noop)).toThrow(/Invalid id/);
    expect(() => graph.addNode('a', 42 as never)).toThrow(/Invalid executor/);
    expect(() => graph.addNode('a', {} as never)).toThrow(/Invalid executor/);
    expect(() => graph.addNode('a', noop, { timeout: 0 })).toThrow(/nodes\.a\.options\.timeout/);
    expect(() => graph.addNode('a', noop, { join: 'some' as never })).toThrow(
      /nodes\.a\.options\.join/,
    );
    expect(() => graph.addNode('a', noop, { retry: { maxRetries: -1 } })).toThrow(
      /nodes\.a\.options\.retry\.maxRetries/,
    );
    expect(() => graph.addNode('a', noop, { retry: { maxRetries: 1, multiplier: 0.5 } })).toThrow(
      /retry\.multiplier/,
    );
    expect(() => graph.addNode('a', noop, { params: [] as never })).toThrow(/params/);
    expect(() => graph.addNode('a', noop, { timout: 5 } as never)).toThrow(
      /nodes\.a\.options\.timout: is not an option/,
    );
    expect(() => graph.addEdge('a', '')).toThrow(/Invalid to/);
    expect(() => graph.addEdge('a', 'b', { condition: true as never })).toThrow(/condition/);
    // Nothing invalid was recorded.
    expect(graph.nodeIds).toEqual([]);
  });

  it('rejects bad execute arguments', async () => {
    const graph = createGraph('a').addNode('a', noop);
    await expect(graph.execute(null as never)).rejects.toThrow(/Invalid initialState/);
    await expect(graph.execute([] as never)).rejects.toThrow(/Invalid initialState/);
    await expect(graph.execute({}, { signal: 'x' as never })).rejects.toThrow(
      /Invalid options\.signal/,
    );
    await expect(graph.execute({}, { timeout: 1 } as never)).rejects.toThrow(
      /options\.timeout: is not an option/,
    );
    expect(() => graph.executeStream(1 as never)).toThrow(/Invalid initialState/);
  });
});
