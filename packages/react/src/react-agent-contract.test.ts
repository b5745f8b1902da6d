import type { Agent, AgentEvent, AgentResult, AgentRunOptions } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { type Static, Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createReAct, type ReAct } from './create-react.js';
import type { ReActRunOptions } from './react-options.js';
import type { ReActOverview } from './react-result.js';

const Total = Type.Object({ total: Type.Number() });
type Total = Static<typeof Total>;

// Compile-time checks (`pnpm typecheck` runs over the tests): a ReAct agent is a whole `Agent`
// (resume and resumeStream included), its result an `AgentResult`, its events `AgentEvent`s.
const asAgent = <T>(agent: ReAct<T>): Agent<T> => agent;
const asResult = <T>(overview: ReActOverview<T>): AgentResult<T> => overview;
const asAgentEvent = <T>(event: AgentEvent<T>): AgentEvent<T> => event;
const asRunOptions = (options: AgentRunOptions): ReActRunOptions => options;

describe('the structural Agent contract', () => {
  it('runs a ReAct agent through an Agent-typed reference', async () => {
    const provider = createFakeProvider()
      .text('{"total": 3}')
      .text('{"total": 4}')
      .text('{"total": 5}');
    const react = createReAct(createClient(provider, { env: {} }), {
      schema: Total,
      name: 'adder',
      description: 'Adds numbers',
    });
    const agent = asAgent(react);

    expect(agent.name).toBe('adder');
    expect(agent.description).toBe('Adds numbers');
    expect(agent.toolDescriptions).toEqual([]);
    const result: AgentResult<Total> = await agent.execute('1 + 2?', asRunOptions({ runId: 'a' }));
    expect(result.data.total).toBe(3);
    expect(result.totalUsage.totalTokens).toBeGreaterThan(0);
    expect(result.costSummary().currency).toBe('USD');

    const types: string[] = [];
    const stream = agent.executeStream('2 + 2?');
    for await (const event of stream) types.push(asAgentEvent(event).type);
    expect(types.at(-1)).toBe('final_answer');
    expect((await stream.collect()).data.total).toBe(4);

    expect(asResult(await react.execute('2 + 3?')).data.total).toBe(5);
    expect(typeof agent.resume).toBe('function');
    expect(typeof agent.resumeStream).toBe('function');
  });

  it('an agent has no description unless given one, and refuses one that is not a string', () => {
    const client = createClient(createFakeProvider(), { env: {} });
    expect(createReAct(client).description).toBeUndefined();
    expect(() => createReAct(client, { description: 7 as never })).toThrow(
      expect.objectContaining({ argument: 'description' }),
    );
  });
});
