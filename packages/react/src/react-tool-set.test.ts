import { createToolSet, defineTool, type Tool, type ToolDescription } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createReAct } from './create-react.js';

/** A tool without arguments that answers `answer` and then runs `after`. */
function tool(name: string, answer: string, after: () => void = () => {}): Tool {
  return defineTool({
    name,
    description: `Answers ${answer}`,
    input: Type.Object({}),
    execute: () => {
      after();
      return answer;
    },
  });
}

const offered = (tools: readonly unknown[] | undefined) =>
  (tools ?? []).map((entry) => (entry as ToolDescription).name);

describe('a ReAct agent over a tool set', () => {
  it('offers the set’s new tools at the next iteration, and runs them', async () => {
    const tools = createToolSet<unknown>();
    const unlock = tool('unlock', 'unlocked', () => tools.add(tool('vault', 'gold')));
    tools.add(unlock);
    const provider = createFakeProvider()
      .toolCall('unlock', {})
      .toolCall('vault', {})
      .text('The vault holds gold.');
    const client = createClient(provider, { env: {}, tools });
    const agent = createReAct(client);

    const events = [];
    for await (const event of agent.executeStream('What is in the vault?')) events.push(event);

    expect(provider.requests.map((request) => offered(request.tools))).toEqual([
      ['unlock'],
      ['unlock', 'vault'],
      ['unlock', 'vault'],
    ]);
    const results = events.flatMap((event) => (event.type === 'tool_result' ? [event.result] : []));
    expect(results).toEqual(['"unlocked"', '"gold"']);
    expect(agent.toolDescriptions.map((description) => description.name)).toEqual([
      'unlock',
      'vault',
    ]);
  });

  it('tells tools apart by identity: a new tool under an old name runs in a chosen subset', async () => {
    const tools = createToolSet<unknown>();
    const second = tool('lookup', 'new answer');
    const first = tool('lookup', 'old answer', () => tools.add(second));
    tools.set([first, tool('other', 'other')]);
    const provider = createFakeProvider()
      .toolCall('lookup', {})
      .toolCall('lookup', {})
      .text('done');
    const client = createClient(provider, { env: {}, tools });
    const seen: (readonly Tool[])[] = [];
    const agent = createReAct(client, {
      prepareIteration: ({ tools: all }) => {
        seen.push(all);
        return { tools: ['lookup'] };
      },
    });

    const events = [];
    for await (const event of agent.executeStream('Look it up twice.')) events.push(event);

    const results = events.flatMap((event) => (event.type === 'tool_result' ? [event.result] : []));
    expect(results).toEqual(['"old answer"', '"new answer"']);
    expect(provider.requests.map((request) => offered(request.tools))).toEqual([
      ['lookup'],
      ['lookup'],
      ['lookup'],
    ]);
    // prepareIteration saw the set's tools as they were at each iteration.
    expect(seen[0]?.[0]).toBe(first);
    expect(seen[1]?.[0]).toBe(second);
  });
});
