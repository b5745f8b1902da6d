import { readdirSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { AbortError, AigoError, ProviderError, TimeoutError, ValidationError } from '@aigo/ai';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, HttpClient } from './http-client.js';

let server: RecordedServer;
/** Responses the "hang" route is holding (it never answers them). */
const held: ServerResponse[] = [];

beforeAll(async () => {
  server = await startRecordedServer([
    {
      path: '/json',
      respond(request, response) {
        response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_1' });
        response.end(
          JSON.stringify({ ok: true, port: response.socket?.remotePort, echo: request.body }),
        );
      },
    },
    {
      path: '/html',
      headers: { 'content-type': 'text/html' },
      body: '<html><head><title>Login</title></head></html>',
    },
    { path: '/empty', status: 200, body: '' },
    { path: '/scalar', body: '"just a string"' },
    { path: '/big', body: { text: 'x'.repeat(4096) } },
    {
      path: '/hang',
      respond(_request, response) {
        held.push(response);
      },
    },
    {
      path: '/stall-body',
      body: { text: 'x'.repeat(200) },
      fault: { kind: 'stall', afterBytes: 10 },
    },
    {
      path: '/reset-body',
      body: { text: 'x'.repeat(200) },
      fault: { kind: 'reset', afterBytes: 10 },
    },
    { path: '/close', fault: { kind: 'close-before-response' } },
  ]);
});

afterAll(async () => {
  await server.close();
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('HttpClient.postJson', () => {
  it('POSTs JSON with the client and call headers and resolves to the parsed answer', async () => {
    const http = createHttpClient({
      provider: 'openai',
      headers: {
        Authorization: 'Bearer sk-test-123456',
        'X-Custom': 'client',
        'x-dropped': undefined,
      },
    });
    try {
      const response = await http.postJson<{ ok: boolean; echo: unknown }>(
        `${server.url}/json`,
        { model: 'gpt', messages: [{ role: 'user', content: 'héllo 🚀' }] },
        { headers: { 'x-custom': 'call', 'x-extra': '1' } },
      );
      expect(response.status).toBe(200);
      expect(response.headers['x-request-id']).toBe('req_1');
      expect(response.data.ok).toBe(true);
      expect(response.data.echo).toEqual({
        model: 'gpt',
        messages: [{ role: 'user', content: 'héllo 🚀' }],
      });
      const sent = server.lastRequest();
      expect(sent?.method).toBe('POST');
      expect(sent?.headers['content-type']).toBe('application/json');
      expect(sent?.headers.accept).toBe('application/json');
      expect(sent?.headers.authorization).toBe('Bearer sk-test-123456');
      expect(sent?.headers['x-custom']).toBe('call');
      expect(sent?.headers['x-extra']).toBe('1');
      expect(sent?.headers['x-dropped']).toBeUndefined();
    } finally {
      await http.close();
    }
  });

  it('keeps the connection alive between calls', async () => {
    const http = createHttpClient({ provider: 'p' });
    try {
      const ports = new Set<number>();
      for (let i = 0; i < 8; i++) {
        ports.add((await http.postJson<{ port: number }>(`${server.url}/json`, {})).data.port);
      }
      // undici's pool may open a second connection while the first is finishing; never one per call.
      expect(ports.size).toBeLessThanOrEqual(2);
    } finally {
      await http.close();
    }
  });

  it('sends each URL to its own path and query, however many URLs one client calls', async () => {
    const http = createHttpClient({ provider: 'p' });
    try {
      const before = server.requests.length;
      // More distinct URLs than the client keeps parsed, then the first ones again.
      const urls = Array.from({ length: 70 }, (_, i) => `${server.url}/json?n=${i}&k=a%20b`);
      for (const url of [...urls, ...urls.slice(0, 3)]) await http.postJson(url, {});
      const seen = server.requests.slice(before);
      expect(seen.map((r) => r.path)).toEqual(Array(73).fill('/json'));
      expect(seen.map((r) => r.query.n)).toEqual([...urls.map((_, i) => String(i)), '0', '1', '2']);
      expect(seen.every((r) => r.query.k === 'a b')).toBe(true);
    } finally {
      await http.close();
    }
  });

  it('accepts deadlines too long for a timer (and Infinity) as "no deadline"', async () => {
    const http = createHttpClient({ provider: 'p', timeoutMs: 3e9 });
    try {
      expect((await http.postJson<{ ok: boolean }>(`${server.url}/json`, {})).data.ok).toBe(true);
      const none = await http.postJson<{ ok: boolean }>(
        `${server.url}/json`,
        {},
        { timeoutMs: Number.POSITIVE_INFINITY },
      );
      expect(none.data.ok).toBe(true);
    } finally {
      await http.close();
    }
  });

  it('rejects a 2xx body that is not JSON with invalid_response and an excerpt', async () => {
    const http = createHttpClient({ provider: 'p' });
    try {
      const html = await rejection(http.postJson(`${server.url}/html`, {}));
      expect(ProviderError.isInstance(html)).toBe(true);
      expect(html).toMatchObject({ code: 'invalid_response', status: 200, retryable: false });
      expect((html as Error).message).toContain('<title>Login</title>');
      expect((html as ProviderError).body).toContain('<title>Login</title>');
      expect(await rejection(http.postJson(`${server.url}/empty`, {}))).toMatchObject({
        code: 'invalid_response',
        message: expect.stringContaining('empty body'),
      });
      expect(await rejection(http.postJson(`${server.url}/scalar`, {}))).toMatchObject({
        code: 'invalid_response',
        message: expect.stringContaining('not a JSON object'),
      });
    } finally {
      await http.close();
    }
  });

  it('rejects a body larger than maxResponseBytes', async () => {
    const http = createHttpClient({ provider: 'p', maxResponseBytes: 1024 });
    try {
      expect(await rejection(http.postJson(`${server.url}/big`, {}))).toMatchObject({
        code: 'invalid_response',
        message: expect.stringContaining('larger than 1024 bytes'),
      });
    } finally {
      await http.close();
    }
  });

  it('does not send anything when the signal is already aborted', async () => {
    const http = createHttpClient({ provider: 'p' });
    const before = server.requests.length;
    const reason = new Error('user gave up');
    const error = await rejection(
      http.postJson(`${server.url}/json`, {}, { signal: AbortSignal.abort(reason) }),
    );
    expect(AbortError.isInstance(error)).toBe(true);
    expect((error as AbortError).cause).toBe(reason);
    expect(server.requests.length).toBe(before);
    await http.close();
  });

  it('abort while waiting for the answer destroys the connection at once', async () => {
    const http = createHttpClient({ provider: 'p' });
    try {
      const controller = new AbortController();
      const count = server.requests.length;
      const call = http.postJson(`${server.url}/hang`, {}, { signal: controller.signal });
      await server.waitForRequests(count + 1);
      const closed = server.waitForSocketsClosed();
      const reason = new Error('stop');
      controller.abort(reason);
      const error = await rejection(call);
      expect(AbortError.isInstance(error)).toBe(true);
      expect((error as AbortError).cause).toBe(reason);
      await closed;
    } finally {
      await http.close();
    }
  });

  it('abort while the body is arriving', async () => {
    const http = createHttpClient({ provider: 'p' });
    try {
      const controller = new AbortController();
      const count = server.requests.length;
      const call = http.postJson(`${server.url}/stall-body`, {}, { signal: controller.signal });
      await server.waitForRequests(count + 1);
      const closed = server.waitForSocketsClosed();
      controller.abort();
      expect(AbortError.isInstance(await rejection(call))).toBe(true);
      await closed;
    } finally {
      await http.close();
    }
  });

  it('the deadline rejects with TimeoutError before the headers and while the body stalls', async () => {
    const http = createHttpClient({ provider: 'p', timeoutMs: 50 });
    try {
      const headers = await rejection(http.postJson(`${server.url}/hang`, {}));
      expect(TimeoutError.isInstance(headers)).toBe(true);
      expect(headers).toMatchObject({ code: 'timeout', timeoutMs: 50 });
      const body = await rejection(
        http.postJson(`${server.url}/stall-body`, {}, { timeoutMs: 40 }),
      );
      expect(TimeoutError.isInstance(body)).toBe(true);
      expect(body).toMatchObject({ timeoutMs: 40 });
    } finally {
      await http.close();
    }
  });

  it('a connection closed before any answer is a retryable connection_error', async () => {
    const http = createHttpClient({ provider: 'p' });
    try {
      const error = await rejection(http.postJson(`${server.url}/close`, {}));
      expect(ProviderError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'connection_error', retryable: true, provider: 'p' });
    } finally {
      await http.close();
    }
  });

  it('a connection reset after the answer started is not retryable', async () => {
    const http = createHttpClient({ provider: 'p' });
    try {
      const error = await rejection(http.postJson(`${server.url}/reset-body`, {}));
      expect(ProviderError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'connection_error', retryable: false });
    } finally {
      await http.close();
    }
  });

  it('a refused connection is a retryable connection_error naming the target', async () => {
    const http = createHttpClient({ provider: 'p', connectTimeoutMs: 1000 });
    try {
      const error = await rejection(http.postJson('http://127.0.0.1:9/v1/chat', {}));
      expect(error).toMatchObject({ code: 'connection_error', retryable: true });
      expect((error as Error).message).toContain('127.0.0.1:9');
    } finally {
      await http.close();
    }
  });
});

describe('HttpClient lifecycle', () => {
  it('rejects calls after close(), and close() is idempotent', async () => {
    const http = createHttpClient({ provider: 'p' });
    await http.postJson(`${server.url}/json`, {});
    await http.close();
    await http.close();
    const error = await rejection(http.postJson(`${server.url}/json`, {}));
    expect(AigoError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'unsupported' });
    expect((error as Error).message).toContain('closed');
  });

  it('closes its own pool: the server sees the keep-alive socket closed', async () => {
    const http = createHttpClient({ provider: 'p' });
    await http.postJson(`${server.url}/json`, {});
    const closed = server.waitForSocketsClosed();
    await http.close();
    await closed;
  });

  it('destroy() ends a request in flight', async () => {
    const http = createHttpClient({ provider: 'p' });
    const count = server.requests.length;
    const call = http.postJson(`${server.url}/hang`, {});
    await server.waitForRequests(count + 1);
    await http.destroy();
    expect(ProviderError.isInstance(await rejection(call))).toBe(true);
  });

  it('sends through a dispatcher it is given and leaves it open', async () => {
    const agent = new Agent();
    try {
      const http = createHttpClient({ provider: 'p', dispatcher: agent });
      await http.postJson(`${server.url}/json`, {});
      await http.close();
      expect(agent.closed).toBe(false);
      const other = createHttpClient({ provider: 'p', dispatcher: agent });
      expect((await other.postJson<{ ok: boolean }>(`${server.url}/json`, {})).data.ok).toBe(true);
    } finally {
      await agent.close();
    }
  });

  it('works with await using', async () => {
    {
      await using http = createHttpClient({ provider: 'p' });
      await http.postJson(`${server.url}/json`, {});
    }
  });
});

describe('argument validation', () => {
  it('createHttpClient validates its options', () => {
    expect(() => createHttpClient(undefined as never)).toThrow(ValidationError);
    expect(() => createHttpClient({} as never)).toThrow(/options.provider/);
    expect(() => createHttpClient({ provider: 'p', timeoutMs: 0 })).toThrow(/options.timeoutMs/);
    expect(() => createHttpClient({ provider: 'p', timeoutMs: Number.NaN })).toThrow(
      /options.timeoutMs/,
    );
    expect(() => createHttpClient({ provider: 'p', connectTimeoutMs: -1 })).toThrow(
      /options.connectTimeoutMs/,
    );
    expect(() => createHttpClient({ provider: 'p', headers: { a: 1 as never } })).toThrow(
      /options.headers.a/,
    );
    expect(() => createHttpClient({ provider: 'p', headers: { a: 'x\r\ny: z' } })).toThrow(
      /line breaks/,
    );
    expect(() => createHttpClient({ provider: 'p', headers: { 'bad name': 'x' } })).toThrow(
      /header name/,
    );
    expect(() => createHttpClient({ provider: 'p', dispatcher: {} as never })).toThrow(
      /options.dispatcher/,
    );
    expect(() => createHttpClient({ provider: 'p', secrets: [1] as never })).toThrow(
      /options.secrets/,
    );
    expect(() => createHttpClient({ provider: 'p', maxResponseBytes: 1.5 })).toThrow(
      /options.maxResponseBytes/,
    );
    expect(() => createHttpClient({ provider: 'p', maxEventChars: 0 })).toThrow(
      /options.maxEventChars/,
    );
    expect(new HttpClient({ provider: 'p', timeoutMs: Number.POSITIVE_INFINITY }).provider).toBe(
      'p',
    );
  });

  it('postJson, postSse and postJsonStream validate theirs', async () => {
    const http = createHttpClient({ provider: 'p' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    for (const call of [
      (url: unknown, body: unknown, options?: unknown) =>
        http.postJson(url as string, body, options as never),
      (url: unknown, body: unknown, options?: unknown) =>
        http.postSse(url as string, body, options as never),
      (url: unknown, body: unknown, options?: unknown) =>
        http.postJsonStream(url as string, body, options as never),
    ]) {
      const cases: Array<[Promise<unknown>, string]> = [
        [call(undefined, {}), 'url'],
        [call('ftp://x.test/', {}), 'url'],
        [call('/relative', {}), 'url'],
        [call('http://exa mple.test/', {}), 'url'],
        [call('http://[::1/v1', {}), 'url'],
        [call(`${server.url}/json`, undefined), 'body'],
        [call(`${server.url}/json`, circular), 'body'],
        [call(`${server.url}/json`, { n: 1n }), 'body'],
        [call(`${server.url}/json`, {}, 'x'), 'options'],
        [call(`${server.url}/json`, {}, { signal: {} }), 'options.signal'],
        [call(`${server.url}/json`, {}, { timeoutMs: -5 }), 'options.timeoutMs'],
        [call(`${server.url}/json`, {}, { headers: { a: ['x'] } }), 'options.headers.a'],
      ];
      for (const [promise, argument] of cases) {
        const error = await rejection(promise);
        expect(ValidationError.isInstance(error)).toBe(true);
        expect((error as ValidationError).argument).toBe(argument);
      }
    }
    await http.close();
  });
});

describe('import cost', () => {
  it('loads undici only at the first request: no value import of undici in the shipped sources', () => {
    const dir = new URL('../', import.meta.url);
    // Every source file of the package, in every folder.
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((name) => {
      const base = name.split('/').at(-1) ?? name;
      return base.endsWith('.ts') && !base.endsWith('.test.ts') && !base.startsWith('test-');
    });
    expect(files.length).toBeGreaterThan(5);
    for (const name of files) {
      const source = readFileSync(new URL(name, dir), 'utf8');
      for (const match of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'undici'/gm)) {
        expect(match[1], `${name} imports undici eagerly`).toBe('type ');
      }
    }
    expect(readFileSync(new URL('transport/load-undici.ts', dir), 'utf8')).toContain(
      "import('undici')",
    );
  });
});
