import {
  AbortError,
  type AgentEvent,
  AgentStoppedError,
  AigoError,
  type ChatRequest,
  ParseError,
  type Provider,
} from '@aigo/ai';
import { createClient, inMemoryMemory } from '@aigo/client';
import { createFakeProvider, deferred, type FakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { calculator, gatedTool } from '../test/support/helpers.js';
import { createReAct } from './create-react.js';
import type { ReActOverview } from './react-result.js';
import { ReActStream } from './react-stream.js';

const Total = Type.Object({ total: Type.Number() });

/** Every event of a stream, read to the end. */
async function readAll<T>(stream: AsyncIterable<AgentEvent<T>>): Promise<AgentEvent<T>[]> {
  const events: AgentEvent<T>[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** `type:iteration` of each event, runs of the same one merged. */
function shape(events: readonly AgentEvent<unknown>[]): string[] {
  const shapes: string[] = [];
  for (const event of events) {
    const label = `${event.type}:${event.iteration}`;
    if (shapes.at(-1) !== label) shapes.push(label);
  }
  return shapes;
}

function text(events: readonly AgentEvent<unknown>[], type: 'content' | 'reasoning'): string {
  return events.map((event) => (event.type === type ? event.text : '')).join('');
}

/** A two-iteration math run with reasoning and a per-call provider signature. */
function mathScript(): FakeProvider {
  return createFakeProvider()
    .toolCall(
      'calculator',
      { a: 17, op: '*', b: 23 },
      { content: 'Computing.', providerMetadata: { gemini: { thoughtSignature: 'c2ln' } } },
    )
    .text('{"total": 391}', { reasoning: 'The calculator says 391.' });
}

describe('executeStream', () => {
  it('emits the events of a two-iteration run in order', async () => {
    const provider = mathScript();
    const client = createClient(provider, { env: {}, tools: [calculator] });
    const agent = createReAct(client, { schema: Total });

    const events = await readAll(agent.executeStream('17 * 23?'));

    expect(shape(events)).toEqual([
      'iteration_start:1',
      'content:1',
      'tool_call:1',
      'tool_result:1',
      'iteration_start:2',
      'reasoning:2',
      'content:2',
      'partial_answer:2',
      'content:2',
      'partial_answer:2',
      'final_answer:2',
    ]);
    expect(text(events, 'content')).toBe('Computing.{"total": 391}');
    expect(text(events, 'reasoning')).toBe('The calculator says 391.');
    const toolCall = events.find((event) => event.type === 'tool_call');
    expect(toolCall?.type === 'tool_call' && toolCall.toolCall.function).toEqual({
      name: 'calculator',
      arguments: '{"a":17,"op":"*","b":23}',
    });
    const toolResult = events.find((event) => event.type === 'tool_result');
    expect(toolResult).toMatchObject({ result: '{"result":391}', failed: false });
    const final = events.at(-1);
    expect(final?.type).toBe('final_answer');
    if (final?.type === 'final_answer') {
      const total: number = final.result.total; // typed
      expect(total).toBe(391);
      expect(final.content).toBe('{"total": 391}');
    }
    expect(provider.calls.map((call) => call.kind)).toEqual(['stream', 'stream']);
  });

  it('collect() gives what execute gives, and the memory ends up the same', async () => {
    const run = async (streamed: boolean) => {
      const provider = mathScript();
      const memory = inMemoryMemory();
      const client = createClient(provider, {
        env: {},
        tools: [calculator],
        modelCost: { inputCostPerMillion: 1, outputCostPerMillion: 2 },
      });
      const agent = createReAct(client, { schema: Total });
      const result = streamed
        ? await agent.executeStream('17 * 23?', { memory }).collect()
        : await agent.execute('17 * 23?', { memory });
      return { provider, result, stored: await memory.allMessages() };
    };
    const sent = await run(false);
    const streamed = await run(true);

    expect(streamed.result.data).toEqual(sent.result.data);
    expect(streamed.result.stopReason).toBe('final_answer');
    expect(streamed.result.iterations).toBe(sent.result.iterations);
    expect(streamed.result.totalUsage).toEqual(sent.result.totalUsage);
    expect(streamed.result.toolCallStats).toEqual(sent.result.toolCallStats);
    expect(streamed.result.costSummary().totalModelCost).toBeGreaterThan(0);
    expect(streamed.result.costSummary().totalModelCost).toBe(
      sent.result.costSummary().totalModelCost,
    );
    expect(streamed.result.requests).toEqual(sent.result.requests);
    expect(streamed.result.responses).toEqual(sent.result.responses);
    // Reasoning, tool calls with their signatures: the streamed run stores exactly the same.
    expect(streamed.stored).toEqual(sent.stored);
    expect(streamed.stored[1]?.toolCalls?.[0]?.providerMetadata).toEqual({
      gemini: { thoughtSignature: 'c2ln' },
    });
    expect(streamed.stored[3]?.reasoning).toBe('The calculator says 391.');
    expect(streamed.stored).toHaveLength(4);
  });

  it('collect() after the loop resolves to the same run; nothing runs before iteration', async () => {
    const provider = createFakeProvider().text('hello');
    const agent = createReAct(createClient(provider, { env: {} }));
    const stream = agent.executeStream('hi');
    await Promise.resolve();
    expect(provider.callCount).toBe(0);

    const events = await readAll(stream);
    const result = await stream.collect();

    expect(result.data).toBe('hello');
    expect(events.at(-1)).toMatchObject({ type: 'final_answer', result: 'hello' });
    expect(() => stream[Symbol.asyncIterator]()).toThrow(AigoError);
  });

  it('ends with an error event, and collect() rejects with that error (max iterations)', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 1, op: '+', b: 1 })
      .toolCall('calculator', { a: 1, op: '+', b: 2 });
    const client = createClient(provider, { env: {}, tools: [calculator] });
    const stream = createReAct(client, { maxIterations: 2 }).executeStream('loop');

    const events = await readAll(stream);
    const error = await stream.collect().catch((caught: unknown) => caught);

    const last = events.at(-1);
    expect(last?.type).toBe('error');
    expect(last?.iteration).toBe(2);
    expect(last?.type === 'error' && last.error).toBe(error);
    expect(error).toBeInstanceOf(AgentStoppedError);
    const stopped = error as AgentStoppedError<{ totalUsage: { totalTokens: number } }>;
    expect(stopped.stopReason).toBe('max_iterations');
    // Streamed runs record usage too.
    expect(stopped.overview.totalUsage.totalTokens).toBeGreaterThan(0);
  });

  it('streams the JSON-only retry under the same iteration, then fails with ParseError', async () => {
    const provider = createFakeProvider().text('not json').text('still not json');
    const stream = createReAct(createClient(provider, { env: {} }), {
      schema: Total,
    }).executeStream('x');

    const events = await readAll(stream);

    expect(shape(events)).toEqual(['iteration_start:1', 'content:1', 'error:1']);
    expect(text(events, 'content')).toBe('not jsonstill not json');
    await expect(stream.collect()).rejects.toBeInstanceOf(ParseError);
  });

  it('falls back for a provider without streaming: one content event, then the final answer', async () => {
    const fake = createFakeProvider().text('A whole answer at once.');
    const plain: Provider = {
      id: 'plain',
      sendMessage: (request: ChatRequest, options) => fake.sendMessage(request, options),
    };
    const events = await readAll(createReAct(createClient(plain, { env: {} })).executeStream('x'));

    expect(events).toEqual([
      { type: 'iteration_start', iteration: 1 },
      { type: 'content', iteration: 1, text: 'A whole answer at once.' },
      {
        type: 'final_answer',
        iteration: 1,
        content: 'A whole answer at once.',
        result: 'A whole answer at once.',
      },
    ]);
  });

  it('breaking out of the loop cancels the model request; nothing of that turn is stored', async () => {
    const provider = createFakeProvider().text('word '.repeat(200));
    const memory = inMemoryMemory();
    const stream = createReAct(createClient(provider, { env: {} })).executeStream('story', {
      memory,
    });

    for await (const event of stream) {
      if (event.type === 'content') break;
    }
    const error = await stream.collect().catch((caught: unknown) => caught);

    expect(provider.calls[0]?.options?.signal?.aborted).toBe(true);
    expect(error).toBeInstanceOf(AgentStoppedError);
    expect((error as AgentStoppedError).stopReason).toBe('aborted');
    expect(memory.size).toBe(0);
  });

  it('breaking out while tools run cancels them', async () => {
    const gated = gatedTool('slow');
    const provider = createFakeProvider().toolCall('slow', {}).text('never');
    const stream = createReAct(
      createClient(provider, { env: {}, tools: [gated.tool] }),
    ).executeStream('go');

    for await (const event of stream) {
      if (event.type === 'tool_call') {
        await gated.started(1);
        break;
      }
    }

    expect(gated.signals[0]?.aborted).toBe(true);
    await expect(stream.collect()).rejects.toMatchObject({ stopReason: 'aborted' });
    expect(provider.callCount).toBe(1);
  });

  it("aborting the run's signal ends the stream with an aborted error event", async () => {
    const gated = gatedTool('slow');
    const provider = createFakeProvider().toolCall('slow', {}).text('never');
    const controller = new AbortController();
    const stream = createReAct(
      createClient(provider, { env: {}, tools: [gated.tool] }),
    ).executeStream('go', { signal: controller.signal });

    const events: AgentEvent<string>[] = [];
    for await (const event of stream) {
      events.push(event);
      if (event.type === 'tool_call') {
        await gated.started(1);
        controller.abort();
      }
    }

    const last = events.at(-1);
    expect(last?.type).toBe('error');
    expect(last?.type === 'error' && last.error).toMatchObject({ stopReason: 'aborted' });
    expect(gated.signals[0]?.aborted).toBe(true);
  });

  it('ends with an error event when the model stream fails mid-way; nothing of that turn is stored', async () => {
    const provider = createFakeProvider().error(new Error('connection reset'), { afterEvents: 3 });
    const memory = inMemoryMemory();
    const stream = createReAct(createClient(provider, { env: {} })).executeStream('hi', { memory });

    const events = await readAll(stream);

    const last = events.at(-1);
    expect(last?.type).toBe('error');
    expect(last?.type === 'error' && last.error).toMatchObject({ stopReason: 'error' });
    await expect(stream.collect()).rejects.toBeInstanceOf(AgentStoppedError);
    expect(memory.size).toBe(0);
  });

  it('a signal aborted before the run starts ends it at once', async () => {
    const provider = createFakeProvider().text('never');
    const stream = createReAct(createClient(provider, { env: {} })).executeStream('hi', {
      signal: AbortSignal.abort(new Error('user left')),
    });
    const error = await stream.collect().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ stopReason: 'aborted' });
    expect(((error as AgentStoppedError).cause as AbortError).cause).toMatchObject({
      message: 'user left',
    });
    expect(provider.callCount).toBe(0);
  });

  it('cancel() stops a collected run', async () => {
    const gated = gatedTool('slow');
    const provider = createFakeProvider().toolCall('slow', {}).text('never');
    const stream = createReAct(
      createClient(provider, { env: {}, tools: [gated.tool] }),
    ).executeStream('go');
    const outcome = stream.collect();
    await gated.started(1);
    stream.cancel();
    const error = await outcome.catch((caught: unknown) => caught);
    expect(error).toMatchObject({ stopReason: 'aborted' });
    expect((error as AgentStoppedError).cause).toBeInstanceOf(AbortError);
  });
});

describe('ReActStream', () => {
  it('makes the run wait once 64 events are queued, and delivers every event in order', async () => {
    const waits: number[] = [];
    const done = deferred();
    const stream = new ReActStream<string>(async (sink) => {
      for (let index = 0; index < 100; index++) {
        const wait = sink.emit({ type: 'content', iteration: 1, text: `${index}` });
        if (wait !== undefined) {
          waits.push(index);
          await wait;
        }
      }
      done.resolve();
      return { data: 'x' } as unknown as ReActOverview<string>;
    });

    const iterator = stream[Symbol.asyncIterator]();
    await Promise.resolve();
    expect(waits).toEqual([63]); // paused with 64 queued
    const received: string[] = [];
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      if (next.value.type === 'content') received.push(next.value.text);
    }
    await done.promise;
    expect(received).toEqual(Array.from({ length: 100 }, (_, index) => `${index}`));
    expect(waits.length).toBeGreaterThanOrEqual(1);
  });

  it('drops events when only collected, and reports a run that throws synchronously', async () => {
    const ok = new ReActStream<string>(async (sink) => {
      expect(sink.emit({ type: 'iteration_start', iteration: 1 })).toBeUndefined();
      return { data: 'fine' } as unknown as ReActOverview<string>;
    });
    expect((await ok.collect()).data).toBe('fine');

    const failing = new ReActStream<string>(() => {
      throw new Error('boom');
    });
    await expect(failing.collect()).rejects.toThrow('boom');
  });
});
