import { AgentStoppedError, type ChatRequest, messageText, ValidationError } from '@aigo/ai';
import { createClient, inMemoryMemory } from '@aigo/client';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { calculator, gatedTool, outline } from '../test/support/helpers.js';
import { createReAct } from './create-react.js';

const Total = Type.Object({ total: Type.Number() });

describe('memory', () => {
  it('holds the whole exchange in order after a run, and a later run continues it', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 2, op: '+', b: 2 }, { content: 'Let me compute.' })
      .text('{"total": 4}', { reasoning: 'The tool said 4.' })
      .text('{"total": 8}');
    const memory = inMemoryMemory();
    const client = createClient(provider, { env: {}, tools: [calculator], memory });
    const agent = createReAct(client, { schema: Total });

    await agent.execute('2 + 2?');
    const stored = await memory.allMessages();
    expect(outline(stored)).toEqual([
      'user: 2 + 2?',
      'assistant: calls calculator#call_1',
      'tool#call_1: {"result":4}',
      'assistant: {"total": 4}',
    ]);
    expect(stored[1]?.content).toBe('Let me compute.');
    expect(stored[3]?.reasoning).toBe('The tool said 4.');

    const second = await agent.execute('Double it.');
    expect(second.data).toEqual({ total: 8 });
    expect(provider.requests[2]?.messages.map((message) => messageText(message))).toEqual([
      '2 + 2?',
      'Let me compute.',
      '{"result":4}',
      '{"total": 4}',
      'Double it.',
    ]);
    expect(memory.size).toBe(6);
  });

  it('runs stateless without any memory: the loop still sees its own messages, runs do not mix', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 1, op: '+', b: 1 })
      .text('two')
      .text('three');
    const client = createClient(provider, { env: {}, tools: [calculator] });
    const agent = createReAct(client);

    expect((await agent.execute('1 + 1')).data).toBe('two');
    expect(provider.requests[1]?.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
    ]);
    expect((await agent.execute('And 1 + 2?', { memory: null })).data).toBe('three');
    expect(provider.requests[2]?.messages.map((message) => messageText(message))).toEqual([
      'And 1 + 2?',
    ]);
  });

  it('persists replies even on a client that does not store them, without changing that client', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 1, op: '+', b: 1 })
      .text('two');
    const memory = inMemoryMemory();
    const client = createClient(provider, {
      env: {},
      tools: [calculator],
      persistAssistantReplies: false,
    });

    await createReAct(client).execute('1 + 1', { memory });

    expect(client.options.persistAssistantReplies).toBe(false);
    expect(outline(await memory.allMessages())).toEqual([
      'user: 1 + 1',
      'assistant: calls calculator#call_1',
      'tool#call_1: {"result":2}',
      'assistant: two',
    ]);
  });
});

describe('concurrency and immutability', () => {
  it('runs two executes on one agent concurrently with separate memories', async () => {
    const gated = gatedTool('lookup');
    // Answers depend on the conversation, not on the order of calls.
    const provider = createFakeProvider().onRequest((request: ChatRequest) => {
      const prompt = messageText(request.messages[0] ?? { content: '' });
      const last = request.messages.at(-1);
      if (last?.role === 'tool') return { content: `answer for ${prompt}: ${messageText(last)}` };
      return {
        toolCalls: [
          {
            id: `call_${prompt}`,
            type: 'function',
            function: { name: 'lookup', arguments: JSON.stringify({ prompt }) },
          },
        ],
      };
    });
    const client = createClient(provider, { env: {}, tools: [gated.tool] });
    const agent = createReAct(client);
    const memoryA = inMemoryMemory();
    const memoryB = inMemoryMemory();

    const runA = agent.execute('A', { memory: memoryA });
    const runB = agent.execute('B', { memory: memoryB });
    await gated.started(2); // both runs are inside their tools at once
    gated.gates[1]?.resolve('"second"');
    gated.gates[0]?.resolve('"first"');
    const [resultA, resultB] = await Promise.all([runA, runB]);

    // Which run's tool started first is up to the scheduler: check each run against its own memory.
    const toolResults: string[] = [];
    for (const [memory, prompt, result] of [
      [memoryA, 'A', resultA],
      [memoryB, 'B', resultB],
    ] as const) {
      const stored = await memory.allMessages();
      expect(stored).toHaveLength(4);
      expect(messageText(stored[0] ?? { content: '' })).toBe(prompt);
      expect(stored[1]?.toolCalls?.[0]?.id).toBe(`call_${prompt}`);
      expect(stored[2]?.toolCallId).toBe(`call_${prompt}`);
      const toolResult = messageText(stored[2] ?? { content: '' });
      toolResults.push(toolResult);
      expect(result.data).toBe(`answer for ${prompt}: ${toolResult}`);
      expect(messageText(stored[3] ?? { content: '' })).toBe(result.data);
    }
    expect(toolResults.sort()).toEqual(['"first"', '"second"']);
    expect(resultA.requests).toHaveLength(2);
    expect(resultB.requests).toHaveLength(2);
  });

  it('never changes the client: its additions live in the requests it builds', async () => {
    const provider = createFakeProvider().default('ok');
    const client = createClient(provider, {
      env: {},
      systemPrompt: 'You are terse.',
      tools: [calculator],
    });
    const before = { systemPrompt: client.systemPrompt, options: { ...client.options } };
    const first = createReAct(client, { maxIterations: 3 });
    const second = createReAct(client, { maxIterations: 5, schema: Total });

    await first.execute('a');
    await client.sendMessage('plain call');

    expect(client.systemPrompt).toBe(before.systemPrompt);
    expect(client.options).toEqual(before.options);
    expect(Object.isFrozen(first)).toBe(true);
    expect(second.maxIterations).toBe(5);
    const prompts = provider.requests.map((request) => request.systemPrompt ?? '');
    expect(prompts[0]?.match(/## How to work/g)).toHaveLength(1);
    expect(prompts[0]).toContain('at most 3 steps');
    expect(prompts[1]).toBe('You are terse.');
  });

  it('leaves the annotation out with annotateSystemPrompt: false', async () => {
    const provider = createFakeProvider().text('{"total": 1}');
    const client = createClient(provider, { env: {}, systemPrompt: 'Base.' });
    await createReAct(client, { schema: Total, annotateSystemPrompt: false }).execute('x');
    expect(provider.requests[0]?.systemPrompt).toBe('Base.');
  });
});

describe('structured output mode', () => {
  it('keeps the schema out of Gemini requests that offer tools (auto), native otherwise', async () => {
    const withTools = createFakeProvider({ id: 'gemini' }).text('{"total": 1}');
    await createReAct(createClient(withTools, { env: {}, tools: [calculator] }), {
      schema: Total,
    }).execute('x');
    expect(withTools.requests[0]?.responseFormat).toBeUndefined();
    expect(withTools.requests[0]?.systemPrompt).toContain('"total"');

    const withoutTools = createFakeProvider({ id: 'gemini' }).text('{"total": 1}');
    await createReAct(createClient(withoutTools, { env: {} }), { schema: Total }).execute('x');
    expect(withoutTools.requests[0]?.responseFormat?.type).toBe('json');

    const forced = createFakeProvider({ id: 'gemini' }).text('{"total": 1}');
    await createReAct(createClient(forced, { env: {}, tools: [calculator] }), {
      schema: Total,
      structuredOutput: 'native',
    }).execute('x');
    expect(forced.requests[0]?.responseFormat?.type).toBe('json');

    const prompt = createFakeProvider().text('{"total": 1}');
    await createReAct(createClient(prompt, { env: {} }), {
      schema: Total,
      structuredOutput: 'prompt',
    }).execute('x');
    expect(prompt.requests[0]?.responseFormat).toBeUndefined();
  });
});

describe('observability', () => {
  it('opens an invoke_agent span, parent of the chat and execute_tool spans', async () => {
    const observer = createRecordingObserver();
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 1, op: '+', b: 2 })
      .text('{"total": 3}');
    const client = createClient(provider, {
      env: {},
      defaultModel: 'test-model',
      tools: [calculator],
      observer,
    });
    const parent = observer.startSpan('graph node');

    await createReAct(client, { schema: Total, name: 'math' }).execute('1 + 2', { span: parent });

    const agentSpan = observer.spans.find((span) => span.name === 'invoke_agent math');
    expect(agentSpan).toBeDefined();
    expect(agentSpan?.options?.parent).toBe(parent);
    expect(agentSpan?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'math',
      'aigo.react.iterations': 2,
      'aigo.react.stop_reason': 'final_answer',
    });
    expect(agentSpan?.status?.status).toBe('ok');
    expect(agentSpan?.ended).toBe(true);
    const children = observer.spans.filter((span) => span.options?.parent === agentSpan);
    expect(children.map((span) => span.name)).toEqual([
      'chat test-model',
      'execute_tool calculator',
      'chat test-model',
    ]);
  });

  it('marks the span as failed when the run stops', async () => {
    const observer = createRecordingObserver();
    const provider = createFakeProvider().toolCall('calculator', { a: 1, op: '+', b: 2 });
    const client = createClient(provider, { env: {}, tools: [calculator], observer });
    await expect(createReAct(client, { maxIterations: 1 }).execute('x')).rejects.toBeInstanceOf(
      AgentStoppedError,
    );
    const agentSpan = observer.spans.find((span) => span.name === 'invoke_agent react');
    expect(agentSpan?.status?.status).toBe('error');
    expect(agentSpan?.attributes['aigo.react.stop_reason']).toBe('max_iterations');
    expect(agentSpan?.ended).toBe(true);
  });
});

describe('argument checks', () => {
  const client = createClient(createFakeProvider(), { env: {} });

  it.each([
    [{ maxIterations: 0 }, 'maxIterations'],
    [{ maxIterations: 1.5 }, 'maxIterations'],
    [{ toolConcurrency: 0 }, 'toolConcurrency'],
    [{ stopOnError: 'yes' }, 'stopOnError'],
    [{ annotateSystemPrompt: 1 }, 'annotateSystemPrompt'],
    [{ structuredOutput: 'json' }, 'structuredOutput'],
    [{ name: '' }, 'name'],
    [{ schema: 'object' }, 'schema'],
    [{ prepareIteration: 'x' }, 'prepareIteration'],
    [{ validateFinalAnswer: 1 }, 'validateFinalAnswer'],
    [{ maxIteration: 3 }, 'maxIteration'],
  ])('createReAct(client, %j) throws ValidationError naming %s', (options, argument) => {
    expect(() => createReAct(client, options as never)).toThrow(ValidationError);
    expect(() => createReAct(client, options as never)).toThrow(
      expect.objectContaining({ argument }),
    );
  });

  it('checks the client', () => {
    expect(() => createReAct({} as never)).toThrow(expect.objectContaining({ argument: 'client' }));
    expect(() => createReAct(null as never)).toThrow(ValidationError);
  });

  it('checks the prompt and run options (execute rejects, executeStream throws)', async () => {
    const agent = createReAct(client);
    await expect(agent.execute('')).rejects.toMatchObject({ argument: 'prompt' });
    await expect(agent.execute([] as never)).rejects.toMatchObject({ argument: 'prompt' });
    await expect(agent.execute({ role: 'assistant', content: 'x' } as never)).rejects.toMatchObject(
      { argument: 'prompt' },
    );
    await expect(agent.execute('x', { signal: 'no' } as never)).rejects.toMatchObject({
      argument: 'signal',
    });
    await expect(agent.execute('x', { memory: {} } as never)).rejects.toMatchObject({
      argument: 'memory',
    });
    await expect(agent.execute('x', { model: 'y' } as never)).rejects.toMatchObject({
      argument: 'model',
    });
    expect(() => agent.executeStream('')).toThrow(ValidationError);
  });
});
