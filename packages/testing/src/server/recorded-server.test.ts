import { readFileSync } from 'node:fs';
import { ValidationError } from '@aigo/ai';
import { afterEach, describe, expect, it } from 'vitest';
import { rawRequest } from '../../test/support/test-raw-client.js';
import { fixturePath, loadFixture } from './fixtures.js';
import type { RecordedRoute } from './recorded-route.js';
import { type RecordedServer, startRecordedServer } from './recorded-server.js';

const servers: RecordedServer[] = [];
async function start(routes: RecordedRoute[]): Promise<RecordedServer> {
  const server = await startRecordedServer(routes);
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('startRecordedServer: replay', () => {
  it('listens on 127.0.0.1 at a random port', async () => {
    const server = await start([]);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.port).toBeGreaterThan(0);
  });

  it('replays an SSE fixture byte for byte, \\r\\n separators included', async () => {
    const bytes = readFileSync(fixturePath('gemini/stream-text.sse'));
    expect(bytes.includes('\r\n\r\n')).toBe(true);
    const server = await start([{ path: '/stream', sse: bytes }]);
    const response = await rawRequest(server.port, { path: '/stream', body: '{}' }).done;
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(response.complete).toBe(true);
    expect(Buffer.compare(response.body, bytes)).toBe(0);
  });

  it('replays a JSON body byte for byte, whitespace and escapes untouched', async () => {
    const text = loadFixture('openai-chat/error-401-invalid-api-key.json');
    const server = await start([{ path: '/v1/chat/completions', status: 401, body: text }]);
    const response = await rawRequest(server.port, { path: '/v1/chat/completions' }).done;
    expect(response.status).toBe(401);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.body.toString('utf8')).toBe(text);
  });

  it('sends bytes that are not UTF-8 unchanged, and objects as JSON', async () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0x41]);
    const server = await start([
      { path: '/bytes', body: bytes },
      { path: '/object', body: { hello: 'wörld' } },
      { path: '/text', body: 'plain words', headers: { 'X-Custom': 'yes' } },
    ]);
    const binary = await rawRequest(server.port, { path: '/bytes' }).done;
    expect([...binary.body]).toEqual([...bytes]);
    expect(binary.headers['content-type']).toBe('application/octet-stream');
    const object = await rawRequest(server.port, { path: '/object' }).done;
    expect(object.body.toString('utf8')).toBe('{"hello":"wörld"}');
    expect(object.headers['content-type']).toBe('application/json');
    const text = await rawRequest(server.port, { path: '/text' }).done;
    expect(text.body.toString('utf8')).toBe('plain words');
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.headers['x-custom']).toBe('yes');
  });

  it('sends headers as given, including a content-type that overrides the default', async () => {
    const server = await start([
      {
        path: '/sse',
        sse: 'data: 1\n\n',
        headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Retry-After': '7' },
      },
    ]);
    const response = await fetch(`${server.url}/sse`, { method: 'POST' });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.text()).toBe('data: 1\n\n');
  });

  it('matches methods case-insensitively, RegExp paths, and ignores the query string', async () => {
    const server = await start([
      { method: 'get', path: '/v1/models', body: { list: true } },
      { path: /^\/v1beta\/models\/[^/]+:streamGenerateContent$/, sse: 'data: {}\r\n\r\n' },
    ]);
    const models = await fetch(`${server.url}/v1/models?limit=2`);
    expect(await models.json()).toEqual({ list: true });
    const stream = await fetch(
      `${server.url}/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse&key=k`,
      { method: 'POST', body: '{}' },
    );
    expect(await stream.text()).toBe('data: {}\r\n\r\n');
    // POST is the default method: a GET does not match it.
    const wrongMethod = await fetch(`${server.url}/v1beta/models/x:streamGenerateContent`);
    expect(wrongMethod.status).toBe(404);
  });

  it('answers 404 with a JSON error naming the method and path when no route matches', async () => {
    const server = await start([{ path: '/a', body: {} }]);
    const response = await fetch(`${server.url}/missing?x=1`, { method: 'PUT', body: 'x' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      error: { message: 'no recorded route for PUT /missing' },
    });
    expect(server.requests).toHaveLength(1);
  });

  it('honours times: routes are tried in order and a used-up route is skipped', async () => {
    const server = await start([
      { path: '/x', status: 429, body: { error: 'slow down' }, times: 1 },
      { path: '/x', body: { ok: 1 }, times: 2 },
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${server.url}/x`, { method: 'POST' });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([429, 200, 200, 404]);
  });

  it('lets a route answer with its own handler, and adds routes later', async () => {
    const server = await start([
      {
        path: '/echo',
        respond(request, response) {
          response.writeHead(201, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ got: request.body, auth: request.headers.authorization }));
        },
      },
    ]);
    server.addRoutes({ path: '/late', body: 'late' });
    const echo = await fetch(`${server.url}/echo`, {
      method: 'POST',
      headers: { Authorization: 'Bearer t' },
      body: JSON.stringify({ a: 1 }),
    });
    expect(echo.status).toBe(201);
    expect(await echo.json()).toEqual({ got: { a: 1 }, auth: 'Bearer t' });
    expect(await (await fetch(`${server.url}/late`, { method: 'POST' })).text()).toBe('late');
  });

  it('answers 500 when a custom handler throws before responding', async () => {
    const server = await start([
      {
        path: '/boom',
        respond() {
          throw new Error('handler failed');
        },
      },
    ]);
    const response = await fetch(`${server.url}/boom`, { method: 'POST' });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('handler failed');
  });
});

describe('startRecordedServer: recording', () => {
  it('records method, path, query, lower-cased headers, raw and parsed body', async () => {
    const server = await start([{ path: '/v1/chat/completions', body: {} }]);
    const waiting = server.waitForRequests(2);
    await (
      await fetch(`${server.url}/v1/chat/completions?api-version=2024&key=abc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Api-Key': 'secret-1' },
        body: '{"model":"m","messages":[]}',
      })
    ).arrayBuffer();
    await (
      await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: 'not json' })
    ).arrayBuffer();
    await waiting;
    const [first, second] = server.requests;
    expect(first).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      query: { 'api-version': '2024', key: 'abc' },
      rawBody: '{"model":"m","messages":[]}',
      body: { model: 'm', messages: [] },
    });
    expect(first?.headers['x-api-key']).toBe('secret-1');
    expect(first?.headers['content-type']).toBe('application/json');
    expect(Object.keys(first?.headers ?? {}).every((name) => name === name.toLowerCase())).toBe(
      true,
    );
    expect(second).toMatchObject({ rawBody: 'not json', body: undefined, query: {} });
    expect(second?.bodyBytes.equals(Buffer.from('not json'))).toBe(true);
    expect(server.lastRequest()).toBe(second);
  });

  it('waitForRequests resolves at once when enough requests arrived, and rejects when the server closes first', async () => {
    const server = await startRecordedServer([]);
    await server.waitForRequests(0);
    const pending = server.waitForRequests(1);
    await server.close();
    await expect(pending).rejects.toThrow(/closed after 0 of 1 requests/);
    await expect(server.waitForRequests(1)).rejects.toThrow(/closed/);
  });
});

describe('startRecordedServer: faults', () => {
  const body = Buffer.from(loadFixture('openai-chat/stream-tool-call.sse'), 'utf8');

  it.each([0, 1, 57, 800])(
    'reset after %i bytes: the client gets exactly those bytes, then ECONNRESET',
    async (afterBytes) => {
      const server = await start([{ path: '/s', sse: body, fault: { kind: 'reset', afterBytes } }]);
      const response = await rawRequest(server.port, { path: '/s' }).done;
      expect(response.status).toBe(200);
      expect(response.complete).toBe(false);
      expect(response.errorCode).toBe('ECONNRESET');
      expect(response.body.length).toBe(afterBytes);
      expect(Buffer.compare(response.body, body.subarray(0, afterBytes))).toBe(0);
    },
  );

  it('stall: the client gets N bytes, then nothing, until it closes its socket', async () => {
    const afterBytes = 300;
    const server = await start([
      { path: '/s', sse: body, fault: { kind: 'stall', afterBytes } },
      { method: 'GET', path: '/ping', body: 'pong' },
    ]);
    const exchange = rawRequest(server.port, { path: '/s' });
    const received = await exchange.bodyBytes(afterBytes);
    expect(received.length).toBe(afterBytes);
    // A full round trip on another connection: anything the stalled response still had to write
    // would have arrived by now.
    const ping = await rawRequest(server.port, { method: 'GET', path: '/ping' }).done;
    expect(ping.body.toString()).toBe('pong');
    expect((await exchange.bodyBytes(afterBytes)).length).toBe(afterBytes);
    expect(exchange.socket.destroyed).toBe(false);
    expect(server.openSockets).toBe(1);

    const closed = server.waitForSocketsClosed();
    exchange.socket.destroy();
    await closed;
    expect(server.openSockets).toBe(0);
    const response = await exchange.done;
    expect(response.complete).toBe(false);
    expect(response.body.length).toBe(afterBytes);
  });

  it('stall after 0 bytes still sends the status line and headers', async () => {
    const server = await start([
      { path: '/s', status: 200, sse: body, fault: { kind: 'stall', afterBytes: 0 } },
    ]);
    const exchange = rawRequest(server.port, { path: '/s' });
    await server.waitForRequests(1);
    const headers = new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      exchange.socket.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        const text = Buffer.concat(chunks).toString('latin1');
        if (text.includes('\r\n\r\n')) resolve(text);
      });
    });
    expect(await headers).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*content-type: text\/event-stream/i);
    const closed = server.waitForSocketsClosed();
    exchange.socket.destroy();
    await closed;
  });

  it('drip: the whole body arrives byte for byte, in many small reads', async () => {
    const server = await start([
      { path: '/one', sse: body.subarray(0, 200), fault: { kind: 'drip' } },
      { path: '/many', body: body, fault: { kind: 'drip', bytesPerWrite: 64 } },
    ]);
    const one = await rawRequest(server.port, { path: '/one' }).done;
    expect(one.complete).toBe(true);
    expect(Buffer.compare(one.body, body.subarray(0, 200))).toBe(0);
    expect(one.dataEvents).toBeGreaterThan(10);
    const many = await rawRequest(server.port, { path: '/many' }).done;
    expect(many.complete).toBe(true);
    expect(Buffer.compare(many.body, body)).toBe(0);
    expect(many.dataEvents).toBeGreaterThan(1);
  });

  it('drip works through fetch too (a real client reassembles it)', async () => {
    const server = await start([
      {
        path: '/d',
        sse: 'data: {"a":1}\n\ndata: [DONE]\n\n',
        fault: { kind: 'drip', bytesPerWrite: 3 },
      },
    ]);
    const response = await fetch(`${server.url}/d`, { method: 'POST' });
    expect(await response.text()).toBe('data: {"a":1}\n\ndata: [DONE]\n\n');
  });

  it('close-before-response: the socket closes with no byte written, and the request is recorded', async () => {
    const server = await start([
      { path: '/c', body: {}, fault: { kind: 'close-before-response' } },
    ]);
    const response = await rawRequest(server.port, { path: '/c', body: '{"q":1}' }).done;
    expect(response.raw.length).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.lastRequest()?.body).toEqual({ q: 1 });
    await expect(fetch(`${server.url}/c`, { method: 'POST' })).rejects.toThrow();
  });
});

describe('startRecordedServer: sockets and close', () => {
  it('waitForSocketsClosed waits for the next socket when none is open', async () => {
    const server = await start([{ method: 'GET', path: '/', body: 'hi' }]);
    expect(server.openSockets).toBe(0);
    const closed = server.waitForSocketsClosed();
    const response = await rawRequest(server.port, { method: 'GET', path: '/' }).done;
    expect(response.body.toString()).toBe('hi');
    await closed;
    expect(server.openSockets).toBe(0);
  });

  it('close() closes open sockets, stalled responses included', async () => {
    const server = await startRecordedServer([
      { path: '/s', sse: 'data: 1\n\n', fault: { kind: 'stall', afterBytes: 3 } },
      { method: 'GET', path: '/k', body: 'kept alive' },
    ]);
    const stalled = rawRequest(server.port, { path: '/s' });
    await stalled.bodyBytes(3);
    // A keep-alive connection that is idle.
    const idle = await fetch(`${server.url}/k`);
    expect(await idle.text()).toBe('kept alive');
    expect(server.openSockets).toBe(2);
    await server.close();
    expect(server.openSockets).toBe(0);
    const response = await stalled.done;
    expect(response.complete).toBe(false);
    await server.close(); // twice is fine
    await expect(fetch(`${server.url}/k`)).rejects.toThrow();
  });

  it('is AsyncDisposable', async () => {
    const server = await startRecordedServer([]);
    await server[Symbol.asyncDispose]();
    await expect(fetch(`${server.url}/`)).rejects.toThrow();
  });
});

describe('startRecordedServer: validation', () => {
  it.each<[string, string, unknown]>([
    ['not an array', 'routes', {}],
    ['a route without path', 'routes[0].path', [{ body: 'x' }]],
    ['a bad status', 'routes[0].status', [{ path: '/', status: 99 }]],
    ['body and sse together', 'routes[0]', [{ path: '/', body: 'x', sse: 'y' }]],
    ['times 0', 'routes[0].times', [{ path: '/', times: 0 }]],
    ['an unknown fault', 'routes[0].fault', [{ path: '/', fault: { kind: 'explode' } }]],
    [
      'a negative afterBytes',
      'routes[0].fault.afterBytes',
      [{ path: '/', fault: { kind: 'reset', afterBytes: -1 } }],
    ],
    ['a header that is not a string', 'routes[0].headers.a', [{ path: '/', headers: { a: 1 } }]],
  ])('rejects %s with a ValidationError naming %s', async (_label, argument, routes) => {
    const error = await startRecordedServer(routes as RecordedRoute[]).catch((e: unknown) => e);
    expect(ValidationError.isInstance(error)).toBe(true);
    expect((error as ValidationError).argument).toBe(argument);
  });
});
