// A real run over HTTP on 127.0.0.1 — an OpenAI provider with its key in the Authorization header,
// extra key headers on the call, a tool round trip, a stream and a 401 whose body echoes the key —
// logged at trace level in every format: no line may show the key.
import { defineTool, ProviderError } from '@aigo/ai';
import { createClient, inMemoryMemory, loggingMiddleware } from '@aigo/client';
import { openai } from '@aigo/openai';
import { fixtureRoute, type RecordedServer, startRecordedServer } from '@aigo/testing';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogObserver, type LogFormat } from '../src/index.js';
import { lineSink } from './support/test-scenario.js';

/** A key with a well-known shape, and one with no shape at all (only never writing it keeps it out). */
const KEYS = ['sk-proj-Zk8q2Lw0xYb7Nc4VtR1mHs6D', 'plain-secret-value-4711-zz'];
const PATH = '/v1/chat/completions';

let server: RecordedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function runWithKey(key: string, format: LogFormat): Promise<string[]> {
  server = await startRecordedServer([
    fixtureRoute({ path: PATH, fixture: 'openai-chat/tool-call.json', times: 1 }),
    fixtureRoute({ path: PATH, fixture: 'openai-chat/text.json', times: 1 }),
    fixtureRoute({ path: PATH, fixture: 'openai-chat/stream-text-with-usage.sse', times: 1 }),
    {
      path: PATH,
      status: 401,
      body: {
        error: {
          message: `Incorrect API key provided: ${key}. See https://x.test/keys?key=${key}`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      },
    },
  ]);
  const sink = lineSink();
  const observer = createLogObserver({ format, level: 'trace', output: sink, env: {} });
  const lookup = defineTool({
    name: 'lookup_population',
    description: 'Population of a country',
    input: Type.Object({ country: Type.String() }),
    execute: ({ country }) => ({ country, population: 1200 }),
  });
  await using provider = openai({ apiKey: key, baseURL: `${server.url}/v1` });
  const client = createClient(provider, {
    defaultModel: 'gpt-4o-mini',
    memory: inMemoryMemory(),
    tools: [lookup],
    observer,
    middleware: [loggingMiddleware(observer, 'verbose')],
    env: {},
  });
  const headers = { 'x-api-key': key, 'x-goog-api-key': key };
  const agent = observer.startSpan('invoke_agent', {
    attributes: { 'gen_ai.operation.name': 'invoke_agent' },
  });

  const first = await client.sendMessage('How many people live in Crumpet?', {
    headers,
    span: agent,
  });
  const results = await client.executeToolCalls(first.toolCalls, { span: agent });
  await client.continueConversation({ messages: results, headers, span: agent });
  const stream = await client.streamMessage('And its capital?', { headers, span: agent });
  await stream.collect();
  const failure = await client.sendMessage('Again?', { headers, span: agent }).catch((e) => e);
  expect(failure).toBeInstanceOf(ProviderError);
  agent.end();

  // The key did travel: in the Authorization header of every request.
  expect(server.requests).toHaveLength(4);
  for (const request of server.requests) {
    expect(request.headers.authorization).toBe(`Bearer ${key}`);
    expect(request.headers['x-api-key']).toBe(key);
  }
  return sink.lines;
}

// The first case loads the HTTP stack (undici and the adapters' lazy modules): seconds on a busy machine.
describe('the log observer never writes the provider key', { timeout: 30_000 }, () => {
  for (const key of KEYS) {
    for (const format of ['compact', 'pretty', 'json'] as const) {
      it(`${format}, key ${key.slice(0, 5)}…`, async () => {
        const lines = await runWithKey(key, format);
        const text = lines.join('');
        // The run was logged in full: spans, metrics, the middleware's lines and the failure.
        for (const expected of [
          'Span started',
          'Span ended',
          'Span error',
          'Histogram',
          'chat gpt-4o-mini',
          'execute_tool lookup_population',
          'llm send',
          'invoke_agent',
        ]) {
          expect(text).toContain(expected);
        }
        expect(text).toContain('invalid_api_key');
        expect(text).not.toContain(key);
        expect(text).not.toContain(key.slice(4, -2));
      });
    }
  }

  it('redacts secrets handed to it directly: names, bearer values, key-bearing URLs', () => {
    const key = 'AIzaSyQ0123456789abcdefghijklmnopqrstuv';
    const sink = lineSink();
    const observer = createLogObserver({ format: 'json', level: 'trace', output: sink, env: {} });
    const url = `https://generativelanguage.googleapis.com/v1beta/models/m:generateContent?key=${key}`;
    const span = observer.startSpan(`POST ${url}`, {
      attributes: {
        'http.url': url,
        'http.request.header.authorization': `Bearer ${key}`,
        'http.request.header.x-goog-api-key': key,
        api_key: key,
        'user.note': 'my key is abc',
      },
    });
    span.addEvent('request', { url, headers: [`Authorization: Bearer ${key}`] });
    span.setAttributes({ password: 'hunter22', 'db.url': `postgres://app:${key}@db/app` });
    span.recordError(new Error(`request to ${url} failed`));
    span.setStatus('error', `failed: Bearer ${key}`);
    span.end();
    observer.info(`calling ${url}`, { secret: key });
    observer.counter('calls').add(1, { url });
    observer.histogram('latency').record(1, { authorization: key });
    const text = sink.lines.join('');
    expect(sink.lines).toHaveLength(7);
    expect(text).not.toContain(key);
    expect(text).not.toContain('hunter22');
    expect(text).toContain('[REDACTED]');
    expect(text).toContain('my key is abc');
  });
});
