// A registry of named models behind a client, a ReAct agent and a graph: every layer asks for
// aliases (`fast`, `smart`) and each call reaches the provider and model the alias names, priced
// at that provider's rates; a fallback by id keeps the graph answering when one provider is down.
import { defineTool, ProviderError, type Usage } from '@aigo/ai';
import { createClient, createRegistry, fallback } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { agentNode, createGraph } from '../src/index.js';

const usage: Usage = { promptTokens: 1_000, completionTokens: 1_000, totalTokens: 2_000 };

function pricedFake(id: string, rate: number) {
  return Object.assign(createFakeProvider({ id }), {
    modelCost: () => ({ inputCostPerMillion: rate, outputCostPerMillion: rate }),
  });
}

describe('a registry with aliases through client, agent and graph', () => {
  it('routes every layer’s alias to its provider and model, and prices each there', async () => {
    const openai = pricedFake('openai', 1).onRequest((request) => ({
      content: `openai ${request.model}`,
      usage,
    }));
    const anthropic = pricedFake('anthropic', 5);
    const registry = createRegistry({
      providers: { openai, anthropic },
      aliases: { fast: 'openai:gpt-4o-mini', smart: 'anthropic:claude-sonnet-4-5' },
    });

    const lookup = defineTool({
      name: 'lookup',
      description: 'Looks a city up.',
      input: Type.Object({ city: Type.String() }),
      execute: async ({ city }) => `${city}: 2.1 million people`,
    });
    anthropic
      .toolCall('lookup', { city: 'Paris' }, { usage })
      .text('{"answer":"Paris has 2.1 million people."}', { usage });
    const agent = createReAct(createClient(registry, { defaultModel: 'smart', tools: [lookup] }), {
      name: 'researcher',
    });

    const fast = createClient(registry, { defaultModel: 'fast' });
    const graph = createGraph<string>('report', { defaultClient: fast })
      .addNode('research', agentNode(agent, { prompt: () => 'How many people live in Paris?' }))
      .addNode(
        'report',
        async ({ client, upstreamResults }) =>
          (await client.sendMessage(`Report: ${JSON.stringify(upstreamResults.research?.output)}`))
            .content,
      )
      .addEdge('research', 'report');
    const result = await graph.execute({});

    expect(result.data).toBe('openai gpt-4o-mini');
    expect(anthropic.requests.map((request) => request.model)).toEqual([
      'claude-sonnet-4-5',
      'claude-sonnet-4-5',
    ]);
    expect(openai.requests.map((request) => request.model)).toEqual(['gpt-4o-mini']);
    const byModel = result.costSummary().byModel;
    expect(byModel.smart).toMatchObject({ requests: 2, totalCost: 2 * 0.01 });
    expect(byModel.fast).toMatchObject({ requests: 1, totalCost: 0.002 });
  });

  it('a graph node over `fallback(["smart", "fast"], { registry })` keeps answering when one provider is down', async () => {
    const anthropic = pricedFake('anthropic', 5).default(
      new ProviderError({
        provider: 'anthropic',
        code: 'overloaded',
        status: 529,
        message: 'overloaded',
        retryable: true,
      }),
    );
    const openai = pricedFake('openai', 1).default({ content: 'from openai', usage });
    const registry = createRegistry({
      providers: { openai, anthropic },
      aliases: { fast: 'openai:gpt-4o-mini', smart: 'anthropic:claude-sonnet-4-5' },
    });
    const client = createClient(fallback(['smart', 'fast'], { registry }), { maxRetries: 0 });
    const graph = createGraph<string>('answer', { defaultClient: client }).addNode(
      'answer',
      async ({ client }) => (await client.sendMessage('Hi')).content,
    );
    const result = await graph.execute({});
    expect(result.data).toBe('from openai');
    expect(result.costSummary().byModel).toEqual({
      'openai:gpt-4o-mini': expect.objectContaining({ requests: 1, totalCost: 0.002 }),
    });
  });
});
