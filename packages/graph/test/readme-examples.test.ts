// The README's examples, run as they are written there (imports adjusted to the source tree;
// console output asserted instead of printed).
import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { agentTool, createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  agentNode,
  createGraph,
  GraphStoppedError,
  graphAgent,
  inMemoryCheckpointer,
} from '../src/index.js';

describe('README examples', () => {
  it('a graph as an agent, called as a tool', async () => {
    const count = createGraph<number>('count').addNode(
      'count',
      async ({ sharedState }) => String(await sharedState.get('prompt')).split(' ').length,
    );
    const counter = graphAgent(count, {
      name: 'word_counter',
      description: 'Counts the words of a text',
    });

    const model = createFakeProvider()
      .toolCall('word_counter', { prompt: 'one two three' })
      .text('Three words.');
    const agent = createReAct(
      createClient(model, { defaultModel: 'test-model', tools: [agentTool(counter)] }),
    );

    const result = await agent.execute('How many words in "one two three"?');
    expect(model.requests[1]?.messages.at(-1)?.content).toBe('3');
    expect(result.data).toBe('Three words.');
  });

  it('the opening example', async () => {
    const provider = createFakeProvider().onRequest((request) => ({
      content: `(${request.messages.at(-1)?.content})`,
      usage: { promptTokens: 100, completionTokens: 20, totalTokens: 120 },
    }));
    const client = createClient(provider, {
      defaultModel: 'gpt-4o-mini',
      modelCost: { inputCostPerMillion: 0.15, outputCostPerMillion: 0.6 },
    });

    const graph = createGraph<string>('compare', { defaultClient: client, maxConcurrency: 4 })
      .addNode(
        'lisbon',
        async ({ client }) => (await client.sendMessage('Facts about Lisbon')).content,
      )
      .addNode(
        'porto',
        async ({ client }) => (await client.sendMessage('Facts about Porto')).content,
      )
      .addNode('compare', async ({ client, upstreamResults }) => {
        const { lisbon, porto } = upstreamResults;
        return (await client.sendMessage(`Compare ${lisbon?.output} with ${porto?.output}`))
          .content;
      })
      .addEdge('lisbon', 'compare')
      .addEdge('porto', 'compare');

    const result = await graph.execute({});
    expect(result.data).toBe('(Compare (Facts about Lisbon) with (Facts about Porto))');
    expect(result.totalUsage.totalTokens).toBe(360);
    expect(result.costSummary().totalModelCost).toBeCloseTo(0.000081, 12);
    expect(result.nodes.lisbon?.status).toBe('completed');
  });

  it('edges, conditions and joins', async () => {
    const graph = createGraph<string>('reply')
      .addNode('classify', async ({ sharedState }) =>
        String(await sharedState.get('message')).includes('!') ? 'urgent' : 'normal',
      )
      .addNode('escalate', () => 'Paging the on-call engineer.')
      .addNode('queue', () => 'Added to the queue.')
      .addNode(
        'reply',
        ({ upstreamResults }) => Object.values(upstreamResults)[0]?.output as string,
        {
          join: 'any',
        },
      )
      .addEdge('classify', 'escalate', { condition: ({ result }) => result.output === 'urgent' })
      .addEdge('classify', 'queue', { condition: ({ result }) => result.output === 'normal' })
      .addEdge('escalate', 'reply')
      .addEdge('queue', 'reply');

    const { data, status, nodes } = await graph.execute({ message: 'The site is down!' });
    expect(data).toBe('Paging the on-call engineer.');
    expect(status).toBe('partial');
    expect([nodes.queue?.status, nodes.queue?.skipReason]).toEqual([
      'skipped',
      'condition_not_met',
    ]);
  });

  it('errors', async () => {
    const graph = createGraph('report', { errorStrategy: 'continue_on_error' })
      .addNode('fetch', () => {
        throw new Error('upstream API is down');
      })
      .addNode('report', () => 'never runs')
      .addEdge('fetch', 'report');

    const seen: unknown[] = [];
    try {
      await graph.execute({});
    } catch (error) {
      if (!(error instanceof GraphStoppedError)) throw error;
      seen.push(
        error.reason,
        error.nodeId,
        error.overview.nodes.fetch?.status,
        error.overview.nodes.report?.skipReason,
      );
    }
    expect(seen).toEqual(['output_skipped', 'report', 'failed', 'upstream_failed']);
  });

  it('progress events', async () => {
    const graph = createGraph<number>('sum')
      .addNode('a', () => 1)
      .addNode('b', async () => 2)
      .addNode(
        'sum',
        ({ upstreamResults }) =>
          Number(upstreamResults.a?.output) + Number(upstreamResults.b?.output),
      )
      .addEdge('a', 'sum')
      .addEdge('b', 'sum');

    const lines: string[] = [];
    for await (const event of graph.executeStream({})) {
      if (event.type === 'graph_complete')
        lines.push(`${event.status}: ${event.done}/${event.total}`);
      else lines.push(`${event.type} ${event.nodeId} ${event.done}/${event.total}`);
    }
    expect(lines).toEqual([
      'node_start a 0/3',
      'node_start b 0/3',
      'node_complete a 1/3',
      'node_complete b 2/3',
      'node_start sum 2/3',
      'node_complete sum 3/3',
      'completed: 3/3',
    ]);
  });

  it('durable runs: an interrupted run resumes without running its completed nodes again', async () => {
    const checkpointer = inMemoryCheckpointer();
    const stop = new AbortController();
    let summaries = 0;
    const graph = createGraph<string>('summary', { name: 'report', checkpointer })
      .addNode('facts', () => 'Lisbon has trams.')
      .addNode('summary', ({ upstreamResults, signal }) => {
        if (++summaries === 1) stop.abort();
        signal.throwIfAborted();
        return `In short: ${upstreamResults.facts?.output}`;
      })
      .addEdge('facts', 'summary');

    await graph.execute({}, { runId: 'r1', signal: stop.signal }).catch(() => undefined);
    const result = await graph.execute({}, { runId: 'r1' });
    expect([result.data, summaries]).toEqual(['In short: Lisbon has trams.', 2]);
    expect((await checkpointer.load('r1'))?.nodes.facts?.status).toBe('completed');
  });

  it('suspension: an agent node waits for approval; graph.resume pays once', async () => {
    const payments: unknown[] = [];
    const lines: unknown[][] = [];
    const pay = defineTool({
      name: 'pay',
      description: 'Pays a supplier',
      input: Type.Object({ amount: Type.Number(), to: Type.String() }),
      needsApproval: true,
      execute: ({ amount, to }) => {
        payments.push({ amount, to });
        return { paid: amount, to };
      },
    });
    const model = createFakeProvider()
      .toolCall('pay', { amount: 120, to: 'ACME' })
      .text('Paid ACME 120 EUR.');
    const client = createClient(model, { defaultModel: 'm', tools: [pay] });
    const payer = createReAct(client, { name: 'payer' });

    const checkpointer = inMemoryCheckpointer();
    const graph = createGraph<string>('report', {
      name: 'payments',
      checkpointer,
      defaultClient: client,
    })
      .addNode('invoice', () => 'invoice 42: 120 EUR to ACME')
      .addNode(
        'pay',
        agentNode(payer, {
          prompt: ({ upstreamResults }) => `Pay ${upstreamResults.invoice?.output}`,
        }),
      )
      .addNode('report', ({ upstreamResults }) => `Done: ${upstreamResults.pay?.output}`)
      .addEdge('invoice', 'pay')
      .addEdge('pay', 'report');

    const stopped = await graph.execute({}, { runId: 'pay-42' }).catch((error: unknown) => error);
    expect(payments).toEqual([]);
    if (stopped instanceof GraphStoppedError && stopped.reason === 'suspended') {
      const waiting = stopped.suspensions[0];
      const request = waiting?.suspended.requests[0];
      lines.push([request?.toolCall.name, request?.toolCall.arguments]);
      const responses = { pay: { [request?.id ?? '']: { approved: true as const } } };
      const result = await graph.resume('pay-42', responses);
      lines.push([result.data]);
    }
    expect(lines).toEqual([['pay', '{"amount":120,"to":"ACME"}'], ['Done: Paid ACME 120 EUR.']]);
    expect(payments).toEqual([{ amount: 120, to: 'ACME' }]);
  });
});
