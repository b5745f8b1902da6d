// serveA2A probed as a hostile web page or local process would: a foreign Host or Origin (DNS
// rebinding: a legitimate task waiting for approval, then list / answer / send from the rebound
// name), no token or a wrong one, bodies too large, stalled headers and bodies, malformed JSON and
// JSON-RPC, two answers to one approval at once. After each, the legitimate client still works.
// Real servers on 127.0.0.1, raw requests with the headers a browser would send, no sleeps.
import { bearerAuth } from '@aigo/http';
import { createRecordingObserver, rawHttpExchange } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type A2AServer, a2aTools, type ServeA2AOptions, serveA2A } from '../src/index.js';
import { janitorAgent } from './support/test-janitor.js';
import {
  a2aRequest,
  jsonRpc,
  legacySendParams,
  type RawAnswer,
  sendParams,
  V1,
} from './support/test-raw-a2a.js';

const TOKEN = 'hostile-suite-token-0123456789';

const servers: A2AServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(...args: Parameters<typeof serveA2A>): Promise<A2AServer> {
  const server = await serveA2A(...args);
  servers.push(server);
  return server;
}

/** A function agent that echoes, counting its runs. */
async function echoServer(options: ServeA2AOptions = {}) {
  const prompts: string[] = [];
  const server = await serve(
    (prompt) => {
      prompts.push(String(prompt));
      return `echo: ${String(prompt).slice(0, 20)}`;
    },
    { name: 'echo', ...options },
  );
  return { server, prompts, port: Number(new URL(server.url).port) };
}

/** The legitimate client: a2aTools, calling the agent as a tool. */
async function legitimateCall(url: string, headers?: Record<string, string>) {
  const [tool] = await a2aTools({ url, ...(headers === undefined ? {} : { headers }) });
  return JSON.parse((await tool?.call('{"message":"hello"}')) ?? '');
}

const json = (answer: RawAnswer): Record<string, unknown> => JSON.parse(answer.body);

/** The JSON-RPC result's task (1.0 `SendMessage`). */
function taskOf(answer: RawAnswer): { id: string; contextId: string; status: { state: string } } {
  const result = json(answer).result as { task?: never };
  if (result?.task === undefined) throw new Error(`no task in ${answer.body}`);
  return result.task;
}

describe('serveA2A against a hostile client: Host, Origin, rebinding', () => {
  it('the rebinding sequence: a task waits for approval; list, answer and send from a foreign Host return and run nothing', async () => {
    const { agent, deleted, runStore } = janitorAgent('Deleted it.');
    const server = await serve(agent, { runStore });
    const port = new URL(server.url).port;
    const started = await a2aRequest(server.url, '/a2a/jsonrpc', {
      headers: V1,
      body: jsonRpc('SendMessage', sendParams('Clean up my files')),
    });
    const task = taskOf(started);
    expect(task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const ids = { taskId: task.id, contextId: task.contextId };

    const rebound = { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` };
    const attempts: [string, Parameters<typeof a2aRequest>[2]][] = [
      ['/a2a/jsonrpc', { headers: { ...rebound, ...V1 }, body: jsonRpc('ListTasks', {}) }],
      [
        '/a2a/jsonrpc',
        { headers: { ...rebound, ...V1 }, body: jsonRpc('GetTask', { id: task.id }) },
      ],
      [
        '/a2a/jsonrpc',
        { headers: { ...rebound, ...V1 }, body: jsonRpc('SendMessage', sendParams('yes', ids)) },
      ],
      [
        '/a2a/jsonrpc',
        {
          headers: { host: rebound.host, ...V1 },
          body: jsonRpc('SendMessage', sendParams('yes', ids)),
        },
      ],
      [
        '/a2a/jsonrpc',
        { headers: rebound, body: jsonRpc('message/send', legacySendParams('yes', ids)) },
      ],
      ['/a2a/jsonrpc', { headers: rebound, body: jsonRpc('tasks/get', { id: task.id }) }],
      [
        '/a2a/jsonrpc',
        {
          headers: { ...rebound, ...V1 },
          body: jsonRpc('SendMessage', sendParams('Delete everything')),
        },
      ],
      ['/a2a/rest/tasks', { headers: { ...rebound, ...V1 } }],
      ['/a2a/rest/message:send', { headers: { ...rebound, ...V1 }, body: sendParams('yes', ids) }],
      ['/a2a/rest/v1/message:send', { headers: rebound, body: legacySendParams('yes', ids) }],
      ['/.well-known/agent-card.json', { headers: rebound }],
    ];
    for (const [path, options] of attempts) {
      const answer = await a2aRequest(server.url, path, options);
      expect(answer.status, `${path} ${JSON.stringify(options?.body)}`).toBe(421);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.body).not.toContain(task.id);
      expect(answer.body).not.toContain('Delete this file?');
    }
    expect(deleted).toEqual([]);
    expect((await runStore.load(task.id))?.status).toBe('suspended');

    // The same requests with the server's own Host work: the refusals were the Host's doing.
    const listed = await a2aRequest(server.url, '/a2a/jsonrpc', {
      headers: V1,
      body: jsonRpc('ListTasks', {}),
    });
    expect(listed.body).toContain(task.id);
    const answered = await a2aRequest(server.url, '/a2a/jsonrpc', {
      headers: V1,
      body: jsonRpc('SendMessage', sendParams('yes', ids)),
    });
    expect(taskOf(answered).status.state).toBe('TASK_STATE_COMPLETED');
    expect(deleted).toEqual(['/home/me/thesis.tex']);
  });

  it('a foreign Origin is 403 (preflight too); its own or none pass; no CORS headers unless listed', async () => {
    const { server, prompts } = await echoServer({ allowedOrigins: ['https://app.example.com'] });
    const foreign = await a2aRequest(server.url, '/a2a/jsonrpc', {
      headers: { origin: 'http://attacker.example', ...V1 },
      body: jsonRpc('SendMessage', sendParams('hi')),
    });
    expect(foreign.status).toBe(403);
    expect(json(foreign)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    const preflight = await a2aRequest(server.url, '/a2a/jsonrpc', {
      method: 'OPTIONS',
      headers: { origin: 'http://attacker.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(prompts).toEqual([]);
    const listed = await a2aRequest(server.url, '/a2a/jsonrpc', {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(listed.status).toBe(204);
    expect(listed.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
    const own = await a2aRequest(server.url, '/a2a/jsonrpc', {
      headers: { origin: server.url, ...V1 },
      body: jsonRpc('SendMessage', sendParams('hi')),
    });
    expect(own.status).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
    expect(await legitimateCall(server.url)).toEqual({ answer: 'echo: hello' });
  });

  it('two answers to one approval at once: the tool runs once', async () => {
    const { agent, deleted, runStore } = janitorAgent('Deleted it.');
    const server = await serve(agent, { runStore });
    const task = taskOf(
      await a2aRequest(server.url, '/a2a/jsonrpc', {
        headers: V1,
        body: jsonRpc('SendMessage', sendParams('Clean up my files')),
      }),
    );
    const ids = { taskId: task.id, contextId: task.contextId };
    const answers = await Promise.all(
      [1, 2].map(() =>
        a2aRequest(server.url, '/a2a/jsonrpc', {
          headers: V1,
          body: jsonRpc('SendMessage', sendParams('yes', ids)),
        }),
      ),
    );
    expect(deleted).toEqual(['/home/me/thesis.tex']);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.some((answer) => answer.body.includes('TASK_STATE_COMPLETED'))).toBe(true);
  });
});

describe('serveA2A against a hostile client: authentication', () => {
  it('bound beyond loopback without authorize, it refuses to start', async () => {
    const { agent } = janitorAgent();
    await expect(serveA2A(agent, { host: '0.0.0.0' })).rejects.toMatchObject({
      name: 'ValidationError',
      argument: 'options.host',
    });
    const open = await echoServer({ host: '0.0.0.0', allowUnauthenticated: true });
    expect(open.server.url).toBe(`http://127.0.0.1:${open.port}`);
    expect(await legitimateCall(open.server.url)).toMatchObject({ answer: 'echo: hello' });
  });

  it('with bearerAuth: 401 and WWW-Authenticate: Bearer without the token or with a wrong one; the card is public and says Bearer', async () => {
    const observer = createRecordingObserver();
    const { server, prompts } = await echoServer({
      host: '0.0.0.0',
      authorize: bearerAuth(TOKEN),
      observer,
    });
    for (const headers of [{}, { authorization: 'Bearer a-wrong-token-0123456789' }]) {
      const rpc = await a2aRequest(server.url, '/a2a/jsonrpc', {
        headers: { ...headers, ...V1 },
        body: jsonRpc('SendMessage', sendParams('hi')),
      });
      expect(rpc.status).toBe(401);
      expect(rpc.headers['www-authenticate']).toBe('Bearer');
      expect(json(rpc)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'unauthorized' },
      });
      const rest = await a2aRequest(server.url, '/a2a/rest/message:send', {
        headers: { ...headers, ...V1 },
        body: sendParams('hi'),
      });
      expect(rest.status).toBe(401);
      expect(json(rest)).toEqual({
        error: { code: 401, status: 'UNAUTHENTICATED', message: 'unauthorized' },
      });
    }
    expect(prompts).toEqual([]);
    expect(JSON.stringify(observer.logs)).not.toContain('a-wrong-token');
    expect(observer.logs.filter((log) => log.message.includes(' 401 '))).toHaveLength(4);

    const card = await a2aRequest(server.url, '/.well-known/agent-card.json', { headers: V1 });
    expect(card.status).toBe(200);
    expect(json(card)).toMatchObject({
      securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
      securityRequirements: [{ schemes: { bearer: {} } }],
    });
    const legacyCard = await a2aRequest(server.url, '/.well-known/agent-card.json', {
      headers: { 'a2a-version': '0.3' },
    });
    expect(json(legacyCard)).toMatchObject({
      securitySchemes: { bearer: { type: 'http', scheme: 'Bearer' } },
      security: [{ bearer: [] }],
    });
    await expect(legitimateCall(server.url)).resolves.toMatchObject({ ok: false });
    expect(await legitimateCall(server.url, { authorization: `Bearer ${TOKEN}` })).toEqual({
      answer: 'echo: hello',
    });
  });

  it('without authorize the card says nothing of authentication', async () => {
    const { server } = await echoServer();
    const card = json(
      await a2aRequest(server.url, '/.well-known/agent-card.json', { headers: V1 }),
    );
    expect(card.securitySchemes ?? {}).toEqual({});
  });
});

describe('serveA2A against a hostile client: limits and malformed requests', () => {
  it('a body over maxBodyBytes (1 MiB by default) is a JSON 413, logged once without its body; 200 KB is fine', async () => {
    const observer = createRecordingObserver();
    const { server, prompts } = await echoServer({ observer });
    const big = `SECRET-${'x'.repeat(1024 * 1024)}`;
    for (const path of ['/a2a/jsonrpc', '/a2a/rest/message:send']) {
      const answer = await a2aRequest(server.url, path, {
        headers: V1,
        body: jsonRpc('SendMessage', sendParams(big)),
      });
      expect(answer.status).toBe(413);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.body).not.toMatch(/<html|<pre|\bat \w|node_modules|SECRET/i);
    }
    expect(prompts).toEqual([]);
    const logged = observer.logs.filter((log) => log.message.includes(' 413 '));
    expect(logged).toHaveLength(2);
    expect(JSON.stringify(observer.logs)).not.toContain('SECRET');

    const fine = await a2aRequest(server.url, '/a2a/jsonrpc', {
      headers: V1,
      body: jsonRpc('SendMessage', sendParams(`long: ${'y'.repeat(200 * 1024)}`)),
    });
    expect(fine.status).toBe(200);
    expect(fine.body).toContain('echo: long: yyyy');
    expect(await legitimateCall(server.url)).toEqual({ answer: 'echo: hello' });
  });

  it('stalled headers and a stalled body: the socket is closed (JSON 408)', async () => {
    const { server, port, prompts } = await echoServer({
      headersTimeoutMs: 100,
      requestTimeoutMs: 200,
    });
    const headers = await rawHttpExchange(
      port,
      `POST /a2a/jsonrpc HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Ty`,
    );
    expect(headers.status).toBe(408);
    const body = await rawHttpExchange(
      port,
      `POST /a2a/jsonrpc HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"jsonrpc":"2.0","id":1,`,
    );
    expect(body.status).toBe(408);
    expect(JSON.parse(body.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    expect(prompts).toEqual([]);
    expect(await legitimateCall(server.url)).toEqual({ answer: 'echo: hello' });
  });

  it('malformed JSON, malformed JSON-RPC, unknown paths: JSON errors, never HTML', async () => {
    const { server, prompts } = await echoServer();
    const rpc = await a2aRequest(server.url, '/a2a/jsonrpc', { headers: V1, body: '{"jsonrpc":' });
    expect(rpc.status).toBe(400);
    expect(json(rpc)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Invalid JSON payload.' },
    });
    const rest = await a2aRequest(server.url, '/a2a/rest/message:send', {
      headers: V1,
      body: '{"message":',
    });
    expect(rest.status).toBe(400);
    expect(json(rest)).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
    const notRpc = await a2aRequest(server.url, '/a2a/jsonrpc', {
      headers: V1,
      body: { hello: 'world' },
    });
    expect(notRpc.status).toBeLessThan(500);
    expect(json(notRpc)).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number) } });
    const wrongParams = await a2aRequest(server.url, '/a2a/jsonrpc', {
      headers: V1,
      body: jsonRpc('SendMessage', { message: 42 }),
    });
    expect(json(wrongParams)).toMatchObject({ error: { code: expect.any(Number) } });
    for (const [method, path] of [
      ['GET', '/nowhere'],
      ['GET', '/a2a/jsonrpc'],
      ['DELETE', '/a2a/rest/tasks'],
    ] as const) {
      const answer = await a2aRequest(server.url, path, { method });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.headers['content-type'], path).toContain('json');
      expect(answer.body).not.toMatch(/<html|<pre|Cannot /);
    }
    const garbage = await rawHttpExchange(Number(new URL(server.url).port), 'NOPE\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(prompts).toEqual([]);
    expect(await legitimateCall(server.url)).toEqual({ answer: 'echo: hello' });
  });
});
