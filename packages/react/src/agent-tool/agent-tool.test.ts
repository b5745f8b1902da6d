import { type AgentEvent, AgentStoppedError, agentEventPath, defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createReAct } from '../create-react.js';
import { agentTool } from './agent-tool.js';

const PRICE = { inputCostPerMillion: 1_000_000, outputCostPerMillion: 1_000_000 };
const SEARCH = defineTool({
  name: 'search',
  description: 'Searches the web',
  input: Type.Object({ query: Type.String() }),
  metrics: { amount: 0.25, currency: 'USD' },
  execute: ({ query }) => [`A page about ${query}`],
});

/** writer → researcher → checker, each on its own scripted model, sharing one observer. */
function threeDeep() {
  const observer = createRecordingObserver();
  const checkerModel = createFakeProvider().text('Checked: true.');
  const checker = createReAct(
    createClient(checkerModel, { defaultModel: 'checker-model', modelCost: PRICE, observer }),
    { name: 'checker', description: 'Checks a claim' },
  );
  const researcherModel = createFakeProvider()
    .toolCall('search', { query: 'Rome' })
    .toolCall('checker', { prompt: 'Is Rome the capital of Italy?' })
    .text('{"fact": "Rome is the capital"}');
  const researcher = createReAct(
    createClient(researcherModel, {
      defaultModel: 'researcher-model',
      modelCost: PRICE,
      observer,
      tools: [SEARCH, agentTool(checker)],
    }),
    {
      name: 'researcher',
      description: 'Finds facts',
      schema: Type.Object({ fact: Type.String() }),
    },
  );
  const writerModel = createFakeProvider()
    .toolCall('researcher', { prompt: 'Find the capital of Italy.' })
    .text('Rome is the capital of Italy.');
  const writer = createReAct(
    createClient(writerModel, {
      defaultModel: 'writer-model',
      modelCost: PRICE,
      observer,
      tools: [agentTool(researcher)],
    }),
    { name: 'writer' },
  );
  return { writer, observer, checkerModel, researcherModel, writerModel };
}

describe('agentTool: agents nested three deep', () => {
  it('streams every sub-run event in order, wrapped once per level', async () => {
    const { writer } = threeDeep();

    const events: AgentEvent<string>[] = [];
    for await (const event of writer.executeStream('Write about Rome.')) events.push(event);

    const seen = events.map((event) => {
      const { path, event: inner } = agentEventPath(event);
      return `${[...path, inner.type].join('/')}`;
    });
    const compact = seen.filter(
      (entry) =>
        !entry.endsWith('/content') && !entry.endsWith('/partial_answer') && entry !== 'content',
    );
    expect(compact).toEqual([
      'iteration_start',
      'tool_call',
      'researcher/iteration_start',
      'researcher/tool_call',
      'researcher/tool_result',
      'researcher/iteration_start',
      'researcher/tool_call',
      'researcher/checker/iteration_start',
      'researcher/checker/final_answer',
      'researcher/tool_result',
      'researcher/iteration_start',
      'researcher/final_answer',
      'tool_result',
      'iteration_start',
      'final_answer',
    ]);
    // The wrapper names the parent's call and iteration.
    const first = events.find((event) => event.type === 'agent_event');
    expect(first).toMatchObject({ type: 'agent_event', agent: 'researcher', iteration: 1 });
    const call = events.find((event) => event.type === 'tool_call');
    expect(first?.type === 'agent_event' && first.toolCallId).toBe(
      call?.type === 'tool_call' && call.toolCall.id,
    );
    // The sub-run's data is the tool's result.
    const result = events.find((event) => event.type === 'tool_result');
    expect(result?.type === 'tool_result' && result.result).toBe('{"fact":"Rome is the capital"}');
  });

  it('adds each sub-run into the cost of its parent: the sum of the parts, by agent', async () => {
    const { writer } = threeDeep();

    const result = await writer.execute('Write about Rome.');

    const summary = result.costSummary();
    const byAgent = summary.byAgent ?? {};
    expect(Object.keys(byAgent)).toEqual([
      'writer',
      'writer/researcher',
      'writer/researcher/checker',
    ]);
    const parts = Object.values(byAgent).reduce((sum, part) => sum + part.totalCost, 0);
    expect(parts).toBeCloseTo(summary.totalCost, 9);
    expect(byAgent['writer/researcher']?.totalToolCost).toBe(0.25);
    expect(summary.byModel['checker-model']?.requests).toBe(1);
    expect(summary.byModel['researcher-model']?.requests).toBe(3);
    expect(summary.byModel['writer-model']?.requests).toBe(2);
    expect(summary.toolExecutionCount).toEqual({ researcher: 1, search: 1, checker: 1 });
    const usage = result.totalUsage;
    const own = byAgent.writer?.usage;
    const researcher = byAgent['writer/researcher']?.usage;
    const checker = byAgent['writer/researcher/checker']?.usage;
    expect(usage.totalTokens).toBe(
      (own?.totalTokens ?? 0) + (researcher?.totalTokens ?? 0) + (checker?.totalTokens ?? 0),
    );
    expect(summary.complete).toBe(true);
  });

  it("nests each sub-run's invoke_agent span under its parent's execute_tool span", async () => {
    const { writer, observer } = threeDeep();

    await writer.execute('Write about Rome.');

    const span = (name: string) => observer.spans.find((recorded) => recorded.name === name);
    const writerRun = span('invoke_agent writer');
    const researcherCall = span('execute_tool researcher');
    const researcherRun = span('invoke_agent researcher');
    const checkerCall = span('execute_tool checker');
    const checkerRun = span('invoke_agent checker');
    expect(researcherCall?.parent).toBe(writerRun);
    expect(researcherRun?.parent).toBe(researcherCall);
    expect(checkerCall?.parent).toBe(researcherRun);
    expect(checkerRun?.parent).toBe(checkerCall);
    expect(span('chat checker-model')?.parent).toBe(checkerRun);
    expect(checkerCall?.events.map((event) => event.name)).toEqual([
      'aigo.agent.call',
      'aigo.agent.return',
    ]);
    expect(checkerCall?.events[0]?.attributes).toMatchObject({
      'aigo.agent.path': 'writer/researcher/checker',
      'aigo.agent.depth': 3,
    });
  });
});

describe('agentTool: failures', () => {
  it("gives the model a sub-run's stop as the tool's error result, its cost still counted", async () => {
    const innerModel = createFakeProvider().default({
      toolCalls: [
        { id: 'again', type: 'function', function: { name: 'nothing', arguments: '{}' } },
      ],
    });
    const inner = createReAct(
      createClient(innerModel, { defaultModel: 'inner', modelCost: PRICE }),
      {
        name: 'looper',
        description: 'Never answers',
        maxIterations: 2,
      },
    );
    const outerModel = createFakeProvider()
      .toolCall('looper', { prompt: 'Go' })
      .text('The looper gave up.');
    const outer = createReAct(
      createClient(outerModel, {
        defaultModel: 'outer',
        modelCost: PRICE,
        tools: [agentTool(inner)],
      }),
    );

    const result = await outer.execute('Try the looper');

    const toolMessage = outerModel.requests[1]?.messages.at(-1)?.content as string;
    expect(JSON.parse(toolMessage)).toMatchObject({
      ok: false,
      error: { code: 'agent_stopped' },
    });
    expect(toolMessage).toContain('iterations');
    expect(result.costSummary().byModel.inner?.requests).toBe(2);
  });

  it('stops the parent on a failed sub-run with stopOnError', async () => {
    const innerModel = createFakeProvider().default({
      toolCalls: [
        { id: 'again', type: 'function', function: { name: 'nothing', arguments: '{}' } },
      ],
    });
    const inner = createReAct(createClient(innerModel, { defaultModel: 'inner' }), {
      name: 'looper',
      description: 'Never answers',
      maxIterations: 1,
    });
    const outerModel = createFakeProvider().toolCall('looper', { prompt: 'Go' }).text('unused');
    const outer = createReAct(
      createClient(outerModel, { defaultModel: 'outer', tools: [agentTool(inner)] }),
      { stopOnError: true },
    );

    const error = await outer.execute('Try').catch((caught: unknown) => caught);

    expect(AgentStoppedError.isInstance(error) && error.stopReason).toBe('error');
  });

  it('refuses to nest deeper than maxDepth without running the agent', async () => {
    const innerModel = createFakeProvider().text('never');
    const inner = createReAct(createClient(innerModel, { defaultModel: 'inner' }), {
      name: 'deep',
      description: 'Too deep',
    });
    const outerModel = createFakeProvider().toolCall('deep', { prompt: 'Go' }).text('ok');
    const outer = createReAct(
      createClient(outerModel, {
        defaultModel: 'outer',
        tools: [agentTool(inner, { maxDepth: 1 })],
      }),
      { name: 'top' },
    );

    await outer.execute('Try');

    expect(innerModel.requests).toHaveLength(0);
    expect(outerModel.requests[1]?.messages.at(-1)?.content).toContain('maxDepth');
  });

  it('gives arguments that fail the input schema to the model as a tool error', async () => {
    const innerModel = createFakeProvider().text('never');
    const inner = createReAct(createClient(innerModel, { defaultModel: 'inner' }), {
      name: 'sub',
      description: 'A sub-agent',
    });
    const outerModel = createFakeProvider().toolCall('sub', { question: 'wrong field' }).text('ok');
    const outer = createReAct(
      createClient(outerModel, { defaultModel: 'outer', tools: [agentTool(inner)] }),
    );

    await outer.execute('Try');

    expect(innerModel.requests).toHaveLength(0);
    expect(outerModel.requests[1]?.messages.at(-1)?.content).toContain('invalid_arguments');
  });

  it('refuses an agent without a name, a missing description and unknown options', () => {
    const agent = createReAct(createClient(createFakeProvider(), { defaultModel: 'm' }), {
      description: 'd',
    });
    expect(() =>
      agentTool({ ...agent, name: '', execute: agent.execute, executeStream: agent.executeStream }),
    ).toThrow(/agent\.name/);
    expect(() => agentTool(agent, { name: 'bad name!' })).toThrow(/name/);
    const undescribed = createReAct(createClient(createFakeProvider(), { defaultModel: 'm' }));
    expect(() => agentTool(undescribed)).toThrow(/description/);
    expect(() => agentTool(agent, { nme: 'x' } as never)).toThrow(/nme/);
    expect(() => agentTool(agent, { maxDepth: 0 })).toThrow(/maxDepth/);
  });

  it('refuses a name that clashes with another tool of the client', () => {
    const agent = createReAct(createClient(createFakeProvider(), { defaultModel: 'm' }), {
      name: 'search',
      description: 'Searches',
    });
    expect(() =>
      createClient(createFakeProvider(), { defaultModel: 'm', tools: [SEARCH, agentTool(agent)] }),
    ).toThrow(/search/);
  });
});

describe('agentTool: input and memory', () => {
  it('turns typed arguments into the prompt, and keeps a memory the application gives it', async () => {
    const { inMemoryMemory } = await import('@aigo/client');
    const innerModel = createFakeProvider().text('Bonjour').text('Au revoir');
    const inner = createReAct(createClient(innerModel, { defaultModel: 'inner' }), {
      name: 'translator',
      description: 'Translates to French',
    });
    const memory = inMemoryMemory();
    const tool = agentTool(inner, {
      input: {
        schema: Type.Object({ text: Type.String() }),
        prompt: ({ text }) => `Translate: ${text}`,
      },
      memory,
    });
    const outerModel = createFakeProvider()
      .toolCall('translator', { text: 'Hello' })
      .toolCall('translator', { text: 'Goodbye' })
      .text('Done');
    const outer = createReAct(createClient(outerModel, { defaultModel: 'outer', tools: [tool] }));

    await outer.execute('Translate two words');

    expect(innerModel.requests[0]?.messages.at(-1)?.content).toBe('Translate: Hello');
    // The second call continues the tool's conversation.
    expect(innerModel.requests[1]?.messages).toHaveLength(3);
    expect(memory.size).toBe(4);
    expect(outerModel.requests[1]?.messages.at(-1)?.content).toBe('"Bonjour"');
  });
});
