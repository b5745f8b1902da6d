// An agent run served to the web over real HTTP: a node:http server on 127.0.0.1 streams
// `agent.executeStream` as server-sent events (toSSEResponse + pipeResponse), over the fake provider
// and over @aigo/openai against the recorded server; the client reads with fetch and a real SSE parser.
import {
  AbortError,
  AgentStoppedError,
  defineTool,
  pipeResponse,
  toSSEResponse,
  type Usage,
} from '@aigo/ai';
import { createClient } from '@aigo/client';
import { openai } from '@aigo/openai';
import { createFakeProvider, deferred, fixtureRoute, startRecordedServer } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createReAct } from '../src/create-react.js';
import { allEvents, contentOf, readEvents, startWebServer } from './support/web-server.js';

const weather = defineTool({
  name: 'weather',
  description: 'Current temperature in a city',
  input: Type.Object({ city: Type.String() }),
  execute: ({ city }) => ({ city, celsius: 18 }),
});

describe('an agent run served as server-sent events', () => {
  it('sends tool calls, tool results, text and partial answers, then the run usage and final_answer last', async () => {
    const model = createFakeProvider()
      .toolCall('weather', { city: 'Paris' }, { id: 'call_p' })
      .text('{"celsius": 18}');
    const agent = createReAct(
      createClient(model, { defaultModel: 'test-model', tools: [weather] }),
      {
        schema: Type.Object({ celsius: Type.Number() }),
      },
    );
    let totalUsage: Usage | undefined;
    await using server = await startWebServer(async (_req, res) => {
      const stream = agent.executeStream('Weather in Paris?');
      await pipeResponse(toSSEResponse(stream), res);
      totalUsage = (await stream.collect()).totalUsage;
    });

    const events = await allEvents(await fetch(server.url));
    await Promise.all(server.handled);

    for (const { event, data } of events) expect(data.type).toBe(event);
    expect(events.map((event) => event.event).filter((name) => name !== 'content')).toEqual([
      'iteration_start',
      'tool_call',
      'tool_result',
      'iteration_start',
      'partial_answer',
      'partial_answer',
      'usage',
      'final_answer',
    ]);
    // The typed answer as it streamed: the whole answer so far in each.
    expect(
      events.filter((event) => event.event === 'partial_answer').map((event) => event.data),
    ).toEqual([
      { type: 'partial_answer', iteration: 2, partial: {} },
      { type: 'partial_answer', iteration: 2, partial: { celsius: 18 } },
    ]);
    const call = {
      id: 'call_p',
      type: 'function',
      function: { name: 'weather', arguments: '{"city":"Paris"}' },
    };
    expect(events[1]?.data).toEqual({ type: 'tool_call', iteration: 1, toolCall: call });
    expect(events[2]?.data).toEqual({
      type: 'tool_result',
      iteration: 1,
      toolCall: call,
      result: '{"city":"Paris","celsius":18}',
      failed: false,
    });
    expect(contentOf(events)).toBe('{"celsius": 18}');
    expect(events.at(-2)?.data).toEqual({ type: 'usage', usage: totalUsage });
    expect(events.at(-1)?.data).toEqual({
      type: 'final_answer',
      iteration: 2,
      content: '{"celsius": 18}',
      result: { celsius: 18 },
    });
  });

  it('runs over @aigo/openai against the recorded server', async () => {
    const countries: string[] = [];
    const getCapital = defineTool({
      name: 'get_capital',
      description: 'The capital of a country',
      input: Type.Object({ country: Type.String() }),
      execute: ({ country }) => {
        countries.push(country);
        return { capital: 'Paris' };
      },
    });
    await using upstream = await startRecordedServer([
      fixtureRoute({
        path: '/v1/chat/completions',
        fixture: 'openai-chat/stream-tool-call.sse',
        times: 1,
      }),
      fixtureRoute({
        path: '/v1/chat/completions',
        fixture: 'openai-chat/stream-text-with-usage.sse',
        times: 1,
      }),
    ]);
    const client = createClient(
      openai({ baseURL: `${upstream.url}/v1`, apiKey: 'sk-agent-web-0123456789', api: 'chat' }),
      { env: {}, defaultModel: 'gpt-4o-mini', tools: [getCapital] },
    );
    let totalUsage: Usage | undefined;
    await using server = await startWebServer(async (_req, res) => {
      const stream = createReAct(client).executeStream('Capital of France?');
      await pipeResponse(toSSEResponse(stream), res);
      totalUsage = (await stream.collect()).totalUsage;
    });

    const events = await allEvents(await fetch(server.url));
    await Promise.all(server.handled);

    expect(countries).toHaveLength(1);
    const toolCall = events.find((event) => event.event === 'tool_call')?.data.toolCall;
    expect(toolCall).toMatchObject({ function: { name: 'get_capital' } });
    const answer = events.at(-1)?.data;
    expect(answer).toMatchObject({ type: 'final_answer', iteration: 2 });
    expect(contentOf(events)).toBe(answer?.content);
    expect(events.at(-2)?.data).toEqual({ type: 'usage', usage: totalUsage });
    expect(upstream.requests).toHaveLength(2);
  });

  it('sends an error event with the stop reason when the run stops, then closes', async () => {
    const model = createFakeProvider().default({
      toolCalls: [
        {
          id: 'again',
          type: 'function',
          function: { name: 'weather', arguments: '{"city":"Rome"}' },
        },
      ],
    });
    const agent = createReAct(
      createClient(model, { defaultModel: 'test-model', tools: [weather] }),
      {
        maxIterations: 1,
      },
    );
    await using server = await startWebServer(async (_req, res) => {
      await pipeResponse(toSSEResponse(agent.executeStream('Loop')), res);
    });

    const events = await allEvents(await fetch(server.url));

    expect(events.at(-1)).toEqual({
      event: 'error',
      data: {
        type: 'error',
        code: 'agent_stopped',
        message: 'The agent run failed.',
        stopReason: 'max_iterations',
        iteration: 1,
      },
    });
  });

  it('aborts the run, and the running tool, when the client disconnects', async () => {
    const toolStarted = deferred();
    const toolAborted = deferred<unknown>();
    const slowSearch = defineTool({
      name: 'slow_search',
      description: 'Searches for a long time',
      input: Type.Object({ query: Type.String() }),
      execute: (_input, { signal }) =>
        new Promise<never>((_resolve, reject) => {
          signal.addEventListener(
            'abort',
            () => {
              toolAborted.resolve(signal.reason);
              reject(signal.reason);
            },
            { once: true },
          );
          toolStarted.resolve();
        }),
    });
    const model = createFakeProvider().toolCall('slow_search', { query: 'everything' });
    const agent = createReAct(
      createClient(model, { defaultModel: 'test-model', tools: [slowSearch] }),
    );
    let outcome: unknown;
    await using server = await startWebServer(async (_req, res) => {
      const stream = agent.executeStream('Search everything');
      await pipeResponse(toSSEResponse(stream), res);
      outcome = await stream.collect().catch((error: unknown) => error);
    });
    const browser = new AbortController();

    const response = await fetch(server.url, { signal: browser.signal });
    for await (const { event } of readEvents(response)) if (event === 'tool_call') break;
    await toolStarted.promise;
    browser.abort();

    expect(AbortError.isInstance(await toolAborted.promise)).toBe(true);
    await Promise.all(server.handled);
    expect(AgentStoppedError.isInstance(outcome)).toBe(true);
    expect((outcome as AgentStoppedError).stopReason).toBe('aborted');
    await server.socketsClosed();
    expect(server.openSockets).toBe(0);
  });
});
