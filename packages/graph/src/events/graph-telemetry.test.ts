import { AgentStoppedError } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createGraph } from '../plan/create-graph.js';

describe('graph span: shape, node and edge events', () => {
  it('names the nodes and edges and records each node and edge as it settles', async () => {
    const observer = createRecordingObserver();
    const client = createClient(createFakeProvider().default('ok'), {
      defaultModel: 'm',
      observer,
    });
    const graph = createGraph<string>('c', {
      defaultClient: client,
      maxConcurrency: 1,
      errorStrategy: 'continue_on_error',
    })
      .addNode('a', async () => 'a')
      .addNode('b', async () => {
        throw new Error('b breaks');
      })
      .addNode('c', async () => 'c')
      .addEdge('a', 'b')
      .addEdge('b', 'c');
    await graph.execute({}).catch(() => undefined);
    const span = observer.spans.find((candidate) => candidate.name === 'graph.execute');
    expect(span?.attributes['graph.node.ids']).toEqual(['a', 'b', 'c']);
    expect(span?.attributes['graph.edges']).toEqual(['a->b', 'b->c']);
    const events = (span?.events ?? []).map((event) => [
      event.name,
      event.attributes?.['graph.node.id'] ?? event.attributes?.['graph.edge.to'],
      event.attributes?.['graph.node.status'] ?? event.attributes?.['graph.edge.active'],
    ]);
    expect(events).toEqual([
      ['graph.node.started', 'a', undefined],
      ['graph.node.settled', 'a', 'completed'],
      ['graph.edge.settled', 'b', true],
      ['graph.node.started', 'b', undefined],
      ['graph.node.settled', 'b', 'failed'],
      ['graph.edge.settled', 'c', false],
      ['graph.node.settled', 'c', 'skipped'],
    ]);
  });
});

describe('spans of a suspension', () => {
  it('a suspended node and execution end ok, with status suspended', async () => {
    const observer = createRecordingObserver();
    const graph = createGraph<string>('b', { observer })
      .addNode('a', () => 'a')
      .addNode('b', () => {
        throw new AgentStoppedError('suspended', 'waits for a decision', undefined, {
          suspended: {
            format: 'aigo.suspended-run',
            version: 1,
            runId: 'r/b',
            agent: 'payer',
            requests: [],
            state: {},
          },
        });
      })
      .addEdge('a', 'b');
    await graph.execute({}).catch(() => undefined);
    const node = observer.spans.find(
      (span) => span.name === 'graph.node.execute' && span.attributes['graph.node.id'] === 'b',
    );
    expect(node?.attributes['graph.node.status']).toBe('suspended');
    expect(node?.status?.status).toBe('ok');
    const graphSpan = observer.spans.find((span) => span.name === 'graph.execute');
    expect(graphSpan?.attributes['graph.status']).toBe('suspended');
    expect(graphSpan?.status?.status).toBe('ok');
  });
});
