import { type AgentEvent, agentEventPath } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { agentTool, createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { graphAgent } from './graph-agent.js';
import { createGraph } from './plan/create-graph.js';

const PRICE = { inputCostPerMillion: 1_000_000, outputCostPerMillion: 1_000_000 };

/** A two-node graph: `draft` asks a model (its client priced), `shout` upper-cases the draft. */
function pipeline() {
  const model = createFakeProvider().text('a short draft');
  const client = createClient(model, { defaultModel: 'draft-model', modelCost: PRICE });
  const graph = createGraph<string>('shout', { defaultClient: client })
    .addNode('draft', async ({ client: nodeClient, sharedState, signal }) => {
      const topic = (await sharedState.get('prompt')) as string;
      return (await nodeClient.sendMessage(`Draft: ${topic}`, { signal })).content;
    })
    .addNode('shout', ({ upstreamResults }) => String(upstreamResults.draft?.output).toUpperCase())
    .addEdge('draft', 'shout');
  return { graph, model };
}

describe('graphAgent', () => {
  it('runs a graph as a tool of an agent: data as the result, its cost in the parent’s', async () => {
    const { graph, model } = pipeline();
    const agent = graphAgent(graph, { name: 'pipeline', description: 'Drafts and shouts' });
    const writerModel = createFakeProvider().toolCall('pipeline', { prompt: 'Rome' }).text('Done.');
    const writer = createReAct(
      createClient(writerModel, {
        defaultModel: 'writer-model',
        modelCost: PRICE,
        tools: [agentTool(agent)],
      }),
      { name: 'writer' },
    );

    const events: AgentEvent<string>[] = [];
    const stream = writer.executeStream('Write');
    for await (const event of stream) events.push(event);
    const result = await stream.collect();

    expect(model.requests[0]?.messages.at(-1)?.content).toBe('Draft: Rome');
    expect(writerModel.requests[1]?.messages.at(-1)?.content).toBe('"A SHORT DRAFT"');
    const nested = events
      .filter((event) => event.type === 'agent_event')
      .map((event) => {
        const { path, event: inner } = agentEventPath(event);
        return `${path.join('/')}:${inner.type}`;
      });
    expect(nested).toEqual(['pipeline:iteration_start', 'pipeline:final_answer']);
    const summary = result.costSummary();
    expect(summary.byModel['draft-model']?.requests).toBe(1);
    expect(summary.byAgent?.['writer/pipeline']?.totalModelCost).toBe(
      summary.byModel['draft-model']?.totalCost,
    );
  });

  it('maps the prompt and the result with input and output', async () => {
    const graph = createGraph<number>('count').addNode(
      'count',
      async ({ sharedState }) => ((await sharedState.get('words')) as string[]).length,
    );
    const agent = graphAgent(graph, {
      name: 'counter',
      input: (prompt) => ({ words: String(prompt).split(' ') }),
      output: (result) => ({ words: result.data }),
    });

    const result = await agent.execute('one two three');

    expect(result.data).toEqual({ words: 3 });
  });

  it('refuses a graph agent without a name, unknown options, and resume', async () => {
    const { graph } = pipeline();
    expect(() => graphAgent(graph, { name: '' })).toThrow(/name/);
    expect(() => graphAgent(graph, { name: 'g', nmae: 1 } as never)).toThrow(/nmae/);
    expect(() => graphAgent({} as never, { name: 'g' })).toThrow(/graph/);
    const agent = graphAgent(graph, { name: 'g' });
    await expect(agent.resume({} as never, {})).rejects.toMatchObject({ code: 'unsupported' });
  });
});
