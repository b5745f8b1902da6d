import { defineTool, ValidationError } from '@aigo/ai';
import { createClient, createStructuredClient } from '@aigo/client';
import { createGraph } from '@aigo/graph';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { failedRunOf } from './failed-runs.js';
import { RunContext } from './run-context.js';
import { task } from './task.js';

const PRICE = { inputCostPerMillion: 1, outputCostPerMillion: 2 };
const context = (runId = 'e/c/1') =>
  new RunContext(new AbortController().signal, runId, 'c', 1, undefined);

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a word up.',
  input: Type.Object({ word: Type.String() }),
  execute: async ({ word }) => ({ word, meaning: 'a greeting' }),
});

describe('task', () => {
  it('runs an agent streamed: typed data, tool calls with results, usage and cost, its own memory and run id', async () => {
    const provider = createFakeProvider()
      .toolCall('lookup', { word: 'ciao' })
      .text('{"meaning":"a greeting"}');
    const client = createClient(provider, {
      env: {},
      defaultModel: 'm',
      modelCost: PRICE,
      tools: [lookup],
    });
    const agent = createReAct(client, {
      schema: Type.Object({ meaning: Type.String() }),
      name: 'dictionary',
    });
    const made = task(agent, { output: (data) => data.meaning });
    expect(made).toMatchObject({ kind: 'agent', name: 'dictionary' });
    const runContext = context('dict/c/1');
    const run = await made.run('What does ciao mean?', runContext);
    expect(run.output).toBe('a greeting');
    expect(run.toolCalls).toEqual([
      {
        name: 'lookup',
        arguments: { word: 'ciao' },
        result: '{"word":"ciao","meaning":"a greeting"}',
        failed: false,
      },
    ]);
    expect(run.usage?.totalTokens).toBeGreaterThan(0);
    expect(run.cost?.totalCost).toBeGreaterThan(0);
    expect((await runContext.memory.allMessages()).length).toBe(4);
  });

  it('keeps what a failed agent run did, on the error it failed with', async () => {
    const provider = createFakeProvider()
      .toolCall('lookup', { word: 'x' })
      .error(new Error('model down'));
    const client = createClient(provider, {
      env: {},
      defaultModel: 'm',
      modelCost: PRICE,
      tools: [lookup],
      maxRetries: 0,
    });
    const made = task(createReAct(client));
    const failure = await made.run('x', context()).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeDefined();
    const details = failedRunOf(failure);
    expect(details?.toolCalls.map((call) => call.name)).toEqual(['lookup']);
    expect(details?.cost?.totalCost).toBeGreaterThan(0);
  });

  it('sends each case through a client (the answer text) or a structured client (its data)', async () => {
    const provider = createFakeProvider().text('Hello!').text('{"n": 3}');
    const client = createClient(provider, { env: {}, defaultModel: 'small', modelCost: PRICE });
    const plain = task(client, { input: (input: { text: string }) => input.text });
    expect(plain).toMatchObject({ kind: 'client', name: 'small' });
    const run = await plain.run({ text: 'Hi' }, context());
    expect(run).toMatchObject({ output: 'Hello!', toolCalls: [] });
    expect(run.cost?.byModel.small?.requests).toBe(1);
    expect(provider.requests[0]?.messages).toHaveLength(1);

    const structured = createStructuredClient(provider, {
      env: {},
      defaultModel: 'small',
      schema: Type.Object({ n: Type.Number() }),
    });
    const typed = task(structured);
    expect(typed.kind).toBe('structured-client');
    expect((await typed.run({ ask: 3 }, context())).output).toEqual({ n: 3 });
    expect(provider.requests[1]?.messages[0]?.content).toBe('{"ask":3}');
  });

  it('executes a graph with the case input as its state and the run id as its execution id', async () => {
    const seen: string[] = [];
    const graph = createGraph<number>('double', { name: 'doubler' }).addNode(
      'double',
      async (input) => {
        seen.push(input.attemptKey);
        return ((await input.sharedState.get('value')) as number) * 2;
      },
    );
    const made = task(graph);
    expect(made).toMatchObject({ kind: 'graph', name: 'doubler' });
    expect((await made.run({ value: 21 }, context('g/c/1'))).output).toBe(42);
    expect(seen).toEqual(['g/c/1/double']);
    expect(
      (await task(graph, { input: (n: number) => ({ value: n }) }).run(5, context())).output,
    ).toBe(10);
  });

  it('calls a function with the input and the context; what it reports goes into the run', async () => {
    const made = task(function shout(text: string, ctx) {
      ctx.report({ toolCalls: [{ name: 'upper', arguments: {} }] });
      return text.toUpperCase();
    });
    expect(made).toMatchObject({ kind: 'function', name: 'shout' });
    expect(await made.run('hi', context())).toMatchObject({
      output: 'HI',
      toolCalls: [{ name: 'upper' }],
    });
    expect(task((x: number) => x, { name: 'identity' }).name).toBe('identity');
  });

  it('refuses what it cannot run, and bad options', () => {
    expect(() => task(42 as never)).toThrow(ValidationError);
    expect(() => task({ run: 1 } as never)).toThrow(/must be an agent/);
    expect(() => task((x: number) => x, { model: 'm' } as never)).toThrow(/options\.model/);
    expect(() => task((x: number) => x, { name: '' })).toThrow(/options\.name/);
    expect(() => task((x: number) => x, { input: 1 } as never)).toThrow(/options\.input/);
    expect(() => task((x: number) => x, { output: 1 } as never)).toThrow(/options\.output/);
  });
});
