// A graph run (`@aigo/graph`) recorded by the OpenTelemetry SDK in memory: node spans nest under the
// graph's span, and the model calls, agent runs and tool executions made inside a node nest under
// that node's span.
import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createGraph } from '@aigo/graph';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otelSdk, type SpanNode } from '../test/support/test-otel-sdk.js';
import { createOtelObserver } from './index.js';

const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
});
afterAll(() => {
  context.disable();
});

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a city up',
  input: Type.Object({ city: Type.String() }),
  execute: ({ city }) => ({ city, population: city.length * 100_000 }),
});

/** The tree as names, a node span named by its node id. */
function outline(nodes: SpanNode[]): unknown[] {
  return nodes.flatMap((node) => {
    const id = node.span.attributes['graph.node.id'];
    const name = id === undefined ? node.name : `${node.name} ${String(id)}`;
    return node.children.length === 0 ? [name] : [name, outline(node.children)];
  });
}

function setUp() {
  const sdk = otelSdk();
  const observer = createOtelObserver({ tracer: sdk.tracer, meter: sdk.meter });
  const provider = createFakeProvider().onRequest((request, index) => {
    const last = request.messages.at(-1);
    // The agent in node `research` asks for one tool call, then answers.
    if (last?.role === 'user' && String(last.content).startsWith('Research')) {
      return {
        toolCalls: [
          {
            id: `call_${index}`,
            type: 'function',
            function: { name: 'lookup', arguments: '{"city":"Lisbon"}' },
          },
        ],
        finishReason: 'tool_calls',
      };
    }
    return { content: `(${String(last?.content).slice(0, 30)})` };
  });
  const client = createClient(provider, {
    env: {},
    defaultModel: 'test-model',
    tools: [lookup],
    observer,
  });
  return { sdk, client };
}

describe('a graph run', () => {
  it('nests node spans under the graph span, and each node’s calls under its node', async () => {
    const { sdk, client } = setUp();
    const graph = createGraph<string>('report', { defaultClient: client, maxConcurrency: 1 })
      .addNode(
        'facts',
        async (input) => (await input.client.sendMessage('Facts about Lisbon')).content,
      )
      .addNode('research', async (input) => {
        const agent = createReAct(input.client, { name: 'researcher' });
        const result = await agent.execute('Research Lisbon', {
          ...(input.span === undefined ? {} : { span: input.span }),
        });
        return result.data;
      })
      .addNode('report', async (input) => {
        const { facts, research } = input.upstreamResults;
        return (await input.client.sendMessage(`Report: ${facts?.output} ${research?.output}`))
          .content;
      })
      .addEdge('facts', 'report')
      .addEdge('research', 'report');

    const server = sdk.tracer.startSpan('POST /report');
    const result = await context.with(trace.setSpan(context.active(), server), () =>
      graph.execute({}),
    );
    server.end();
    expect(result.data).toMatch(/^\(Report:/);

    expect(outline(sdk.tree())).toEqual([
      'POST /report',
      [
        'graph.execute',
        [
          'graph.node.execute facts',
          ['chat test-model'],
          'graph.node.execute research',
          [
            'invoke_agent researcher',
            ['chat test-model', 'execute_tool lookup', 'chat test-model'],
          ],
          'graph.node.execute report',
          ['chat test-model'],
        ],
      ],
    ]);
    const nodes = sdk.spans().filter((span) => span.name === 'graph.node.execute');
    expect(nodes.map((span) => [span.attributes['graph.node.status'], span.status.code])).toEqual([
      ['completed', SpanStatusCode.OK],
      ['completed', SpanStatusCode.OK],
      ['completed', SpanStatusCode.OK],
    ]);
    expect(new Set(sdk.spans().map((span) => span.spanContext().traceId)).size).toBe(1);
  });

  it('records a failed node with its error and error.type, under the graph span', async () => {
    const { sdk, client } = setUp();
    const graph = createGraph<string>('broken', { defaultClient: client }).addNode('broken', () => {
      throw new TypeError('node exploded');
    });
    await expect(graph.execute({})).rejects.toThrow();
    expect(outline(sdk.tree())).toEqual(['graph.execute', ['graph.node.execute broken']]);
    const node = sdk.spans().find((span) => span.name === 'graph.node.execute');
    expect(node?.status.code).toBe(SpanStatusCode.ERROR);
    expect(node?.attributes['error.type']).toBe('TypeError');
    expect(node?.events.map((event) => event.name)).toContain('exception');
  });
});
