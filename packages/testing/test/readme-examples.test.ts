// The README's examples, run as they are written there (imports adjusted to the source tree).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userMessage } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import {
  createFakeProvider,
  createRecordingObserver,
  cutAtRandom,
  deferred,
  fixtureRoute,
  loadFixture,
  loadFixtureBytes,
  piecewiseRoute,
  seededRandom,
  startRecordedServer,
  streamFromEvents,
} from '../src/index.js';
import { startRecordingProxy } from '../src/recording/index.js';

describe('README: recorded server', () => {
  it('replays a recorded stream and records what was sent', async () => {
    const server = await startRecordedServer([
      fixtureRoute({ path: '/v1/chat/completions', fixture: 'openai-chat/stream-tool-call.sse' }),
    ]);
    try {
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', stream: true }),
      });
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      expect(await response.text()).toBe(loadFixture('openai-chat/stream-tool-call.sse'));
      expect(server.lastRequest()?.body).toEqual({ model: 'gpt-4o-mini', stream: true });
      expect(server.lastRequest()?.headers.authorization).toBe('Bearer sk-test');
    } finally {
      await server.close();
    }
  });

  it('stalls mid-stream, so a test can check that aborting closes the connection', async () => {
    const server = await startRecordedServer([
      { path: '/stream', sse: 'data: 1\n\ndata: 2\n\n', fault: { kind: 'stall', afterBytes: 9 } },
    ]);
    try {
      const controller = new AbortController();
      const response = await fetch(`${server.url}/stream`, {
        method: 'POST',
        signal: controller.signal,
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let received = '';
      while (received.length < 9) received += new TextDecoder().decode((await reader.read()).value);
      expect(received).toBe('data: 1\n\n'); // and nothing more will come
      const closed = server.waitForSocketsClosed();
      controller.abort();
      await closed; // the client really closed its connection
    } finally {
      await server.close();
    }
  });
});

describe('README: recording a provider once', () => {
  it('answers from the recording once a request was recorded', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'aigo-readme-recording-'));
    const upstream = await startRecordedServer([
      { path: '/v1/chat/completions', body: { answer: 42 } },
    ]);
    try {
      // `upstream` stands in for the real API here; in a real recording it is https://api.openai.com/v1.
      const recorder = await startRecordingProxy({ directory });
      const baseURL = recorder.addUpstream('openai', `${upstream.url}/v1`);
      const first = await fetch(`${baseURL}/chat/completions`, { method: 'POST', body: '{"n":1}' });
      expect(await first.json()).toEqual({ answer: 42 });
      await recorder.close();

      const replay = await startRecordingProxy({ directory, mode: 'replay' });
      const again = await fetch(`${replay.url}/openai/chat/completions`, {
        method: 'POST',
        body: '{ "n": 1 }', // the same JSON: keys and spacing do not matter
      });
      expect(await again.json()).toEqual({ answer: 42 });
      expect(upstream.requests).toHaveLength(1);
      await replay.close();
    } finally {
      await upstream.close();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('README: fake provider', () => {
  it('scripts a tool call, then a streamed answer', async () => {
    const provider = createFakeProvider()
      .toolCall('get_weather', { city: 'Paris' })
      .text('It is sunny in Paris.');
    const request = { model: 'test-model', messages: [userMessage('Weather in Paris?')] };

    const first = await provider.sendMessage(request);
    expect(first.toolCalls).toEqual([
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
    ]);

    const deltas: string[] = [];
    for await (const event of await provider.streamMessage(request)) {
      if (event.type === 'content') deltas.push(event.text);
    }
    expect(deltas).toEqual(['It ', 'is ', 'sunny ', 'in ', 'Paris.']);
    expect(provider.callCount).toBe(2);
  });

  it('fails a stream after two events', async () => {
    const stream = streamFromEvents(
      [
        { type: 'start', id: 'r1', model: 'm' },
        { type: 'content', text: 'Hel' },
        { type: 'content', text: 'lo' },
      ],
      { errorAfter: 2 },
    );
    await expect(stream.collect()).rejects.toMatchObject({
      code: 'stream_error',
      partial: { content: 'Hel' },
    });
  });
});

describe('README: test helpers', () => {
  it('nests the tool span under the agent span, in the same trace', () => {
    const observer = createRecordingObserver();
    const agent = observer.startSpan('invoke_agent', { kind: 'internal' });
    const tool = observer.startSpan('execute_tool calculator', { parent: agent });
    tool.setStatus('ok');
    tool.end();
    expect(observer.spans.map((span) => span.name)).toEqual([
      'invoke_agent',
      'execute_tool calculator',
    ]);
    expect(observer.spans[1]?.parent).toBe(agent);
    expect(observer.spans[1]).toMatchObject({ status: { status: 'ok' }, endCount: 1, ended: true });
    const headers: Record<string, string> = {};
    observer.injectTraceContext(headers, tool); // what an outgoing MCP or A2A request would carry
    const [root, child] = observer.spans;
    expect(headers.traceparent).toBe(`00-${root?.traceId}-${child?.spanId}-01`);
  });

  it('waits until the test says so', async () => {
    const gate = deferred<string>();
    const later = gate.promise.then((value) => value.toUpperCase());
    gate.resolve('done');
    expect(await later).toBe('DONE');
  });

  it('serves a recorded stream cut at random', async () => {
    const body = loadFixtureBytes('gemini/stream-text.sse');
    await using server = await startRecordedServer([
      piecewiseRoute(/:streamGenerateContent$/, cutAtRandom(body, seededRandom(7), 16)),
    ]);
    const url = `${server.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent`;
    const response = await fetch(url, { method: 'POST' });
    expect(await response.text()).toBe(loadFixture('gemini/stream-text.sse'));
  });
});
