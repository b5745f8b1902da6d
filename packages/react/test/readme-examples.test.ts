// The README's examples, run as they are written there (imports adjusted to the source tree;
// console output asserted instead of printed).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AgentStoppedError,
  agentEventPath,
  defineTool,
  pipeResponse,
  toSSEResponse,
} from '@aigo/ai';
import { createClient, inMemoryMemory, inMemoryMemoryStore, inMemoryRunStore } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { Type } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import {
  agentTool,
  createReAct,
  type ReActRunState,
  type ReActStoppedOverview,
} from '../src/index.js';

describe('README examples', () => {
  it('agents as tools: a writer with a researcher as a tool', async () => {
    const search = defineTool({
      name: 'search',
      description: 'Searches the web',
      input: Type.Object({ query: Type.String() }),
      execute: ({ query }) => [`Rome is the capital of Italy (${query})`],
    });
    const researcher = createReAct(
      createClient(
        createFakeProvider()
          .toolCall('search', { query: 'capital of Italy' })
          .text('{"fact": "Rome"}'),
        { defaultModel: 'test-model', tools: [search] },
      ),
      {
        name: 'researcher',
        description: 'Finds facts',
        schema: Type.Object({ fact: Type.String() }),
      },
    );
    const writer = createReAct(
      createClient(
        createFakeProvider()
          .toolCall('researcher', { prompt: 'What is the capital of Italy?' })
          .text('The capital of Italy is Rome.'),
        { defaultModel: 'test-model', tools: [agentTool(researcher)] },
      ),
      { name: 'writer' },
    );

    const logged: string[] = [];
    const stream = writer.executeStream('Write one sentence about the capital of Italy.');
    for await (const event of stream) {
      const { path, event: inner } = agentEventPath(event);
      if (path.length > 0 && inner.type === 'tool_call') {
        logged.push(`${path.join(' > ')} calls ${inner.toolCall.function.name}`);
      }
    }
    const result = await stream.collect();
    expect(logged).toEqual(['researcher calls search']);
    expect(result.data).toBe('The capital of Italy is Rome.');
    expect(Object.keys(result.costSummary().byAgent ?? {})).toEqual([
      'writer',
      'writer/researcher',
    ]);
  });

  it('the opening example: a typed math agent', async () => {
    const calculator = defineTool({
      name: 'calculator',
      description: 'Computes a + b or a * b',
      input: Type.Object({
        a: Type.Number(),
        op: Type.Union([Type.Literal('+'), Type.Literal('*')]),
        b: Type.Number(),
      }),
      execute: ({ a, op, b }) => (op === '+' ? a + b : a * b),
    });

    const model = createFakeProvider()
      .toolCall('calculator', { a: 17, op: '*', b: 23 })
      .toolCall('calculator', { a: 391, op: '+', b: 4 })
      .text('{"total": 395}');

    const client = createClient(model, { defaultModel: 'test-model', tools: [calculator] });
    const agent = createReAct(client, { schema: Type.Object({ total: Type.Number() }) });

    const result = await agent.execute('What is 17 * 23 + 4?');
    expect(result.data.total + 1).toBe(396);
    expect(result.iterations).toBe(3);
    expect(result.toolCallStats).toEqual({ calculator: 2 });
    expect(typeof result.costSummary().totalCost).toBe('number');
  });

  it('stop reasons', async () => {
    const model = createFakeProvider().default({
      toolCalls: [
        { id: 'again', type: 'function', function: { name: 'calculator', arguments: '{}' } },
      ],
    });
    const agent = createReAct(createClient(model, { defaultModel: 'test-model' }), {
      maxIterations: 2,
    });

    const logged: unknown[] = [];
    try {
      await agent.execute('Loop forever');
    } catch (error) {
      if (AgentStoppedError.isInstance(error)) {
        const overview = error.overview as ReActStoppedOverview;
        logged.push(error.stopReason, overview.iterations, overview.totalUsage.totalTokens > 0);
      }
    }
    expect(logged).toEqual(['max_iterations', 2, true]);
  });

  it('options: prepareIteration, beforeToolCall, validateFinalAnswer', async () => {
    const search = defineTool({
      name: 'search',
      description: 'Searches the web',
      input: Type.Object({ query: Type.String() }),
      execute: ({ query }) => [`A page about ${query}`],
    });
    const deploy = defineTool({
      name: 'deploy',
      description: 'Deploys to production',
      execute: () => 'deployed',
    });

    const model = createFakeProvider()
      .toolCall('search', { query: 'the answer' })
      .toolCall('deploy', {})
      .text('{"answer": "42", "sources": 0}')
      .text('{"answer": "42", "sources": 1}');
    const client = createClient(model, { defaultModel: 'test-model', tools: [search, deploy] });

    const agent = createReAct(client, {
      schema: Type.Object({ answer: Type.String(), sources: Type.Integer() }),
      // Only search in the first step.
      prepareIteration: ({ iteration }) => (iteration === 1 ? { tools: ['search'] } : undefined),
      // Deploying needs a human.
      beforeToolCall: ({ toolCall }) => {
        if (toolCall.function.name === 'deploy') throw new Error('deploy needs approval');
        return undefined;
      },
      // Insist on a cited answer.
      validateFinalAnswer: ({ data }) =>
        data.sources > 0 ? undefined : 'Cite at least one source.',
    });

    const { data, iterations } = await agent.execute('What is the answer?');
    expect(data).toEqual({ answer: '42', sources: 1 });
    expect(iterations).toBe(4);
    expect(model.requests.map((request) => request.tools?.length)).toEqual([1, 2, 2, 2]);
    expect(model.requests[2]?.messages.at(-1)?.content).toBe(
      '{"ok":false,"error":{"code":"tool_blocked","message":"deploy needs approval"}}',
    );
    expect(model.requests[3]?.messages.at(-1)?.content).toBe('Cite at least one source.');
  });

  it('options: other schema libraries', async () => {
    const add = defineTool({
      name: 'add',
      description: 'Adds two numbers',
      input: z.object({ a: z.number(), b: z.number() }),
      execute: ({ a, b }) => a + b,
    });
    const model = createFakeProvider().toolCall('add', { a: 2, b: 'three' }).text('{"total": 5}');
    const client = createClient(model, { defaultModel: 'test-model', tools: [add] });
    const agent = createReAct(client, {
      schema: z.object({ total: z.number(), unit: z.string().default('none') }),
    });

    const { data } = await agent.execute('2 + 3?');
    expectTypeOf(data).toEqualTypeOf<{ total: number; unit: string }>();
    expect(data).toEqual({ total: 5, unit: 'none' });
    expect(model.requests[1]?.messages.at(-1)?.content).toBe(
      '{"ok":false,"error":{"code":"invalid_arguments","message":"Invalid arguments for add: /b: Invalid input: expected number, received string"}}',
    );
  });

  it('memory', async () => {
    const model = createFakeProvider().text('Nice to meet you, Ada.').text('You are Ada.');
    const agent = createReAct(createClient(model, { defaultModel: 'test-model' }));
    const memory = inMemoryMemory();

    await agent.execute('I am Ada.', { memory });
    const { data } = await agent.execute('Who am I?', { memory });
    expect(data).toBe('You are Ada.');
    expect(memory.size).toBe(4);
  });

  it('streaming', async () => {
    const weather = defineTool({
      name: 'weather',
      description: 'Current temperature in a city',
      input: Type.Object({ city: Type.String() }),
      execute: ({ city }) => ({ city, celsius: 18 }),
    });
    const model = createFakeProvider()
      .toolCall('weather', { city: 'Paris' })
      .text('It is 18 °C in Paris.');
    const agent = createReAct(
      createClient(model, { defaultModel: 'test-model', tools: [weather] }),
    );

    const stream = agent.executeStream('Weather in Paris?');
    const seen: string[] = [];
    for await (const event of stream) {
      if (event.type === 'tool_call') seen.push(`call ${event.toolCall.function.name}`);
      if (event.type === 'tool_result') seen.push(`result ${event.result}`);
      if (event.type === 'final_answer') seen.push(`answer ${event.result}`);
    }
    expect(seen).toEqual([
      'call weather',
      'result {"city":"Paris","celsius":18}',
      'answer It is 18 °C in Paris.',
    ]);
    const overview = await stream.collect();
    expect(overview.iterations).toBe(2);
  });

  it('streaming: the typed answer as it arrives (partial_answer)', async () => {
    const Trip = Type.Object({
      city: Type.String(),
      days: Type.Integer(),
      sights: Type.Array(Type.String()),
    });
    const model = createFakeProvider().text(
      '{"city": "Rome", "days": 3, "sights": ["Forum", "Pantheon"]}',
    );
    const agent = createReAct(createClient(model, { defaultModel: 'test-model' }), {
      schema: Trip,
    });

    const partials: unknown[] = [];
    let sights = 0;
    for await (const event of agent.executeStream('Plan a short trip.')) {
      if (event.type === 'partial_answer') partials.push(event.partial);
      if (event.type === 'final_answer') sights = event.result.sights.length;
    }
    expect(sights).toBe(2);
    expect(partials).toEqual([
      {},
      { city: 'Rome' },
      { city: 'Rome', days: 3 },
      { city: 'Rome', days: 3, sights: ['Forum'] },
      { city: 'Rome', days: 3, sights: ['Forum', 'Pantheon'] },
    ]);
  });

  it('streaming: tool progress', async () => {
    const index = defineTool({
      name: 'index_site',
      description: 'Indexes every page of the site',
      execute: async (_input, ctx) => {
        for (let page = 1; page <= 3; page++) ctx.progress({ progress: page, total: 3 });
        return { pages: 3 };
      },
    });
    const model = createFakeProvider().toolCall('index_site', {}).text('Indexed 3 pages.');
    const agent = createReAct(createClient(model, { defaultModel: 'test-model', tools: [index] }));

    const printed: string[] = [];
    for await (const event of agent.executeStream('Index the site.', { runId: 'index-1' })) {
      if (event.type === 'tool_progress') {
        printed.push(`${event.progress.progress}/${event.progress.total}`);
      }
    }
    expect(printed).toEqual(['1/3', '2/3', '3/3']);
  });

  it('streaming to the web: a run as server-sent events over node:http', async () => {
    const weather = defineTool({
      name: 'weather',
      description: 'Current temperature in a city',
      input: Type.Object({ city: Type.String() }),
      execute: ({ city }) => ({ city, celsius: 18 }),
    });
    const model = createFakeProvider()
      .toolCall('weather', { city: 'Paris' })
      .text('It is 18 °C in Paris.');
    const agent = createReAct(
      createClient(model, { defaultModel: 'test-model', tools: [weather] }),
    );

    const server = createServer(async (_req, res) => {
      const left = new AbortController();
      res.once('close', () => left.abort());
      const stream = agent.executeStream('Weather in Paris?', { signal: left.signal });
      await pipeResponse(toSSEResponse(stream), res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const response = await fetch(`http://127.0.0.1:${port}/`);
    const seen: string[] = [];
    const events = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream());
    for await (const { event } of events) if (seen.at(-1) !== event) seen.push(event ?? '');
    expect(seen.join(' ')).toBe(
      'iteration_start tool_call tool_result iteration_start content usage final_answer',
    );
    server.close();
  });

  it('human in the loop: suspend before the payment, resume with the approval', async () => {
    const provider = createFakeProvider()
      .toolCall('send_money', { to: 'Alice', amount: 20, pin: '4321' })
      .text('Sent 20 EUR to Alice.');
    const sent: unknown[] = [];
    const sendMoney = defineTool({
      name: 'send_money',
      description: 'Sends money to a payee',
      input: Type.Object({ to: Type.String(), amount: Type.Number(), pin: Type.String() }),
      needsApproval: true,
      execute: ({ to, amount }) => {
        sent.push({ to, amount });
        return { sent: amount, to };
      },
    });
    const client = createClient(provider, { defaultModel: 'gpt-4o-mini', tools: [sendMoney] });
    const agent = createReAct(client, {
      approval: { rules: { send_money: { message: 'Send this payment?', redact: ['pin'] } } },
      signingKey: 'a key of at least thirty-two bytes, from a secret store',
      runStore: inMemoryRunStore(),
    });
    const memory = inMemoryMemoryStore().conversation('ada');

    let answer: string | undefined;
    try {
      await agent.execute('Send 20 EUR to Alice, PIN 4321', { memory });
    } catch (error) {
      if (!AgentStoppedError.isInstance(error) || error.stopReason !== 'suspended') throw error;
      const { suspended } = error;
      expect(suspended?.requests[0]).toEqual({
        id: 'call_1',
        type: 'tool_approval',
        message: 'Send this payment?',
        toolCall: {
          id: 'call_1',
          name: 'send_money',
          arguments: '{"to":"Alice","amount":20,"pin":"[REDACTED]"}',
        },
      });
      expect(sent).toEqual([]);
      const result = await agent.resume(
        JSON.parse(JSON.stringify(suspended)),
        { call_1: { approved: true } },
        { memory },
      );
      answer = result.data;
    }
    expect(answer).toBe('Sent 20 EUR to Alice.');
    expect(sent).toEqual([{ to: 'Alice', amount: 20 }]);
  });

  it('steering a run', async () => {
    const trains = defineTool({
      name: 'find_trains',
      description: 'Morning trains to a city',
      input: Type.Object({ to: Type.String() }),
      execute: ({ to }) => ({ to, departures: ['08:05'] }),
    });
    const model = createFakeProvider()
      .toolCalls([
        { name: 'find_trains', args: { to: 'Lisbon' } },
        { name: 'find_trains', args: { to: 'Seville' } },
      ])
      .text('Porto, then: I will look for trains to Porto.');
    const agent = createReAct(createClient(model, { defaultModel: 'test-model', tools: [trains] }));
    const memory = inMemoryMemory();

    const stream = agent.executeStream('A train to Lisbon or Seville?', { memory });
    const seen: string[] = [];
    for await (const event of stream) {
      if (event.type === 'steering_message' || event.type === 'iteration_start') {
        seen.push(event.type);
      }
      if (event.type === 'tool_call' && !seen.includes('queued')) seen.push(stream.steer('Porto!'));
    }
    expect(seen).toEqual(['iteration_start', 'queued', 'steering_message', 'iteration_start']);
    expect((await memory.allMessages()).map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'tool',
      'user',
      'assistant',
    ]);
    expect(stream.steer('Thanks!')).toBe('finished');
  });

  it('guardrails, tool authorization and the principal', async () => {
    const refund = defineTool({
      name: 'refund',
      description: 'Refunds an order',
      input: Type.Object({ order: Type.String() }),
      execute: ({ order }) => ({ refunded: order }),
    });
    const model = createFakeProvider()
      .toolCall('refund', { order: 'A-17' })
      .text('I cannot refund it.');
    const agent = createReAct(
      createClient(model, { defaultModel: 'test-model', tools: [refund] }),
      {
        guardrails: {
          input: [
            {
              name: 'card-number',
              check: ({ text }) => ({ tripwire: /\d{16}/.test(text), reason: 'a card number' }),
            },
          ],
        },
        authorizeTool: (call, ctx) =>
          call.name === 'refund' && !ctx.principal?.roles?.includes('support')
            ? { decision: 'deny', reason: 'only support staff can refund' }
            : 'allow',
      },
    );
    const stopped = await agent.execute('My card is 4111111111111111').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(AgentStoppedError.isInstance(stopped) && stopped.guardrail?.name).toBe('card-number');
    const result = await agent.execute('Refund A-17', {
      principal: { id: 'u-42', roles: ['customer'] },
    });
    expect(result.data).toBe('I cannot refund it.');
    expect(String(model.requests[1]?.messages.at(-1)?.content)).toContain('tool_denied');
  });

  it('step by step', async () => {
    const model = createFakeProvider().text('Hello, Ada.');
    const runs = inMemoryRunStore();
    const agent = createReAct(createClient(model, { defaultModel: 'test-model' }), {
      signingKey: 'a secret of at least thirty-two bytes!!',
      runStore: runs,
    });

    const first = await agent.start('I am Ada.', { runId: 'run-1', memory: null });
    const saved = JSON.stringify(first);
    const step = await agent.step(JSON.parse(saved) as ReActRunState, { memory: null });
    expect(step.outcome).toBe('final');
    if (step.outcome === 'final') expect(step.result.data).toBe('Hello, Ada.');
    expect(await runs.load('run-1')).toBeUndefined();
  });

  it('run state for workflows', async () => {
    const addToCart = defineTool({
      name: 'add_to_cart',
      description: 'Adds an item to the cart',
      input: Type.Object({ item: Type.String() }),
      execute: ({ item }, ctx) => {
        const cart = Array.isArray(ctx.state.cart) ? ctx.state.cart : [];
        ctx.state.cart = [...cart, item];
        return { added: item };
      },
    });
    const model = createFakeProvider().toolCall('add_to_cart', { item: 'tea' }).text('Added tea.');
    const agent = createReAct(
      createClient(model, { defaultModel: 'test-model', tools: [addToCart] }),
      {
        prepareIteration: ({ state }) =>
          Array.isArray(state.cart) ? undefined : { tools: ['add_to_cart'] },
      },
    );

    const result = await agent.execute('Add tea', { state: { user: 'ada' } });
    expect(result.state).toEqual({ user: 'ada', cart: ['tea'] });
  });
});
