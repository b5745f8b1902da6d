import type { ModelCost, Tool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider, createRecordingObserver, deferred } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { untilAborted } from '../../test/support/test-helpers.js';
import type { GraphStoppedError } from '../graph-errors.js';
import { createGraph } from '../plan/create-graph.js';

const priceA: ModelCost = { inputCostPerMillion: 2.5, outputCostPerMillion: 10 };
const priceB: ModelCost = { inputCostPerMillion: 1, outputCostPerMillion: 4 };
// model-a: 1000 × 2.5 / 1e6 + 200 × 10 / 1e6 = 0.0025 + 0.002 = 0.0045 per call
// model-b: 400 × 1 / 1e6 + 100 × 4 / 1e6 = 0.0004 + 0.0004 = 0.0008 per call
const usageA = { promptTokens: 1_000, completionTokens: 200, totalTokens: 1_200 };
const usageB = { promptTokens: 400, completionTokens: 100, totalTokens: 500 };

describe('model calls inside nodes', () => {
  it('sums the usage and cost of every call, made in parallel, exactly', async () => {
    // q0…q5 and `streamed` call model-a at the same time; `summary` calls it after them.
    const inParallel = 7;
    const allArrived = deferred();
    let arrived = 0;
    const providerA = createFakeProvider().onRequest(async (request) => {
      // Hold every answer until all the parallel calls are in flight at once.
      if (++arrived === inParallel) allArrived.resolve();
      await allArrived.promise;
      return { content: `answer to ${request.messages.at(-1)?.content}`, usage: usageA };
    });
    const clientA = createClient(providerA, {
      defaultModel: 'model-a',
      modelCost: { 'model-a': priceA },
    });
    const providerB = createFakeProvider().default({ content: 'from b', usage: usageB });
    const clientB = createClient(providerB, {
      defaultModel: 'model-b',
      modelCost: { 'model-b': priceB },
    });

    const graph = createGraph<string>('summary', { defaultClient: clientA })
      // Priced with its own client's prices (model-b), merged into the graph's overview.
      .addNode('other', async ({ client }) => (await client.sendMessage('b?')).content, {
        client: clientB,
      })
      // Streams are recorded when they finish.
      .addNode('streamed', async ({ client }) => {
        const stream = await client.streamMessage('stream?');
        let text = '';
        for await (const event of stream) if (event.type === 'content') text += event.text;
        return text;
      })
      // A call through another client, recorded by hand into the node's overview (priced with
      // the node client's prices, which include model-b here).
      .addNode(
        'manual',
        async ({ overview, signal }) =>
          (await clientB.sendMessage('manual?', { overview, signal })).content,
        { client: clientB },
      )
      .addNode('summary', async ({ client, upstreamResults }) => {
        const response = await client.sendMessage(
          `summarise ${Object.keys(upstreamResults).length}`,
        );
        return response.content;
      });
    for (let i = 0; i < 6; i++) {
      graph
        .addNode(`q${i}`, async ({ client }) => (await client.sendMessage(`q${i}`)).content)
        .addEdge(`q${i}`, 'summary');
    }
    graph.addEdge('other', 'summary').addEdge('streamed', 'summary').addEdge('manual', 'summary');

    const result = await graph.execute({});
    // model-a: q0…q5, streamed, summary; model-b: other, manual.
    expect(result.data).toBe('answer to summarise 9');
    expect(providerA.callCount).toBe(8);
    expect(providerB.callCount).toBe(2);
    expect(result.totalUsage).toEqual({
      promptTokens: 8 * 1_000 + 2 * 400,
      completionTokens: 8 * 200 + 2 * 100,
      totalTokens: 8 * 1_200 + 2 * 500,
    });
    expect(result.requests).toHaveLength(10);
    expect(result.responses).toHaveLength(10);
    const summary = result.costSummary();
    expect(summary.byModel['model-a']?.requests).toBe(8);
    expect(summary.byModel['model-a']?.totalCost).toBeCloseTo(8 * 0.0045, 12);
    expect(summary.byModel['model-b']?.requests).toBe(2);
    expect(summary.byModel['model-b']?.totalCost).toBeCloseTo(2 * 0.0008, 12);
    expect(summary.totalModelCost).toBeCloseTo(8 * 0.0045 + 2 * 0.0008, 12);
    expect(summary.modelInputCost).toBeCloseTo(8 * 0.0025 + 2 * 0.0004, 12);
    expect(summary.modelOutputCost).toBeCloseTo(8 * 0.002 + 2 * 0.0004, 12);
    expect(summary.unpricedModels).toEqual([]);
    expect(result.totalCost()).toBeCloseTo(8 * 0.0045 + 2 * 0.0008, 12);

    // Each node's own overview is in its report.
    expect(result.nodes.other?.overview?.totalUsage.promptTokens).toBe(400);
    expect(result.nodes.manual?.overview?.totalUsage.promptTokens).toBe(400);
    expect(result.nodes.q0?.overview?.totalUsage.promptTokens).toBe(1_000);
    expect(result.nodes.summary?.overview?.lastResponse?.content).toBe('answer to summarise 9');
  });

  it('counts the calls of nodes that failed or were cancelled', async () => {
    const provider = createFakeProvider()
      .text('first', { usage: usageA })
      .text('second', { usage: usageA });
    const client = createClient(provider, { defaultModel: 'model-a', modelCost: priceA });
    const sent = deferred();
    const graph = createGraph('out', { defaultClient: client })
      .addNode('spends-then-fails', async ({ client }) => {
        await client.sendMessage('one');
        await sent.promise;
        throw new Error('after spending');
      })
      .addNode('spends-then-hangs', async ({ client, signal }) => {
        await client.sendMessage('two');
        sent.resolve();
        return untilAborted(signal);
      })
      .addNode('out', () => 'never')
      .addEdge('spends-then-fails', 'out')
      .addEdge('spends-then-hangs', 'out');
    const error = (await graph.execute({}).catch((caught: unknown) => caught)) as GraphStoppedError;
    expect(error.reason).toBe('node_failed');
    expect(error.overview.totalUsage.promptTokens).toBe(2_000);
    expect(error.overview.costSummary().totalModelCost).toBeCloseTo(2 * 0.0045, 12);
    expect(error.overview.nodes['spends-then-hangs']?.status).toBe('failed');
  });

  it('records tool calls run through the bound client, with their cost', async () => {
    const search: Tool = {
      name: 'search',
      description: { name: 'search', description: 'Searches', parameters: { type: 'object' } },
      metrics: { amount: 0.01, currency: 'USD' },
      call: async () => '{"hits":3}',
    };
    const provider = createFakeProvider()
      .toolCall('search', { q: 'lisbon' }, { usage: usageA })
      .text('done', { usage: usageA });
    const client = createClient(provider, {
      defaultModel: 'model-a',
      modelCost: priceA,
      tools: [search],
    });
    const graph = createGraph<string>('agent', { defaultClient: client }).addNode(
      'agent',
      async ({ client }) => {
        const first = await client.sendMessage('find lisbon', { memory: null });
        const results = await client.executeToolCalls(first.toolCalls);
        return results.map((message) => message.content).join();
      },
    );
    const result = await graph.execute({});
    expect(result.data).toBe('{"hits":3}');
    expect(result.toolCallStats).toEqual({ search: 1 });
    expect(result.costSummary().totalToolCost).toBeCloseTo(0.01, 12);
    expect(result.costSummary().totalCost).toBeCloseTo(0.0045 + 0.01, 12);
  });

  it("the node's signal cancels its client calls", async () => {
    const provider = createFakeProvider().delay(60_000).default('too slow');
    const client = createClient(provider, { defaultModel: 'm' });
    const controller = new AbortController();
    const calling = deferred();
    const graph = createGraph('a', { defaultClient: client }).addNode('a', async ({ client }) => {
      const pending = client.sendMessage('hi');
      calling.resolve();
      return pending;
    });
    const running = graph.execute({}, { signal: controller.signal }).catch((e: unknown) => e);
    await calling.promise;
    controller.abort();
    expect(await running).toMatchObject({ reason: 'aborted' });
    expect(provider.calls[0]?.options?.signal?.aborted).toBe(true);
  });

  it("combines a call's own signal with the node's, and keeps a call's own overview", async () => {
    const provider = createFakeProvider().default({ content: 'ok', usage: usageA });
    const client = createClient(provider, { defaultModel: 'model-a', modelCost: priceA });
    const own = client.createOverview();
    const callerController = new AbortController();
    const graph = createGraph('a', { defaultClient: client }).addNode('a', async ({ client }) => {
      await client.sendMessage('own overview', { overview: own });
      await client.withOptions({ temperature: 0 }).sendMessage('derived client');
      const response = await client.sendMessage('own signal', { signal: callerController.signal });
      return response.content;
    });
    const result = await graph.execute({});
    expect(own.totalUsage.promptTokens).toBe(1_000);
    // The derived client is bound too; the call with its own overview is not in the graph's.
    expect(result.totalUsage.promptTokens).toBe(2_000);
    const signal = provider.calls[2]?.options?.signal;
    expect(signal).toBeDefined();
    expect(signal).not.toBe(callerController.signal);
    callerController.abort();
    expect(signal?.aborted).toBe(true);
  });

  it('nests node spans under the graph span, and model call spans under node spans', async () => {
    const observer = createRecordingObserver();
    const provider = createFakeProvider().default({ content: 'ok', usage: usageA });
    const client = createClient(provider, { defaultModel: 'model-a', observer });
    const graph = createGraph('b', { defaultClient: client })
      .addNode('a', async ({ client }) => (await client.sendMessage('hi')).content)
      .addNode('b', () => 'done')
      .addEdge('a', 'b');
    const outer = observer.startSpan('request');
    await graph.execute({}, { span: outer });
    const root = observer.spans.find((span) => span.name === 'graph.execute');
    expect(root?.parent).toBe(outer);
    expect(root?.attributes).toMatchObject({
      'graph.total_nodes': 2,
      'graph.error_strategy': 'fail_fast',
      'graph.output_node': 'b',
      'graph.status': 'completed',
    });
    const nodeSpans = observer.spans.filter((span) => span.name === 'graph.node.execute');
    expect(nodeSpans.map((span) => span.attributes['graph.node.id'])).toEqual(['a', 'b']);
    for (const span of nodeSpans) {
      expect(span.parent).toBe(root);
      expect(span.endCount).toBe(1);
      expect(span.status?.status).toBe('ok');
      expect(span.attributes['graph.node.status']).toBe('completed');
    }
    expect(nodeSpans[1]?.attributes['graph.node.dependencies']).toEqual(['a']);
    const callSpans = observer.spans.filter((span) => span.parent === nodeSpans[0]);
    expect(callSpans.length).toBeGreaterThan(0);
    expect(root?.endCount).toBe(1);
    expect(
      observer.measurements.filter((m) => m.instrument === 'aigo.graph.node.count'),
    ).toHaveLength(2);
    expect(
      observer.measurements.some((m) => m.instrument === 'aigo.graph.execution.duration'),
    ).toBe(true);
  });
});
