// A Hono app returning the Response of toSSEResponse / toTextResponse directly, served with
// @hono/node-server on 127.0.0.1 and read with fetch and a real SSE parser.
import type { AddressInfo } from 'node:net';
import { defineTool, toSSEResponse, toTextResponse } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { openai } from '@aigo/openai';
import {
  createFakeProvider,
  fixtureRoute,
  loadFixture,
  sseStallPoint,
  startRecordedServer,
} from '@aigo/testing';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createReAct } from '../src/create-react.js';
import { allEvents, contentOf, readEvents } from './support/web-server.js';

/** Serves `app` on 127.0.0.1 with @hono/node-server; disposing closes it. */
async function serveHono(app: Hono) {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async [Symbol.asyncDispose]() {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('Hono route handlers', () => {
  it('return toSSEResponse as is: the events reach the client', async () => {
    const client = createClient(createFakeProvider().text('Hello from Hono.'), {
      defaultModel: 'test-model',
    });
    const app = new Hono();
    app.post('/chat', async (c) => {
      const { prompt } = await c.req.json<{ prompt: string }>();
      return toSSEResponse(await client.streamMessage(prompt, { signal: c.req.raw.signal }));
    });
    await using server = await serveHono(app);

    const response = await fetch(`${server.url}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hi' }),
    });
    const events = await allEvents(response);

    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(contentOf(events)).toBe('Hello from Hono.');
    expect(events.at(-1)?.event).toBe('finish');
  });

  it("return toTextResponse of an agent run: the answer's text", async () => {
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
    const app = new Hono();
    app.get('/weather', (c) =>
      toTextResponse(agent.executeStream('Weather in Paris?', { signal: c.req.raw.signal })),
    );
    await using server = await serveHono(app);

    const response = await fetch(`${server.url}/weather`);

    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe('It is 18 °C in Paris.');
  });

  it('cancel the upstream request when the client disconnects mid-stream', async () => {
    const fixture = 'openai-chat/stream-text-with-usage.sse';
    await using upstream = await startRecordedServer([
      fixtureRoute({
        path: '/v1/chat/completions',
        fixture,
        fault: { kind: 'stall', afterBytes: sseStallPoint(loadFixture(fixture)) },
      }),
    ]);
    const client = createClient(
      openai({ baseURL: `${upstream.url}/v1`, apiKey: 'sk-hono-0123456789', api: 'chat' }),
      { env: {}, defaultModel: 'gpt-4o-mini' },
    );
    const app = new Hono();
    // No request signal here: what stops the upstream call is the adapter cancelling the body.
    app.get('/chat', async () =>
      toSSEResponse(await client.streamMessage('The capital of the UK?')),
    );
    await using server = await serveHono(app);
    const browser = new AbortController();

    const response = await fetch(`${server.url}/chat`, { signal: browser.signal });
    for await (const { event } of readEvents(response)) if (event === 'content') break;
    browser.abort();

    await upstream.waitForSocketsClosed();
    expect(upstream.openSockets).toBe(0);
  });
});
