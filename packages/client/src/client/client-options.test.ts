import { defineTool, ValidationError } from '@aigo/ai';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import type { Middleware } from '../middleware/index.js';
import { createClient } from './client.js';
import type { ClientOptions } from './client-options.js';

const search = defineTool({
  name: 'search',
  description: 'Searches the web',
  input: Type.Object({ query: Type.String() }),
  metrics: {
    amount: 0.002,
    currency: 'USD',
    costDescription: 'per query',
    accuracy: 0.9,
    averageDurationInMillis: 850,
  },
  execute: ({ query }) => ({ results: [query] }),
});
const calculator = defineTool({
  name: 'calculator',
  description: 'Adds numbers',
  input: Type.Object({ a: Type.Number(), b: Type.Number() }),
  metrics: { amount: 0, currency: 'USD', accuracy: 1 },
  execute: ({ a, b }) => a + b,
});

const noEnv = { env: {} };

describe('bad options are ValidationErrors naming the option', () => {
  const provider = createFakeProvider();
  const cases: [string, unknown][] = [
    ['options', 'not an object'],
    ['defaultModel', { defaultModel: 42 }],
    ['memory', { memory: { appendMessages: 1 } }],
    ['systemPrompt', { systemPrompt: ['x'] }],
    ['tools', { tools: 'search' }],
    ['tools[1]', { tools: [search, { ...search, call: search.call }] }],
    ['tools[0].call', { tools: [{ name: 'x', description: {} }] }],
    ['toolChoice', { tools: [search], toolChoice: { name: 'missing' } }],
    ['toolChoice', { tools: [search], toolChoice: 'sometimes' }],
    ['toolChoice', { requiredTools: [search], toolChoice: 'auto' }],
    ['outputSchema', { outputSchema: 'json' }],
    ['enrichSystemPromptWithToolCosts', { enrichSystemPromptWithToolCosts: 'cheap' }],
    ['enrichSystemPromptWithToolDescriptions', { enrichSystemPromptWithToolDescriptions: 'yes' }],
    [
      'modelCost.inputCostPerMillion',
      { modelCost: { inputCostPerMillion: -1, outputCostPerMillion: 1 } },
    ],
    ['computeCost.costPerSecond', { computeCost: { costPerSecond: 'free' } }],
    ['middleware', { middleware: {} }],
    ['middleware[0].name', { middleware: [{ send: async () => ({}) }] }],
    ['observer', { observer: {} }],
    ['persistAssistantReplies', { persistAssistantReplies: 'no' }],
    ['toolConcurrency', { toolConcurrency: 0 }],
    ['temperature', { temperature: Number.NaN }],
    ['topP', { topP: 1.5 }],
    ['maxOutputTokens', { maxOutputTokens: 10.5 }],
    ['stop', { stop: ['', 'x'] }],
    ['seed', { seed: 0.5 }],
    ['reasoning.effort', { reasoning: { effort: 'extreme' } }],
    ['reasoning.budgetTokens', { reasoning: { budgetTokens: -2 } }],
    ['beforeToolCall', { beforeToolCall: 'skip' }],
    ['temprature', { temprature: 0.2 }],
  ];
  for (const [argument, options] of cases) {
    it(`${argument}: ${JSON.stringify(options)}`, () => {
      let error: unknown;
      try {
        createClient(provider, options as ClientOptions);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).argument).toBe(argument);
    });
  }

  it('a provider that is not one', () => {
    expect(() => createClient({} as never)).toThrow(
      expect.objectContaining({ argument: 'provider' }),
    );
  });
});

describe('environment fallbacks', () => {
  it('fill only what the options leave unset', () => {
    const env = {
      AIGO_DEFAULT_LLM_MODEL: 'env-model',
      AIGO_MODEL_INPUT_COST_PER_MILLION: '0.15',
      AIGO_MODEL_OUTPUT_COST_PER_MILLION: '0.6',
      AIGO_MODEL_CACHED_COST_PER_MILLION: '0.075',
      AIGO_COMPUTE_COST_PER_SECOND: '0.0001',
    };
    const fromEnv = createClient(createFakeProvider(), { env });
    expect(fromEnv.defaultModel).toBe('env-model');
    expect(fromEnv.modelCost).toEqual({
      inputCostPerMillion: 0.15,
      outputCostPerMillion: 0.6,
      cachedInputCostPerMillion: 0.075,
    });
    expect(fromEnv.computeCost).toEqual({ costPerSecond: 0.0001 });

    const explicit = createClient(createFakeProvider(), {
      env,
      defaultModel: 'mine',
      modelCost: { inputCostPerMillion: 1, outputCostPerMillion: 2 },
      computeCost: { costPerSecond: 0 },
    });
    expect(explicit.defaultModel).toBe('mine');
    expect(explicit.modelCost).toEqual({ inputCostPerMillion: 1, outputCostPerMillion: 2 });
    expect(explicit.computeCost).toEqual({ costPerSecond: 0 });
  });

  it('a malformed or half-set price is an error naming the variable', () => {
    expect(() =>
      createClient(createFakeProvider(), {
        env: {
          AIGO_MODEL_INPUT_COST_PER_MILLION: 'cheap',
          AIGO_MODEL_OUTPUT_COST_PER_MILLION: '1',
        },
      }),
    ).toThrow(expect.objectContaining({ argument: 'AIGO_MODEL_INPUT_COST_PER_MILLION' }));
    expect(() =>
      createClient(createFakeProvider(), { env: { AIGO_MODEL_INPUT_COST_PER_MILLION: '1' } }),
    ).toThrow(expect.objectContaining({ argument: 'AIGO_MODEL_OUTPUT_COST_PER_MILLION' }));
    // An explicit option means the environment is not read at all.
    expect(
      createClient(createFakeProvider(), {
        env: { AIGO_MODEL_INPUT_COST_PER_MILLION: 'cheap' },
        modelCost: { inputCostPerMillion: 1, outputCostPerMillion: 1 },
      }).modelCost,
    ).toEqual({ inputCostPerMillion: 1, outputCostPerMillion: 1 });
  });

  it('reads process.env by default', () => {
    const previous = process.env.AIGO_DEFAULT_LLM_MODEL;
    process.env.AIGO_DEFAULT_LLM_MODEL = 'from-process';
    try {
      expect(createClient(createFakeProvider()).defaultModel).toBe('from-process');
    } finally {
      if (previous === undefined) delete process.env.AIGO_DEFAULT_LLM_MODEL;
      else process.env.AIGO_DEFAULT_LLM_MODEL = previous;
    }
  });
});

describe('requests', () => {
  it('carry the generation defaults, with per-call overrides and 0 kept as a value', async () => {
    const provider = createFakeProvider().default('ok');
    const client = createClient(provider, {
      ...noEnv,
      defaultModel: 'm1',
      temperature: 0,
      maxOutputTokens: 100,
      reasoning: { effort: 'low' },
      stop: ['END'],
      providerOptions: { fake: { x: 1 } },
    });
    await client.sendMessage('q');
    expect(provider.lastRequest).toEqual({
      model: 'm1',
      messages: [{ role: 'user', content: 'q' }],
      temperature: 0,
      maxOutputTokens: 100,
      reasoning: { effort: 'low' },
      stop: ['END'],
      providerOptions: { fake: { x: 1 } },
    });
    await client.sendMessage('q', { model: 'm2', temperature: 0.7, topP: 0.9, seed: 7 });
    expect(provider.lastRequest).toMatchObject({
      model: 'm2',
      temperature: 0.7,
      topP: 0.9,
      seed: 7,
    });
  });

  it('pass signal, headers, span and timeout to the provider', async () => {
    const provider = createFakeProvider().default('ok');
    const controller = new AbortController();
    const span = createRecordingObserver().startSpan('parent');
    await createClient(provider, noEnv).sendMessage('q', {
      signal: controller.signal,
      headers: { 'x-trace': '1' },
      span,
      timeoutMs: 500,
    });
    expect(provider.calls.at(-1)?.options).toEqual({
      signal: controller.signal,
      headers: { 'x-trace': '1' },
      span,
      timeoutMs: 500,
    });
  });

  it('send an output schema as a JSON response format, per client or per call', async () => {
    const provider = createFakeProvider().default('{}');
    const schema = Type.Object({ a: Type.String() });
    const client = createClient(provider, { ...noEnv, outputSchema: schema });
    await client.sendMessage('q');
    expect(provider.lastRequest?.responseFormat).toEqual({
      type: 'json',
      schema,
      name: 'response',
    });
    await client.sendMessage('q', { responseFormat: { type: 'text' } });
    expect(provider.lastRequest?.responseFormat).toEqual({ type: 'text' });
  });

  it('send the tools, and required tools as a forced tool choice', async () => {
    const provider = createFakeProvider().default('ok');
    await createClient(provider, {
      ...noEnv,
      tools: [search],
      requiredTools: [calculator],
    }).sendMessage('q');
    expect(provider.lastRequest?.tools).toEqual([search.description, calculator.description]);
    expect(provider.lastRequest?.toolChoice).toEqual({ name: 'calculator' });

    // A tool listed in both is sent once; several required tools force any tool call.
    await createClient(provider, {
      ...noEnv,
      tools: [search],
      requiredTools: [search, calculator],
    }).sendMessage('q');
    expect(provider.lastRequest?.tools).toHaveLength(2);
    expect(provider.lastRequest?.toolChoice).toBe('required');

    const client = createClient(provider, {
      ...noEnv,
      tools: [search],
      toolChoice: { name: 'SEARCH' },
    });
    await client.sendMessage('q');
    expect(provider.lastRequest?.toolChoice).toEqual({ name: 'search' });
    await client.sendMessage('q', { toolChoice: 'none' });
    expect(provider.lastRequest?.toolChoice).toBe('none');
  });

  it('add provider tools after the function tools', async () => {
    const provider = createFakeProvider().default('ok');
    const googleSearch = { type: 'provider' as const, id: 'gemini.google_search' };
    await createClient(provider, {
      ...noEnv,
      tools: [search],
      providerTools: [googleSearch],
    }).sendMessage('q');
    expect(provider.lastRequest?.tools).toEqual([search.description, googleSearch]);
  });
});

describe('system prompt enrichment', () => {
  it('lists the tools with their schemas after the prompt', () => {
    const client = createClient(createFakeProvider(), {
      ...noEnv,
      systemPrompt: 'You help.',
      tools: [search],
      enrichSystemPromptWithToolDescriptions: true,
    });
    expect(client.systemPrompt).toBe(
      [
        'You help.',
        '',
        '## Available Tools',
        '',
        'You can use the following tools when they help you answer.',
        '',
        '1. **search**',
        '   - Description: Searches the web',
        `   - Parameters: ${JSON.stringify(search.description.parameters)}`,
        '',
        'Call a tool through function calling when you need it; the system runs it and returns the result for your final answer.',
      ].join('\n'),
    );
  });

  it('adds costs, metrics and the guidance of each of the six strategies', () => {
    const guidance: Record<string, RegExp> = {
      cost: /Keep the total cost of your work low/,
      accuracy: /Prioritise accurate results/,
      speed: /Keep the latency of your work low/,
      balanced: /Weigh cost, accuracy and speed/,
      cost_effective: /accuracy per unit of cost/,
      quality: /best possible answer/,
    };
    for (const [strategy, intro] of Object.entries(guidance)) {
      const prompt =
        createClient(createFakeProvider(), {
          ...noEnv,
          tools: [search, calculator],
          enrichSystemPromptWithToolCosts: strategy as 'cost',
        }).systemPrompt ?? '';
      expect(prompt).toMatch(intro);
      expect(prompt).toContain('   - Cost: 0.002000 USD (per query)');
      expect(prompt).toContain('   - Metrics: Accuracy: 90.0%, Avg Duration: 850ms');
      expect(prompt).toContain('   - Metrics: Accuracy: 100.0%');
      if (strategy === 'cost_effective') {
        expect(prompt).toContain('   - Cost-Effectiveness Score: 450.00');
        expect(prompt).toContain('   - Cost-Effectiveness Score: free (best)');
      } else {
        expect(prompt).not.toContain('Cost-Effectiveness');
      }
    }
  });

  it('keeps the tools section under an ephemeral prompt (the Go client dropped it)', async () => {
    const provider = createFakeProvider().default('ok');
    const client = createClient(provider, {
      ...noEnv,
      systemPrompt: 'Base.',
      tools: [search],
      enrichSystemPromptWithToolDescriptions: true,
    });
    await client.sendMessage('q', { ephemeralSystemPrompt: 'Just this once.' });
    const prompt = provider.lastRequest?.systemPrompt ?? '';
    expect(prompt.startsWith('Just this once.\n\n## Available Tools')).toBe(true);
    expect(prompt).not.toContain('Base.');
  });

  it('is off without tools or without the option', () => {
    expect(
      createClient(createFakeProvider(), { ...noEnv, enrichSystemPromptWithToolDescriptions: true })
        .systemPrompt,
    ).toBeUndefined();
    expect(
      createClient(createFakeProvider(), { ...noEnv, tools: [search] }).systemPrompt,
    ).toBeUndefined();
  });
});

describe('immutability', () => {
  it('the client is frozen and withOptions makes a new one', async () => {
    const provider = createFakeProvider().default('ok');
    const client = createClient(provider, { ...noEnv, systemPrompt: 'A' });
    expect(Object.isFrozen(client)).toBe(true);
    expect(Object.isFrozen(client.options)).toBe(true);
    const derived = client.withOptions({ systemPrompt: 'B', temperature: 0.1 });
    expect(derived.systemPrompt).toBe('B');
    expect(client.systemPrompt).toBe('A');
    await derived.sendMessage('q');
    expect(provider.lastRequest).toMatchObject({ systemPrompt: 'B', temperature: 0.1 });
  });

  it('a derived client shares the turn serialisation of its parent', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const provider = createFakeProvider().onRequest(async (_request, index) => {
      if (index === 0) await gate;
      return { content: `a${index}` };
    });
    const memory = inMemoryMemory();
    const client = createClient(provider, { ...noEnv, memory });
    const first = client.sendMessage('one');
    const second = client.withOptions({ temperature: 0 }).sendMessage('two');
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(provider.callCount).toBe(1);
    release();
    await Promise.all([first, second]);
    expect((await memory.allMessages()).map((message) => message.content)).toEqual([
      'one',
      'a0',
      'two',
      'a1',
    ]);
  });
});

describe('overview and observer', () => {
  it('records sends and streams (with the stream usage) into the overview given', async () => {
    const usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15 };
    const provider = createFakeProvider().text('a', { usage }).text('b', { usage });
    const client = createClient(provider, {
      ...noEnv,
      modelCost: { inputCostPerMillion: 1_000_000, outputCostPerMillion: 2_000_000 },
    });
    const overview = client.createOverview();
    await client.sendMessage('q', { overview });
    const stream = await client.streamMessage('q', { overview });
    await stream.collect();
    expect(overview.requests).toHaveLength(2);
    expect(overview.responses.map((response) => response.content)).toEqual(['a', 'b']);
    expect(overview.totalUsage).toEqual({
      promptTokens: 20,
      completionTokens: 10,
      totalTokens: 30,
    });
    expect(overview.costSummary().totalModelCost).toBeCloseTo(20 + 20, 9);
  });

  it('puts the observability middleware outermost, its span under the call span', async () => {
    const observer = createRecordingObserver();
    const order: string[] = [];
    const tracer: Middleware = {
      name: 'tracer',
      send: async (request, options, next) => {
        order.push(
          `tracer sees span ${String((options.span as { name?: string } | undefined)?.name)}`,
        );
        return next(request, options);
      },
    };
    const provider = createFakeProvider().default('ok');
    const client = createClient(provider, {
      ...noEnv,
      defaultModel: 'm',
      observer,
      middleware: [tracer],
    });
    const parent = observer.startSpan('invoke_agent');
    await client.sendMessage('q', { span: parent });
    const chat = observer.spans.find((span) => span.name === 'chat m');
    expect(chat?.options?.parent).toBe(parent);
    expect(chat?.ended).toBe(true);
    expect(order).toEqual(['tracer sees span chat m']);
    expect(provider.calls.at(-1)?.options?.span).toBe(chat);
  });
});
