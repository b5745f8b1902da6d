import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, inMemoryMemory } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { unitConverterTool } from './index.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

describe('a third-party tool package', () => {
  it('declares @aigo/ai as a peer dependency, never as its own dependency', () => {
    expect(manifest.peerDependencies?.['@aigo/ai']).toBeDefined();
    expect(manifest.dependencies?.['@aigo/ai']).toBeUndefined();
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it('shares the one copy of @aigo/ai with the client and the agent', () => {
    // The package, @aigo/client and @aigo/react must resolve @aigo/ai to the same files, so the
    // application holds one copy of the contracts (and one set of error classes).
    const here = createRequire(import.meta.url);
    const fromClient = createRequire(here.resolve('@aigo/client/package.json'));
    const fromReact = createRequire(here.resolve('@aigo/react/package.json'));
    const ai = (require: NodeJS.Require) => dirname(require.resolve('@aigo/ai/package.json'));
    expect(ai(fromClient)).toBe(ai(here));
    expect(ai(fromReact)).toBe(ai(here));
    expect(fileURLToPath(import.meta.url)).toContain('tool-package-template');
  });

  it('runs through a client: the model calls it, executeToolCalls runs it, the answer uses it', async () => {
    const provider = createFakeProvider()
      .toolCall('unit_converter', { value: 10, from: 'km', to: 'mi' })
      .text('10 km is about 6.2 miles.');
    const client = createClient(provider, {
      defaultModel: 'test-model',
      memory: inMemoryMemory(),
      tools: [unitConverterTool()],
    });
    const overview = client.createOverview();

    const first = await client.sendMessage('How far is 10 km in miles?', { overview });
    expect(
      provider.calls[0]?.request.tools?.map((tool) => ('name' in tool ? tool.name : tool.id)),
    ).toEqual(['unit_converter']);
    const results = await client.executeToolCalls(first.toolCalls, { overview });
    expect(results).toHaveLength(1);
    expect(JSON.parse(String(results[0]?.content))).toEqual({
      value: 6.21371,
      unit: 'mi',
      text: '10 km = 6.21371 mi',
    });
    const final = await client.continueConversation({ messages: results, overview });
    expect(final.content).toBe('10 km is about 6.2 miles.');
    expect(overview.toolCallStats).toEqual({ unit_converter: 1 });
  });

  it('runs inside a ReAct agent to a typed answer', async () => {
    const provider = createFakeProvider()
      .toolCall('unit_converter', { value: 180, from: 'lb', to: 'kg' })
      .toolCall('unit_converter', { value: 6, from: 'ft', to: 'm' })
      .text('{"kilograms": 81.6466, "metres": 1.8288}');
    const client = createClient(provider, {
      defaultModel: 'test-model',
      tools: [unitConverterTool()],
    });
    const agent = createReAct(client, {
      schema: Type.Object({ kilograms: Type.Number(), metres: Type.Number() }),
    });

    const result = await agent.execute('I weigh 180 lb and am 6 ft tall. Metric, please.');
    expect(result.data).toEqual({ kilograms: 81.6466, metres: 1.8288 });
    expect(result.stopReason).toBe('final_answer');
    expect(result.iterations).toBe(3);
    expect(result.toolCallStats).toEqual({ unit_converter: 2 });
    // The tool results the model saw on its second and third calls.
    const toolMessages = provider.calls
      .at(-1)
      ?.request.messages.filter((message) => message.role === 'tool')
      .map((message) => JSON.parse(String(message.content)).text);
    expect(toolMessages).toEqual(['180 lb = 81.6466 kg', '6 ft = 1.8288 m']);
    expect(result.costSummary().totalToolCost).toBe(0);
  });
});
