// A model stream served to the web over real HTTP: a node:http server on 127.0.0.1 streams
// `client.streamMessage` as server-sent events (toSSEResponse + pipeResponse), from the fake provider
// and from @aigo/openai against the recorded server; the client reads with fetch and a real SSE parser.
import { AbortError, type ChatStream, ProviderError, pipeResponse, toSSEResponse } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { openai } from '@aigo/openai';
import {
  createFakeProvider,
  fixtureRoute,
  loadFixture,
  sseStallPoint,
  startRecordedServer,
} from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { allEvents, contentOf, readEvents, startWebServer } from './support/web-server.js';

const PATH = '/v1/chat/completions';
const API_KEY = 'sk-web-stream-0123456789';

function openaiClient(baseURL: string) {
  return createClient(openai({ baseURL: `${baseURL}/v1`, apiKey: API_KEY, api: 'chat' }), {
    env: {},
    defaultModel: 'gpt-4o-mini',
  });
}

describe('a ChatStream served as server-sent events', () => {
  it('sends the fake provider’s reasoning, text, usage and finish, in order', async () => {
    const usage = { promptTokens: 9, completionTokens: 6, totalTokens: 15 };
    const client = createClient(
      createFakeProvider().text('Once upon a time, a robot.', {
        reasoning: 'Keep it short.',
        usage,
      }),
      { defaultModel: 'test-model' },
    );
    await using server = await startWebServer(async (_req, res) => {
      await pipeResponse(toSSEResponse(await client.streamMessage('A story?')), res);
    });

    const response = await fetch(server.url, { method: 'POST' });
    const events = await allEvents(response);

    expect(response.headers.get('content-type')).toBe('text/event-stream');
    for (const { event, data } of events) expect(data.type).toBe(event);
    expect(events[0]?.event).toBe('start');
    expect(contentOf(events)).toBe('Once upon a time, a robot.');
    const reasoning = events.filter((event) => event.event === 'reasoning');
    expect(reasoning.map((event) => event.data.text).join('')).toBe('Keep it short.');
    expect(events.at(-2)).toEqual({ event: 'usage', data: { type: 'usage', usage } });
    expect(events.at(-1)).toEqual({
      event: 'finish',
      data: { type: 'finish', finishReason: 'stop' },
    });
  });

  it('sends a whole tool call before finish', async () => {
    const client = createClient(
      createFakeProvider().toolCall('get_weather', { city: 'Paris' }, { id: 'call_w' }),
      { defaultModel: 'test-model' },
    );
    await using server = await startWebServer(async (_req, res) => {
      await pipeResponse(toSSEResponse(await client.streamMessage('Weather?')), res);
    });

    const events = await allEvents(await fetch(server.url));

    const names = events.map((event) => event.event);
    expect(names).toContain('tool_call_delta');
    expect(names.slice(-2)).toEqual(['tool_call', 'finish']);
    expect(events.at(-2)?.data.toolCall).toEqual({
      id: 'call_w',
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
    });
  });

  it('turns a mid-stream failure into an error event, then closes', async () => {
    const client = createClient(
      createFakeProvider().error(
        new ProviderError({
          code: 'rate_limited',
          message: 'Slow down, key sk-web-stream-0123456789',
          provider: 'fake',
          retryable: true,
        }),
        { afterEvents: 3, response: { content: 'This will not finish' } },
      ),
      { defaultModel: 'test-model' },
    );
    await using server = await startWebServer(async (_req, res) => {
      await pipeResponse(toSSEResponse(await client.streamMessage('Go')), res);
    });

    const events = await allEvents(await fetch(server.url));

    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { type: 'error', code: 'rate_limited', message: 'The model call failed.' },
    });
    expect(events.filter((event) => event.event === 'finish')).toEqual([]);
    expect(JSON.stringify(events)).not.toContain('sk-web-stream');
    await Promise.all(server.handled);
  });

  it('relays @aigo/openai’s stream from the recorded server: text, usage, finish', async () => {
    await using upstream = await startRecordedServer([
      fixtureRoute({ path: PATH, fixture: 'openai-chat/stream-text-with-usage.sse' }),
    ]);
    const client = openaiClient(upstream.url);
    const direct = await (await client.streamMessage('The capital of the UK?')).collect();
    await using server = await startWebServer(async (_req, res) => {
      await pipeResponse(toSSEResponse(await client.streamMessage('The capital of the UK?')), res);
    });

    const events = await allEvents(await fetch(server.url));

    expect(events[0]?.data).toEqual({ type: 'start', id: direct.id, model: direct.model });
    expect(contentOf(events)).toBe(direct.content);
    expect(events.at(-2)).toEqual({ event: 'usage', data: { type: 'usage', usage: direct.usage } });
    expect(events.at(-1)?.data).toEqual({
      type: 'finish',
      finishReason: direct.finishReason,
      rawFinishReason: direct.rawFinishReason,
    });
    expect(upstream.requests[1]?.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('relays @aigo/openai’s tool call, fragments joined into the tool_call event', async () => {
    await using upstream = await startRecordedServer([
      fixtureRoute({ path: PATH, fixture: 'openai-chat/stream-tool-call.sse' }),
    ]);
    const client = openaiClient(upstream.url);
    const direct = await (await client.streamMessage('Capital of France?')).collect();
    await using server = await startWebServer(async (_req, res) => {
      await pipeResponse(toSSEResponse(await client.streamMessage('Capital of France?')), res);
    });

    const events = await allEvents(await fetch(server.url));

    const calls = events.filter((event) => event.event === 'tool_call');
    expect(calls.map((event) => event.data.toolCall)).toEqual(direct.toolCalls);
    expect(calls).toHaveLength(1);
    expect(events.at(-1)?.data).toEqual({
      type: 'finish',
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
    });
  });

  it('cancels the upstream request when the client disconnects mid-stream', async () => {
    const fixture = 'openai-chat/stream-text-with-usage.sse';
    await using upstream = await startRecordedServer([
      fixtureRoute({
        path: PATH,
        fixture,
        fault: { kind: 'stall', afterBytes: sseStallPoint(loadFixture(fixture)) },
      }),
    ]);
    const client = openaiClient(upstream.url);
    let served: ChatStream | undefined;
    await using server = await startWebServer(async (_req, res) => {
      served = await client.streamMessage('The capital of the UK?');
      await pipeResponse(toSSEResponse(served), res);
    });
    const browser = new AbortController();

    const response = await fetch(server.url, { signal: browser.signal });
    for await (const { event } of readEvents(response)) {
      if (event === 'content') break; // the upstream is stalled mid-answer; the user leaves
    }
    browser.abort();

    await upstream.waitForSocketsClosed();
    expect(upstream.openSockets).toBe(0);
    await Promise.all(server.handled);
    await server.socketsClosed();
    expect(server.openSockets).toBe(0);
    const outcome = await (served as ChatStream).collect().then(
      () => 'finished',
      (error: unknown) => error,
    );
    expect(AbortError.isInstance(outcome)).toBe(true);
  });
});
