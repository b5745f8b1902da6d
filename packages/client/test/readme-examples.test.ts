// The README's offline examples, run as they are written there (imports adjusted to the source tree;
// console output asserted instead of printed).
import {
  ConversationConflictError,
  createToolSet,
  defineTool,
  GuardrailTrippedError,
  imagePart,
  type Provider,
  ProviderError,
  userMessage,
  withContent,
} from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import * as z from 'zod';
import {
  compactToolResults,
  countTokens,
  createClient,
  createStructuredClient,
  InvalidProviderResponseError,
  inMemoryMemory,
  inMemoryMemoryStore,
  parseStringAs,
  slidingWindow,
  summarize,
  toolMessageResult,
} from '../src/index.js';

describe('README examples', () => {
  it('stateless calls', async () => {
    const provider = createFakeProvider().text('Paris.');
    const client = createClient(provider, {
      defaultModel: 'test-model',
      systemPrompt: 'Be brief.',
    });
    const answer = await client.sendMessage('What is the capital of France?');
    expect(answer.content).toBe('Paris.');
    expect(answer.usage?.totalTokens).toBeGreaterThan(0);
  });

  it('conversations with memory', async () => {
    const provider = createFakeProvider().text('Nice to meet you, Ada.').text('Your name is Ada.');
    const memory = inMemoryMemory();
    const client = createClient(provider, { defaultModel: 'test-model', memory });
    await client.sendMessage('My name is Ada.');
    await client.sendMessage('What is my name?');
    expect(provider.lastRequest?.messages.map((m) => m.content)).toEqual([
      'My name is Ada.',
      'Nice to meet you, Ada.',
      'What is my name?',
    ]);
    const saved = JSON.stringify(memory.snapshot());
    const resumed = inMemoryMemory({ snapshot: JSON.parse(saved) });
    expect(resumed.size).toBe(4);
  });

  it('many conversations: inMemoryMemoryStore', async () => {
    const store = inMemoryMemoryStore();
    const provider = createFakeProvider().onRequest((request) => ({
      content: `I was sent ${request.messages.length} messages.`,
    }));
    const client = createClient(provider, { defaultModel: 'test-model' });

    await Promise.all([
      client.sendMessage('Hello', { memory: store.conversation('user-42') }),
      client.sendMessage('Are you there?', { memory: store.conversation('user-42') }),
    ]);
    expect((await store.conversation('user-42').allMessages()).map((m) => m.content)).toEqual([
      'Hello',
      'I was sent 1 messages.',
      'Are you there?',
      'I was sent 3 messages.',
    ]);
    expect((await store.listConversations()).map((c) => [c.id, c.messageCount])).toEqual([
      ['user-42', 4],
    ]);
  });

  it('concurrent turns and conflicts', async () => {
    const store = inMemoryMemoryStore();
    const provider = createFakeProvider().onRequest(async (request, call) => {
      if (call === 0) await store.conversation('c').appendMessage(userMessage('meanwhile'));
      return { content: `seen ${request.messages.length}` };
    });
    const client = createClient(provider, { defaultModel: 'test-model' });

    const error = await client
      .sendMessage('Hi', { memory: store.conversation('c') })
      .catch((e: unknown) => e);
    expect(ConversationConflictError.isInstance(error)).toBe(true);

    const retrying = client.withOptions({ onConflict: 'retry' });
    provider.onRequest(async (request, call) => {
      if (call === 1) await store.conversation('c').appendMessage(userMessage('again'));
      return { content: `seen ${request.messages.length}` };
    });
    const answer = await retrying.sendMessage('Hi', { memory: store.conversation('c') });
    expect(answer.content).toBe('seen 3');
  });

  it('guardrails', async () => {
    const memory = inMemoryMemory();
    const client = createClient(createFakeProvider().text('Hi.'), {
      defaultModel: 'test-model',
      memory,
      guardrails: {
        input: [
          {
            name: 'digits',
            check: ({ text }) => ({ tripwire: /\d/.test(text), reason: 'a number' }),
          },
        ],
        output: [
          { name: 'secrets', check: ({ content }) => ({ tripwire: content.includes('secret') }) },
        ],
      },
    });
    let tripped: string | undefined;
    try {
      await client.sendMessage('Call 555-0100');
    } catch (error) {
      if (GuardrailTrippedError.isInstance(error)) tripped = error.guardrail.name;
    }
    expect(tripped).toBe('digits');
    expect((await client.sendMessage('Hello')).content).toBe('Hi.');
    expect(await memory.allMessages()).toHaveLength(2);
  });

  it('tools', async () => {
    const weather = defineTool({
      name: 'get_weather',
      description: 'Current weather in a city',
      input: Type.Object({ city: Type.String() }),
      metrics: { amount: 0.001, currency: 'USD', accuracy: 0.95 },
      execute: ({ city }) => ({ city, celsius: 18 }),
    });
    const provider = createFakeProvider()
      .toolCall('get_weather', { city: 'Paris' })
      .text('It is 18 °C in Paris.');
    const client = createClient(provider, {
      defaultModel: 'test-model',
      memory: inMemoryMemory(),
      tools: [weather],
    });
    const overview = client.createOverview();
    const first = await client.sendMessage('Weather in Paris?', { overview });
    const results = await client.executeToolCalls(first.toolCalls, { overview, concurrency: 4 });
    const final = await client.continueConversation({ messages: results, overview });
    expect(final.content).toBe('It is 18 °C in Paris.');
    expect(overview.toolCallStats).toEqual({ get_weather: 1 });
    expect(overview.costSummary().totalToolCost).toBeCloseTo(0.001, 9);
    expect(results[0]?.content).toBe('{"city":"Paris","celsius":18}');
  });

  it('tool sets', async () => {
    const clock = defineTool({
      name: 'clock',
      description: 'The time now',
      execute: () => '12:00',
    });
    const tools = createToolSet([clock]);
    const provider = createFakeProvider().text('One tool.').text('Two tools.');
    const client = createClient(provider, { defaultModel: 'test-model', tools });
    await client.sendMessage('Which tools do you have?');
    tools.add(defineTool({ name: 'calendar', description: 'Today', execute: () => 'Monday' }));
    await client.sendMessage('And now?');
    expect(provider.requests.map((request) => request.tools?.length)).toEqual([1, 2]);
    expect(client.tools.names).toEqual(['clock', 'calendar']);
  });

  it('media in tool results, progress', async () => {
    const printed: unknown[] = [];
    const screenshot = defineTool({
      name: 'screenshot',
      description: 'A screenshot of a web page',
      input: Type.Object({ url: Type.String() }),
      execute: ({ url }, ctx) => {
        ctx.progress({ progress: 1, total: 1, message: `loaded ${url}` });
        return withContent({ url }, [imagePart('iVBORw0KGgo=', 'image/png')]);
      },
    });
    const client = createClient(createFakeProvider(), {
      defaultModel: 'test-model',
      tools: [screenshot],
      onToolProgress: ({ progress }) => printed.push(progress.message),
    });
    const call = { name: 'screenshot', arguments: '{"url":"https://example.com"}' };
    const messages = await client.executeToolCalls(
      [{ id: 'c1', type: 'function', function: call }],
      {
        runId: 'run-1',
      },
    );
    for (const message of messages) {
      printed.push(message.content, toolMessageResult(message).output);
    }
    expect(printed).toEqual([
      'loaded https://example.com',
      [
        { type: 'text', text: '{"url":"https://example.com"}' },
        expect.objectContaining({ type: 'image', mimeType: 'image/png' }),
      ],
      '{"url":"https://example.com"}',
    ]);
  });

  it('structured output', async () => {
    const Person = Type.Object({ name: Type.String(), age: Type.Integer({ minimum: 0 }) });
    const provider = createFakeProvider().text(
      'Here you go:\n```json\n{"name": "Ada", age: 36,}\n```',
    );
    const people = createStructuredClient(provider, { schema: Person, defaultModel: 'test-model' });
    const { data } = await people.sendMessage('Invent a person.');
    expect(data.age + 1).toBe(37);
    expect(provider.lastRequest?.responseFormat?.type).toBe('json');
  });

  it('structured output: streaming a typed answer', async () => {
    const Trip = Type.Object({
      city: Type.String(),
      days: Type.Array(Type.Object({ day: Type.Integer(), plan: Type.String() })),
    });
    const provider = createFakeProvider().text(
      '{"city": "Lisbon", "days": [{"day": 1, "plan": "Alfama"}, {"day": 2, "plan": "Belém"}]}',
    );
    const planner = createStructuredClient(provider, { schema: Trip, defaultModel: 'test-model' });

    const stream = await planner.streamMessage('Plan two days in Lisbon.', { elements: 'days' });
    const printed: string[] = [];
    for await (const day of stream.elements) printed.push(`${day.day} ${day.plan}`);
    const { data } = await stream.final;
    expect(printed).toEqual(['1 Alfama', '2 Belém']);
    expect(data.days.length).toBe(2);
  });

  it('structured output with Zod', async () => {
    const Person = z.object({
      name: z.string(),
      born: z.string().transform((year) => Number(year)),
      tags: z.array(z.string()).default([]),
    });
    const provider = createFakeProvider().text('{"name": "Ada", "born": "1815"}');
    const people = createStructuredClient(provider, { schema: Person, defaultModel: 'test-model' });
    const { data } = await people.sendMessage('Invent a person.');
    expectTypeOf(data).toEqualTypeOf<{ name: string; born: number; tags: string[] }>();
    expect([data.born + 1, data.tags]).toEqual([1816, []]);
    expect(people.jsonSchema.required).toEqual(['name', 'born']);
    expect(provider.lastRequest?.responseFormat).toMatchObject({ schema: people.jsonSchema });
  });

  it('parseStringAs', async () => {
    expect(await parseStringAs(' 42\n', Type.Integer())).toBe(42);
    expect(await parseStringAs('The list: [1, 2, 3,] — done', Type.Array(Type.Number()))).toEqual([
      1, 2, 3,
    ]);
  });

  it('streaming', async () => {
    const memory = inMemoryMemory();
    const client = createClient(createFakeProvider().text('Once upon a time…'), {
      defaultModel: 'test-model',
      memory,
    });
    const stream = await client.streamMessage('Tell me a story.');
    let printed = '';
    for await (const event of stream) {
      if (event.type === 'content') printed += event.text;
    }
    expect(printed).toBe('Once upon a time…');
    expect(memory.size).toBe(2);
  });

  it('what a provider returns is checked', async () => {
    const provider = {
      id: 'acme',
      sendMessage: async () => ({ id: 'r1', model: 'acme-1', content: 'Hi', finishReason: 'stop' }),
    } as unknown as Provider;
    const client = createClient(provider, { defaultModel: 'acme-1' });
    let caught: unknown;
    try {
      await client.sendMessage('Hello');
    } catch (error) {
      caught = error;
    }
    expect(InvalidProviderResponseError.isInstance(caught)).toBe(true);
    const error = caught as InvalidProviderResponseError;
    expect([error.provider, error.field]).toEqual(['acme', 'toolCalls']);
    expect(error.message).toMatch(
      /^The provider "acme" returned from sendMessage\(\) a ChatResponse whose toolCalls is undefined: it must be an array of tool calls \(\[\] when the model called no tool\)\. Fix the provider's /,
    );
  });

  it('retries', async () => {
    // The 1.5 s wait is on fake timers; the example's code is as the README has it.
    vi.useFakeTimers();
    try {
      const provider = createFakeProvider()
        .error(
          new ProviderError({
            code: 'rate_limited',
            message: 'Rate limit reached',
            provider: 'fake',
            status: 429,
            retryable: true,
            retryAfterMs: 1_500, // what the provider's Retry-After header said
          }),
        )
        .text('Hello!');
      const client = createClient(provider, { defaultModel: 'test-model' });
      const overview = client.createOverview();

      const call = client.sendMessage('Hi', { overview });
      await vi.advanceTimersByTimeAsync(1_499);
      expect(provider.callCount).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      const answer = await call;
      expect(answer.content).toBe('Hello!');
      expect(provider.callCount).toBe(2);
      expect(overview.attempts).toBe(2);
      expect(overview.callAttempts[0]?.failures).toEqual([
        { attempt: 1, code: 'rate_limited', status: 429, retryAfterMs: 1500, delayMs: 1500 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('context windows', async () => {
    const provider = createFakeProvider().default('ok');
    const withWindow = {
      id: provider.id,
      sendMessage: provider.sendMessage.bind(provider),
      modelLimits: () => ({ contextWindow: 4_000 }),
    };
    const memory = inMemoryMemory();
    for (let turn = 0; turn < 30; turn++) {
      await memory.appendMessages([
        userMessage(`question ${turn} ${'x'.repeat(400)}`),
        userMessage(''),
      ]);
    }
    const client = createClient(withWindow, {
      defaultModel: 'gpt-4o-mini',
      memory,
      context: {
        maxTokens: 0.5,
        strategies: [
          compactToolResults({ maxTokens: 1_000, headTokens: 250 }),
          summarize({ maxSummaryTokens: 500 }),
          slidingWindow(),
        ],
      },
    });
    await client.sendMessage('And now?');
    const sent = provider.requests.at(-1);
    expect(sent?.systemPrompt).toContain('## Summary of the earlier conversation');
    expect((await countTokens(sent as never)).tokens).toBeLessThanOrEqual(2_000);
    expect(memory.size).toBe(62);
  });
});
