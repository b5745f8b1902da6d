import {
  AbortError,
  AgentStoppedError,
  defineTool,
  type Message,
  ParseError,
  parseToolErrorEnvelope,
  ToolError,
} from '@aigo/ai';
import { createClient, inMemoryMemory } from '@aigo/client';
import { createFakeProvider, deferred } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { calculator, gatedTool, outline } from '../../test/support/helpers.js';
import { createReAct } from '../create-react.js';

const Total = Type.Object({ total: Type.Number() });

/** The content of the last message of a recorded request. */
function lastMessage(messages: readonly Message[] | undefined): Message {
  const message = messages?.at(-1);
  if (message === undefined) throw new Error('no message');
  return message;
}

function envelopeOf(message: Message) {
  return parseToolErrorEnvelope(message.content as string);
}

describe('the ReAct loop', () => {
  it('runs a typed math agent: calculator calls, then a JSON final answer', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 17, op: '*', b: 23 })
      .toolCall('calculator', { a: 391, op: '+', b: 4 })
      .text('{"total": 395}');
    const client = createClient(provider, {
      env: {},
      defaultModel: 'test-model',
      tools: [calculator],
      modelCost: { inputCostPerMillion: 1, outputCostPerMillion: 2 },
    });
    const agent = createReAct(client, { schema: Total });

    const result = await agent.execute('What is 17 * 23 + 4?');

    const total: number = result.data.total; // typed as Static<typeof Total>
    expect(total).toBe(395);
    expect(result.stopReason).toBe('final_answer');
    expect(result.iterations).toBe(3);
    expect(result.requests).toHaveLength(3);
    expect(result.responses).toHaveLength(3);
    expect(result.toolCallStats).toEqual({ calculator: 2 });
    expect(result.totalUsage.totalTokens).toBeGreaterThan(0);
    const cost = result.costSummary();
    expect(cost.totalToolCost).toBeCloseTo(0.002, 9);
    expect(cost.totalModelCost).toBeGreaterThan(0);
    expect(result.executionEndTime).toBeInstanceOf(Date);
    // Each tool result reached the model with the next request.
    expect(lastMessage(provider.requests[1]?.messages)).toMatchObject({
      role: 'tool',
      toolCallId: 'call_1',
      content: '{"result":391}',
    });
    expect(lastMessage(provider.requests[2]?.messages).content).toBe('{"result":395}');
    // The schema travels natively and in the agent's instructions.
    const first = provider.requests[0];
    expect(first?.responseFormat).toMatchObject({ type: 'json', schema: Total });
    expect(first?.systemPrompt).toContain('## How to work');
    expect(first?.systemPrompt).toContain('at most 10 steps');
    expect(first?.systemPrompt).toContain('"total"');
    expect(first?.tools?.map((tool) => (tool as { name: string }).name)).toEqual(['calculator']);
  });

  it('runs an untyped agent whose answer is the text', async () => {
    const provider = createFakeProvider().text('Paris is the capital of France.');
    const client = createClient(provider, { env: {}, systemPrompt: 'Be brief.' });
    const agent = createReAct(client);

    const result = await agent.execute('Capital of France?');

    const text: string = result.data;
    expect(text).toBe('Paris is the capital of France.');
    expect(result.iterations).toBe(1);
    const request = provider.requests[0];
    expect(request?.responseFormat).toBeUndefined();
    expect(request?.systemPrompt).toMatch(/^Be brief\.\n\n## How to work/);
    expect(request?.systemPrompt).not.toContain('Final answer format');
  });

  it('runs the tool calls of one reply in parallel, at most toolConcurrency at once, results in call order', async () => {
    const gated = gatedTool('slow');
    const provider = createFakeProvider()
      .toolCalls(
        Array.from({ length: 5 }, (_, index) => ({
          name: 'slow',
          args: { index },
          id: `c${index}`,
        })),
      )
      .text('all done');
    const client = createClient(provider, { env: {}, tools: [gated.tool] });
    const agent = createReAct(client, { toolConcurrency: 2 });

    const running = agent.execute('Run them all');
    await gated.started(2);
    // Releasing in reverse order of start; a third call starts only when one finishes.
    for (let released = 0; released < 5; released++) {
      expect(gated.state.running).toBeLessThanOrEqual(2);
      gated.gates[released]?.resolve(`"r${released}"`);
      if (released + 2 < 5) await gated.started(released + 3);
    }
    const result = await running;

    expect(gated.state.maxRunning).toBe(2);
    expect(result.data).toBe('all done');
    const sent = provider.requests[1]?.messages.filter((message) => message.role === 'tool');
    expect(sent?.map((message) => [message.toolCallId, message.content])).toEqual([
      ['c0', '"r0"'],
      ['c1', '"r1"'],
      ['c2', '"r2"'],
      ['c3', '"r3"'],
      ['c4', '"r4"'],
    ]);
  });

  it('answers an unknown tool with a tool_not_found envelope and goes on', async () => {
    const provider = createFakeProvider().toolCall('teleport', { to: 'Mars' }).text('Cannot.');
    const client = createClient(provider, { env: {}, tools: [calculator] });

    const result = await createReAct(client).execute('Go to Mars');

    expect(result.data).toBe('Cannot.');
    expect(envelopeOf(lastMessage(provider.requests[1]?.messages))).toEqual({
      ok: false,
      error: {
        code: 'tool_not_found',
        message: 'Unknown tool "teleport". Available tools: calculator',
      },
    });
    expect(result.toolCallStats).toEqual({ teleport: 1 });
  });

  it('sends the validation message of invalid tool arguments to the model', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 'seventeen', op: '*', b: 23 })
      .toolCall('calculator', { a: 17, op: '*', b: 23 })
      .text('{"total": 391}');
    const client = createClient(provider, { env: {}, tools: [calculator] });

    const result = await createReAct(client, { schema: Total }).execute('17 * 23?');

    expect(result.data).toEqual({ total: 391 });
    const envelope = envelopeOf(lastMessage(provider.requests[1]?.messages));
    expect(envelope?.error.code).toBe('invalid_arguments');
    expect(envelope?.error.message).toContain('Invalid arguments for calculator');
    expect(envelope?.error.message).toContain('/a');
    // A failed call is counted but not billed.
    expect(result.costSummary().totalToolCost).toBeCloseTo(0.001, 9);
  });

  it('lets the model read a thrown tool error when stopOnError is off', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 1, op: '/', b: 0 })
      .text('{"total": 0}');
    const client = createClient(provider, { env: {}, tools: [calculator] });

    const result = await createReAct(client, { schema: Total }).execute('1 / 0?');

    expect(result.data).toEqual({ total: 0 });
    expect(envelopeOf(lastMessage(provider.requests[1]?.messages))).toEqual({
      ok: false,
      error: { code: 'tool_execution_failed', message: 'division by zero' },
    });
  });

  it('stops at the first tool failure with stopOnError, keeping the results in memory', async () => {
    const provider = createFakeProvider()
      .toolCalls([
        { name: 'calculator', args: { a: 1, op: '/', b: 0 }, id: 'bad' },
        { name: 'calculator', args: { a: 2, op: '+', b: 2 }, id: 'good' },
      ])
      .text('never asked');
    const memory = inMemoryMemory();
    const client = createClient(provider, { env: {}, tools: [calculator] });
    const agent = createReAct(client, { schema: Total, stopOnError: true });

    const error = await agent.execute('1 / 0?', { memory }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AgentStoppedError);
    const stopped = error as AgentStoppedError<{ iterations: number; requests: unknown[] }>;
    expect(stopped.stopReason).toBe('error');
    expect(stopped.message).toBe('Tool "calculator" failed at iteration 1: division by zero');
    expect(stopped.cause).toBeInstanceOf(ToolError);
    expect((stopped.cause as ToolError).toolCallId).toBe('bad');
    expect(stopped.overview.iterations).toBe(1);
    expect(stopped.overview.requests).toHaveLength(1);
    expect(provider.callCount).toBe(1);
    // Every call of the batch has its result stored: the transcript stays valid.
    expect(outline(await memory.allMessages())).toEqual([
      'user: 1 / 0?',
      'assistant: calls calculator#bad, calculator#good',
      'tool#bad: {"ok":false,"error":{"code":"tool_execution_failed","message":"division by zero"}}',
      'tool#good: {"result":4}',
    ]);
  });

  it('repairs JSON wrapped in prose', async () => {
    const provider = createFakeProvider().text(
      'Sure! Here is the result:\n```json\n{"total": 395,}\n```\nAnything else?',
    );
    const client = createClient(provider, { env: {} });

    const result = await createReAct(client, { schema: Total }).execute('Sum?');

    expect(result.data).toEqual({ total: 395 });
    expect(provider.callCount).toBe(1);
  });

  it('asks once for JSON only when the final answer does not parse (not an iteration)', async () => {
    const provider = createFakeProvider().text('It is about four hundred.').text('{"total": 395}');
    const memory = inMemoryMemory();
    const client = createClient(provider, { env: {}, tools: [calculator] });

    const result = await createReAct(client, { schema: Total }).execute('Sum?', { memory });

    expect(result.data).toEqual({ total: 395 });
    expect(result.iterations).toBe(1);
    expect(result.requests).toHaveLength(2);
    const retry = provider.requests[1];
    expect(retry?.toolChoice).toBe('none');
    const request = lastMessage(retry?.messages);
    expect(request.role).toBe('user');
    expect(request.content).toContain('Reply again with only the JSON value');
    expect(request.content).toContain('"total"');
    expect(outline(await memory.allMessages())).toEqual([
      'user: Sum?',
      'assistant: It is about four hundred.',
      `user: ${request.content as string}`,
      'assistant: {"total": 395}',
    ]);
  });

  it('rejects with ParseError (raw text, usage) when the JSON-only retry fails too', async () => {
    const provider = createFakeProvider().text('No idea.').text('Still no idea.');
    const client = createClient(provider, { env: {} });

    const error = await createReAct(client, { schema: Total })
      .execute('Sum?')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ParseError);
    const parseError = error as ParseError;
    expect(parseError.text).toBe('Still no idea.');
    expect(parseError.usage?.totalTokens).toBeGreaterThan(0);
    expect(parseError.issues.length).toBeGreaterThan(0);
    expect(parseError.message).not.toContain('Still no idea');
    expect(provider.callCount).toBe(2);
    // Without tools, the retry does not send a tool choice (some servers reject it).
    expect(provider.requests[1]?.toolChoice).toBeUndefined();
  });

  it('sends a validateFinalAnswer rejection back to the model and goes on', async () => {
    const provider = createFakeProvider().text('{"total": 1}').text('{"total": 395}');
    const client = createClient(provider, { env: {} });
    const seen: unknown[] = [];
    const agent = createReAct(client, {
      schema: Total,
      validateFinalAnswer: ({ data, iteration, context }) => {
        seen.push({ data, iteration, context });
        return data.total === 395 ? undefined : 'That total is wrong; check the sum again.';
      },
    });

    const result = await agent.execute('Sum?', { context: { user: 'ada' } });

    expect(result.data).toEqual({ total: 395 });
    expect(result.iterations).toBe(2);
    expect(seen).toEqual([
      { data: { total: 1 }, iteration: 1, context: { user: 'ada' } },
      { data: { total: 395 }, iteration: 2, context: { user: 'ada' } },
    ]);
    expect(lastMessage(provider.requests[1]?.messages)).toEqual({
      role: 'user',
      content: 'That total is wrong; check the sum again.',
    });
  });

  it('lets prepareIteration hide a tool: not offered, and not run if called anyway', async () => {
    let searches = 0;
    const search = defineTool({
      name: 'search',
      description: 'Searches the web',
      input: Type.Object({ query: Type.String() }),
      execute: () => {
        searches++;
        return 'results';
      },
    });
    const provider = createFakeProvider()
      .toolCall('search', { query: 'x' })
      .toolCall('search', { query: 'y' })
      .text('done');
    const client = createClient(provider, { env: {}, tools: [calculator, search] });
    const steps: unknown[] = [];
    const agent = createReAct(client, {
      prepareIteration: ({ iteration, tools }) => {
        steps.push({ iteration, tools: tools.map((tool) => tool.name) });
        return iteration === 1 ? { tools: ['calculator'] } : undefined;
      },
    });

    const result = await agent.execute('Look it up');

    const names = (index: number) =>
      provider.requests[index]?.tools?.map((tool) => (tool as { name: string }).name);
    expect(names(0)).toEqual(['calculator']);
    expect(names(1)).toEqual(['calculator', 'search']);
    expect(envelopeOf(lastMessage(provider.requests[1]?.messages))?.error.code).toBe(
      'tool_not_found',
    );
    expect(searches).toBe(1); // only the call of iteration 2 ran
    expect(result.data).toBe('done');
    expect(steps).toEqual([
      { iteration: 1, tools: ['calculator', 'search'] },
      { iteration: 2, tools: ['calculator', 'search'] },
      { iteration: 3, tools: ['calculator', 'search'] },
    ]);
    expect(client.tools.names).toEqual(['calculator', 'search']);
  });

  it('rejects a prepareIteration choosing a tool the client lacks', async () => {
    const provider = createFakeProvider().text('never');
    const client = createClient(provider, { env: {}, tools: [calculator] });
    const agent = createReAct(client, { prepareIteration: () => ({ tools: ['search'] }) });

    const error = await agent.execute('x').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AgentStoppedError);
    expect((error as AgentStoppedError).stopReason).toBe('error');
    expect((error as AgentStoppedError).cause).toMatchObject({
      argument: 'prepareIteration().tools[0]',
    });
    expect(provider.callCount).toBe(0);
  });

  it('lets beforeToolCall block a call (not a failure, even with stopOnError)', async () => {
    let executed = 0;
    const deleteAll = defineTool({
      name: 'delete_all',
      description: 'Deletes everything',
      execute: () => {
        executed++;
        return 'deleted';
      },
    });
    const provider = createFakeProvider().toolCall('delete_all', {}).text('I was not allowed.');
    const client = createClient(provider, { env: {}, tools: [deleteAll] });
    const agent = createReAct(client, {
      stopOnError: true,
      beforeToolCall: ({ toolCall }) => {
        if (toolCall.function.name === 'delete_all') throw new Error('needs human approval');
        return undefined;
      },
    });

    const result = await agent.execute('Clean up');

    expect(executed).toBe(0);
    expect(result.data).toBe('I was not allowed.');
    expect(envelopeOf(lastMessage(provider.requests[1]?.messages))?.error).toEqual({
      code: 'tool_blocked',
      message: 'needs human approval',
    });
  });

  it('lets afterToolCall replace a result', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 1, op: '+', b: 1 })
      .text('ok');
    const client = createClient(provider, { env: {}, tools: [calculator] });
    const agent = createReAct(client, {
      afterToolCall: ({ result }) => `{"checked":${result}}`,
    });

    await agent.execute('1 + 1');

    expect(lastMessage(provider.requests[1]?.messages).content).toBe('{"checked":{"result":2}}');
  });

  it('stops at maxIterations with AgentStoppedError carrying the overview and usage', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 1, op: '+', b: 1 })
      .toolCall('calculator', { a: 2, op: '+', b: 1 })
      .toolCall('calculator', { a: 3, op: '+', b: 1 });
    const memory = inMemoryMemory();
    const client = createClient(provider, {
      env: {},
      tools: [calculator],
      modelCost: { inputCostPerMillion: 1, outputCostPerMillion: 2 },
    });
    const agent = createReAct(client, { schema: Total, maxIterations: 3, name: 'counter' });

    const error = await agent.execute('Count', { memory }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AgentStoppedError);
    const stopped = error as AgentStoppedError<import('../react-result.js').ReActStoppedOverview>;
    expect(stopped.stopReason).toBe('max_iterations');
    expect(stopped.message).toBe(
      'The agent "counter" reached its maximum of 3 iterations without a final answer',
    );
    const overview = stopped.overview;
    expect(overview.stopReason).toBe('max_iterations');
    expect(overview.iterations).toBe(3);
    expect(overview.requests).toHaveLength(3);
    expect(overview.totalUsage.totalTokens).toBeGreaterThan(0);
    expect(overview.toolCallStats).toEqual({ calculator: 3 });
    expect(overview.costSummary().totalModelCost).toBeGreaterThan(0);
    expect(overview.executionEndTime).toBeInstanceOf(Date);
    expect(provider.callCount).toBe(3);
    // The last tool result is kept, so the transcript is complete.
    expect(outline(await memory.allMessages()).at(-1)).toBe('tool#call_3: {"result":4}');
    expect(memory.size).toBe(7);
  });

  it('aborts mid-tool: the tool sees the signal and the run rejects with stopReason aborted', async () => {
    const started = deferred();
    const toolSaw = deferred<boolean>();
    const waiter = defineTool({
      name: 'wait_forever',
      description: 'Waits until cancelled',
      execute: (_input, ctx) =>
        new Promise((_resolve, reject) => {
          ctx.signal.addEventListener('abort', () => {
            toolSaw.resolve(ctx.signal.aborted);
            reject(new Error('cancelled'));
          });
          started.resolve();
        }),
    });
    const provider = createFakeProvider().toolCall('wait_forever', {}).text('never');
    const memory = inMemoryMemory();
    const client = createClient(provider, { env: {}, tools: [waiter] });
    const controller = new AbortController();

    const running = createReAct(client).execute('Wait', { signal: controller.signal, memory });
    await started.promise;
    controller.abort();
    const error = await running.catch((caught: unknown) => caught);

    expect(await toolSaw.promise).toBe(true);
    expect(error).toBeInstanceOf(AgentStoppedError);
    expect((error as AgentStoppedError).stopReason).toBe('aborted');
    expect((error as AgentStoppedError).cause).toBeInstanceOf(AbortError);
    expect(provider.callCount).toBe(1);
    expect(outline(await memory.allMessages())).toEqual([
      'user: Wait',
      'assistant: calls wait_forever#call_1',
    ]);
  });

  it('rejects with aborted when the model call is aborted', async () => {
    const provider = createFakeProvider().text('late').delay(60_000);
    const client = createClient(provider, { env: {} });
    const controller = new AbortController();
    const running = createReAct(client).execute('Hi', { signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toMatchObject({ stopReason: 'aborted' });
  });

  it('wraps a provider failure as stopReason error with the overview so far', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 1, op: '+', b: 1 })
      .error(new Error('upstream exploded'));
    const client = createClient(provider, { env: {}, tools: [calculator] });

    const error = await createReAct(client)
      .execute('1 + 1')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(AgentStoppedError);
    const stopped = error as AgentStoppedError<import('../react-result.js').ReActStoppedOverview>;
    expect(stopped.stopReason).toBe('error');
    expect(stopped.message).toBe('The agent run failed during iteration 2: upstream exploded');
    expect(stopped.overview.iterations).toBe(2);
    expect(stopped.overview.requests).toHaveLength(1);
    expect(JSON.stringify(stopped)).not.toContain('requests');
  });

  it('ends the run with stopReason error when validateFinalAnswer throws', async () => {
    const provider = createFakeProvider().text('answer');
    const client = createClient(provider, { env: {} });
    const agent = createReAct(client, {
      validateFinalAnswer: () => {
        throw new Error('validator broke');
      },
    });
    await expect(agent.execute('x')).rejects.toMatchObject({
      stopReason: 'error',
      message: 'The agent run failed during iteration 1: validator broke',
    });
  });
});
