// serveMcp over Streamable HTTP, probed as a hostile web page or local process would: a foreign
// Host or Origin (DNS rebinding), no token or a wrong one, bodies too large, stalled headers and
// bodies, malformed JSON and JSON-RPC, a flood of sessions. After each, the legitimate client still
// works. Real servers on 127.0.0.1, raw sockets for the stalls, no sleeps.
import { Agent } from 'node:http';
import { defineTool, ValidationError } from '@aigo/ai';
import { bearerAuth } from '@aigo/http';
import { createRecordingObserver, rawHttpExchange } from '@aigo/testing';
import { Type } from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type McpServerHandle, mcpClient, serveMcp } from '../src/index.js';
import type { ServeHttpTransport } from '../src/server/serve-options.js';
import { INITIALIZE, mcpRequest, messageOf, toolCall } from './support/test-mcp-requests.js';

const TOKEN = 'hostile-suite-token-0123456789';

const handles: McpServerHandle[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

/** A server whose one tool records each run: "nothing ran" is checked, not assumed. */
async function serve(transport: Partial<ServeHttpTransport> = {}, { observed = true } = {}) {
  const observer = observed ? createRecordingObserver() : undefined;
  const ran: string[] = [];
  const deleteFile = defineTool({
    name: 'delete_file',
    description: 'Deletes a file',
    input: Type.Object({ path: Type.String() }),
    execute: ({ path }) => {
      ran.push(path);
      return { deleted: path };
    },
  });
  const handle = await serveMcp([deleteFile], {
    name: 'hostile-target',
    version: '1.0.0',
    transport: { port: 0, ...transport },
    ...(observer === undefined ? {} : { observer }),
  });
  handles.push(handle);
  const url = handle.url as string;
  return { url, port: Number(new URL(url).port), ran, observer };
}

/** The legitimate client: mcpClient, calling the tool. */
async function legitimateCall(url: string, path: string, headers?: Record<string, string>) {
  await using client = await mcpClient({ url, ...(headers === undefined ? {} : { headers }) });
  const [tool] = await client.tools();
  return JSON.parse((await tool?.call(JSON.stringify({ path }))) ?? '');
}

/** A session opened by hand: its id. */
async function openSession(url: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await mcpRequest(url, { body: INITIALIZE, headers });
  expect(answer.status).toBe(200);
  const id = answer.headers['mcp-session-id'];
  if (typeof id !== 'string') throw new Error('no session id');
  await mcpRequest(url, {
    body: { jsonrpc: '2.0', method: 'notifications/initialized' },
    headers: { ...headers, 'mcp-session-id': id },
  });
  return id;
}

describe('serveMcp against a hostile client: Host, Origin, rebinding', () => {
  it('a foreign Host is 421 and a foreign Origin 403, with JSON-RPC error bodies', async () => {
    const { url, port, ran } = await serve();
    const host = await mcpRequest(url, {
      body: INITIALIZE,
      headers: { host: `attacker.example:${port}` },
    });
    expect(host.status).toBe(421);
    expect(JSON.parse(host.body)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'this server does not answer to that Host' },
      id: null,
    });
    const origin = await mcpRequest(url, {
      body: INITIALIZE,
      headers: { origin: `http://attacker.example:${port}` },
    });
    expect(origin.status).toBe(403);
    expect(origin.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await mcpRequest(url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://attacker.example',
        'access-control-request-method': 'POST',
      },
    });
    expect(preflight.status).toBe(403);
    expect(ran).toEqual([]);
    expect(await legitimateCall(url, '/tmp/a')).toEqual({ deleted: '/tmp/a' });
  });

  it('the rebinding sequence: a legitimate session, then calls from a foreign Host with its id run nothing', async () => {
    const { url, port, ran } = await serve();
    const session = await openSession(url);
    for (const headers of [
      { host: `attacker.example:${port}`, 'mcp-session-id': session },
      {
        host: `attacker.example:${port}`,
        origin: `http://attacker.example:${port}`,
        'mcp-session-id': session,
      },
    ]) {
      const listed = await mcpRequest(url, {
        body: { jsonrpc: '2.0', id: 3, method: 'tools/list' },
        headers,
      });
      expect(listed.status).toBe(421);
      expect(listed.body).not.toContain('delete_file');
      const called = await mcpRequest(url, {
        body: toolCall('delete_file', { path: '/home/me/thesis.tex' }),
        headers,
      });
      expect(called.status).toBe(421);
    }
    expect(ran).toEqual([]);
    // The session itself is untouched.
    const call = await mcpRequest(url, {
      body: toolCall('delete_file', { path: '/tmp/legit' }),
      headers: { 'mcp-session-id': session },
    });
    expect(messageOf(call)).toMatchObject({
      result: { content: [{ type: 'text', text: '{"deleted":"/tmp/legit"}' }] },
    });
    expect(ran).toEqual(['/tmp/legit']);
  });

  it('a listed origin may call from a browser: CORS headers and a preflight with only its methods', async () => {
    const { url } = await serve({ allowedOrigins: ['https://app.example.com'] });
    const preflight = await mcpRequest(url, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, DELETE, OPTIONS');
    expect(preflight.headers['access-control-allow-headers']).toContain('mcp-session-id');
    const initialize = await mcpRequest(url, {
      body: INITIALIZE,
      headers: { origin: 'https://app.example.com' },
    });
    expect(initialize.status).toBe(200);
    expect(initialize.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(initialize.headers['access-control-expose-headers']).toContain('mcp-session-id');
  });
});

describe('serveMcp against a hostile client: authentication', () => {
  it('bound beyond loopback without authorize, it refuses to start', async () => {
    await expect(
      serveMcp([], { name: 'x', version: '1', transport: { port: 0, host: '0.0.0.0' } }),
    ).rejects.toMatchObject({ name: 'ValidationError', argument: 'options.transport.host' });
    await expect(
      serveMcp([], {
        name: 'x',
        version: '1',
        transport: { port: 0, host: '0.0.0.0', allowUnauthenticated: true, authorize: () => true },
      }),
    ).rejects.toBeInstanceOf(ValidationError);
    const open = await serve({ host: '0.0.0.0', allowUnauthenticated: true });
    expect(await legitimateCall(`http://127.0.0.1:${open.port}/mcp`, '/tmp/open')).toEqual({
      deleted: '/tmp/open',
    });
  });

  it('with bearerAuth: no token or a wrong one is 401 with WWW-Authenticate: Bearer; the token works', async () => {
    const { url, ran, observer } = await serve({ host: '0.0.0.0', authorize: bearerAuth(TOKEN) });
    const local = url.replace('0.0.0.0', '127.0.0.1');
    for (const headers of [{}, { authorization: 'Bearer not-the-token-0123456789' }]) {
      const answer = await mcpRequest(local, { body: INITIALIZE, headers });
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(JSON.parse(answer.body)).toMatchObject({
        error: { code: -32000, message: 'unauthorized' },
      });
    }
    await expect(legitimateCall(local, '/tmp/x')).rejects.toThrow();
    expect(ran).toEqual([]);
    expect(await legitimateCall(local, '/tmp/y', { authorization: `Bearer ${TOKEN}` })).toEqual({
      deleted: '/tmp/y',
    });
    // Each refusal logged once, without the token.
    const logs = observer?.logs ?? [];
    expect(logs.filter((log) => log.message.includes(' 401 ')).length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(logs)).not.toContain('not-the-token');
  });
});

describe('serveMcp against a hostile client: limits and malformed requests', () => {
  it('a body over maxBodyBytes is 413 with a JSON-RPC error, not kept', async () => {
    const { url, ran } = await serve({ maxBodyBytes: 2048 });
    const big = toolCall('delete_file', { path: 'x'.repeat(4096) });
    const answer = await mcpRequest(url, { body: big });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'the body is larger than 2048 bytes' },
      id: null,
    });
    expect(ran).toEqual([]);
    expect(await legitimateCall(url, '/tmp/b')).toEqual({ deleted: '/tmp/b' });
  });

  it('the 4 MiB default takes a body of 3 MiB', async () => {
    const { url } = await serve();
    const session = await openSession(url);
    const answer = await mcpRequest(url, {
      body: toolCall('delete_file', { path: 'p'.repeat(3 * 1024 * 1024) }),
      headers: { 'mcp-session-id': session },
    });
    expect(answer.status).toBe(200);
  });

  it('stalled headers and a stalled body: the socket is closed (JSON 408)', async () => {
    const { url, port } = await serve({ headersTimeoutMs: 100, requestTimeoutMs: 200 });
    const headers = await rawHttpExchange(
      port,
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: appl`,
    );
    expect(headers.status).toBe(408);
    const body = await rawHttpExchange(
      port,
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"jsonrpc":"2.0",`,
    );
    expect(body.status).toBe(408);
    expect(JSON.parse(body.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    expect(await legitimateCall(url, '/tmp/c')).toEqual({ deleted: '/tmp/c' });
  });

  it('malformed JSON is a JSON-RPC parse error (400); a message that is not JSON-RPC too', async () => {
    const { url, ran } = await serve();
    const notJson = await mcpRequest(url, { body: '{"private-marker": tru' });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ error: { code: -32700 } });
    expect(notJson.body).not.toContain('private-marker');
    const noSession = await mcpRequest(url, { body: { hello: 'world' } });
    expect(noSession.status).toBe(400);
    const session = await openSession(url);
    const notRpc = await mcpRequest(url, {
      body: { hello: 'world' },
      headers: { 'mcp-session-id': session },
    });
    expect(notRpc.status).toBe(400);
    expect(JSON.parse(notRpc.body)).toMatchObject({ error: { code: -32700 } });
    const raw = await rawHttpExchange(Number(new URL(url).port), 'GARBAGE / HTTP/9.9\r\n\r\n');
    expect(raw.status).toBe(400);
    expect(ran).toEqual([]);
    expect(await legitimateCall(url, '/tmp/d')).toEqual({ deleted: '/tmp/d' });
  });
});

describe('serveMcp sessions', () => {
  it('maxSessions: past it an initialize is 503 with { code: -32000, message: "too many sessions" }; a closed session frees its place', async () => {
    const { url } = await serve({ maxSessions: 2 });
    const first = await openSession(url);
    await openSession(url);
    const refused = await mcpRequest(url, { body: INITIALIZE });
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'too many sessions' },
      id: null,
    });
    const deleted = await mcpRequest(url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': first },
    });
    expect(deleted.status).toBe(200);
    const closed = await mcpRequest(url, {
      body: { jsonrpc: '2.0', id: 5, method: 'tools/list' },
      headers: { 'mcp-session-id': first },
    });
    expect(closed.status).toBe(404);
    expect(await legitimateCall(url, '/tmp/e')).toEqual({ deleted: '/tmp/e' });
  });

  it('sessionIdleTimeoutMs: an idle session is closed and its id answered 404', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { url } = await serve({ sessionIdleTimeoutMs: 60_000 });
    const idle = await openSession(url);
    const busy = await openSession(url);
    vi.advanceTimersByTime(50_000);
    const ping = await mcpRequest(url, {
      body: { jsonrpc: '2.0', id: 9, method: 'ping' },
      headers: { 'mcp-session-id': busy },
    });
    expect(ping.status).toBe(200);
    vi.advanceTimersByTime(20_000);
    const gone = await mcpRequest(url, {
      body: { jsonrpc: '2.0', id: 10, method: 'tools/list' },
      headers: { 'mcp-session-id': idle },
    });
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body)).toMatchObject({
      error: { code: -32001, message: 'Session not found' },
    });
    const alive = await mcpRequest(url, {
      body: { jsonrpc: '2.0', id: 11, method: 'tools/list' },
      headers: { 'mcp-session-id': busy },
    });
    expect(alive.status).toBe(200);
  });

  it('10,000 initialize requests: sessions capped, heap after GC grows < 5 MB from 2,000 to 10,000', async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc === undefined) throw new Error('run with --expose-gc (vitest.config.ts execArgv)');
    // No recording observer: its log of every refusal would be the test's own growth.
    const { url } = await serve({}, { observed: false });
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const statuses = new Map<number, number>();
    const flood = async (count: number): Promise<void> => {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < count) {
            next++;
            const { status } = await mcpRequest(url, { body: INITIALIZE, agent });
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
    };
    const heapAfterGc = (): number => {
      gc();
      gc();
      return process.memoryUsage().heapUsed;
    };
    await flood(2_000);
    const before = heapAfterGc();
    await flood(8_000);
    const after = heapAfterGc();
    agent.destroy();
    expect(statuses.get(200)).toBe(100);
    expect(statuses.get(503)).toBe(9_900);
    expect(after - before, `${after - before} bytes`).toBeLessThan(5 * 1024 * 1024);
  }, 60_000);
});
