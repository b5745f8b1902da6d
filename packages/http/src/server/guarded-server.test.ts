import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { rawHttpExchange } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { bearerAuth } from './bearer-auth.js';
import {
  type GuardedServer,
  type GuardedServerSettings,
  type RequestFailure,
  startGuardedServer,
} from './guarded-server.js';
import { resolveServerOptions, type ServerOptions } from './server-options.js';

const servers: GuardedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const TOKEN = 'a-token-of-sixteen-chars-or-more';

interface Started {
  readonly guarded: GuardedServer;
  readonly port: number;
  readonly failures: RequestFailure[];
  readonly bodies: string[];
}

/** A guarded echo server: answers 200 with the body's length, or 200 `ok` for a GET. */
async function start(
  options: ServerOptions = {},
  settings: Partial<GuardedServerSettings> = {},
): Promise<Started> {
  const failures: RequestFailure[] = [];
  const bodies: string[] = [];
  const guarded = await startGuardedServer({
    host: '127.0.0.1',
    port: 0,
    options: resolveServerOptions(options, {
      argument: 'options',
      host: '127.0.0.1',
      maxBodyBytes: 1024,
    }),
    cors: { methods: ['GET', 'POST'], headers: ['content-type'], exposeHeaders: ['x-session'] },
    log: (failure) => failures.push(failure),
    async handle(request, response, { readBody }) {
      if (request.method === 'POST') {
        const body = await readBody();
        if (body === undefined) return;
        bodies.push(body.toString('utf8'));
        response.end(`read ${body.length}`);
        return;
      }
      if (request.url === '/hang') return; // never answers, never reads
      if (request.url?.startsWith('/crash')) throw new Error('/home/me/secret/path.ts exploded');
      response.end('ok');
    },
    ...settings,
  });
  servers.push(guarded);
  return { guarded, port: guarded.port, failures, bodies };
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

function call(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        agent: false,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('startGuardedServer: Host and Origin', () => {
  it('answers its own Host names with their port, 421 (JSON) any other', async () => {
    const { port, failures } = await start();
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      expect((await call(port, '/', { headers: { host } })).status, host).toBe(200);
    }
    for (const host of [`attacker.example:${port}`, 'localhost', `127.0.0.1:${port + 1}`]) {
      const answer = await call(port, '/', { headers: { host } });
      expect(answer.status, host).toBe(421);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: 421, message: 'this server does not answer to that Host' },
      });
    }
    expect(failures.map((failure) => failure.status)).toEqual([421, 421, 421]);
  });

  it('allowedHosts: with a port that port only, without one any port', async () => {
    const { port } = await start({ allowedHosts: ['box.local:8080', 'agents.example.com'] });
    const status = async (host: string) => (await call(port, '/', { headers: { host } })).status;
    expect(await status('box.local:8080')).toBe(200);
    expect(await status('box.local:9090')).toBe(421);
    expect(await status('agents.example.com')).toBe(200);
    expect(await status('AGENTS.example.com:443')).toBe(200);
    expect(await status('evil.agents.example.com')).toBe(421);
  });

  it('a foreign Origin is refused 403; its own and none pass; a listed one gets CORS headers', async () => {
    const { port } = await start({ allowedOrigins: ['https://app.example.com'] });
    const own = `http://127.0.0.1:${port}`;
    const foreign = await call(port, '/', { headers: { origin: 'http://attacker.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect((await call(port, '/', { headers: { origin: 'null' } })).status).toBe(403);
    const same = await call(port, '/', { headers: { origin: own } });
    expect(same.status).toBe(200);
    expect(same.headers['access-control-allow-origin']).toBeUndefined();
    expect((await call(port, '/')).status).toBe(200);
    const listed = await call(port, '/', { headers: { origin: 'https://app.example.com' } });
    expect(listed.status).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(listed.headers['access-control-expose-headers']).toBe('x-session');
    expect(listed.headers.vary).toBe('Origin');
  });

  it('preflights: 403 from another origin, 204 with only its methods and headers from a listed one', async () => {
    const { port } = await start({ allowedOrigins: ['https://app.example.com'] });
    const preflight = (origin: string) =>
      call(port, '/', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'x-anything',
        },
      });
    const refused = await preflight('http://attacker.example');
    expect(refused.status).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await preflight('https://app.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(allowed.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
    expect(allowed.headers['access-control-allow-headers']).toBe('content-type');
    const plain = await call(port, '/', { method: 'OPTIONS' });
    expect(plain.status).toBe(204);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('requireOrigin: the requests it names need an Origin', async () => {
    const { port } = await start({}, { requireOrigin: (request) => request.method === 'POST' });
    expect((await call(port, '/', { method: 'POST', body: 'x' })).status).toBe(403);
    const own = await call(port, '/', {
      method: 'POST',
      body: 'x',
      headers: { origin: `http://127.0.0.1:${port}` },
    });
    expect(own.body).toBe('read 1');
  });
});

describe('startGuardedServer: authorize', () => {
  it('bearerAuth: 401 with WWW-Authenticate: Bearer without the token or with a wrong one', async () => {
    const { port, failures } = await start(
      { authorize: bearerAuth(TOKEN) },
      { challenge: 'Bearer', isPublic: (request) => request.url === '/public' },
    );
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', TOKEN]) {
      const answer = await call(port, '/', {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).not.toContain('wrong-token');
    }
    expect(JSON.stringify(failures)).not.toContain('wrong-token');
    expect((await call(port, '/', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      200,
    );
    expect((await call(port, '/public')).status).toBe(200);
  });

  it('an async authorize, one that throws, and one that rejects', async () => {
    for (const authorize of [
      async () => false,
      () => {
        throw new Error('broken');
      },
      () => Promise.reject(new Error('broken')),
    ]) {
      const { port } = await start({ authorize });
      expect((await call(port, '/')).status).toBe(401);
    }
    const { port } = await start({ authorize: async (request) => request.url === '/yes' });
    expect((await call(port, '/yes')).status).toBe(200);
  });

  it('an authorize that names the caller ({ principal }) lets it through, and the handler gets the principal', async () => {
    const seen: (string | undefined)[] = [];
    const { port } = await start(
      {
        authorize: async (request) =>
          request.url === '/alice' ? { principal: 'alice' } : request.url === '/anyone',
      },
      {
        handle(_request, response, { principal }) {
          seen.push(principal);
          response.end('ok');
        },
      },
    );
    expect((await call(port, '/alice')).status).toBe(200);
    expect((await call(port, '/anyone')).status).toBe(200);
    expect((await call(port, '/nobody')).status).toBe(401);
    expect(seen).toEqual(['alice', undefined]);
    // A synchronous verdict naming the caller too; one whose principal is not a string refuses.
    const sync = await start(
      { authorize: () => ({ principal: 'svc' }) },
      {
        handle(_request, response, { principal }) {
          response.end(principal);
        },
      },
    );
    expect((await call(sync.port, '/')).body).toBe('svc');
    const odd = await start({ authorize: () => ({ principal: 7 }) as never });
    expect((await call(odd.port, '/')).status).toBe(401);
  });

  it('Host is checked before authorization, Origin too', async () => {
    const { port } = await start({ authorize: bearerAuth(TOKEN) });
    const headers = { authorization: `Bearer ${TOKEN}` };
    expect(
      (await call(port, '/', { headers: { ...headers, host: `evil.example:${port}` } })).status,
    ).toBe(421);
    expect(
      (await call(port, '/', { headers: { ...headers, origin: 'http://evil.example' } })).status,
    ).toBe(403);
  });
});

describe('startGuardedServer: limits and errors', () => {
  it('a body over maxBodyBytes is 413 (declared or streamed); one at the limit is read', async () => {
    const { port, failures, bodies } = await start();
    expect((await call(port, '/', { method: 'POST', body: 'x'.repeat(1024) })).body).toBe(
      'read 1024',
    );
    const declared = await rawHttpExchange(
      port,
      `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 5000\r\nConnection: close\r\n\r\n${'z'.repeat(5000)}`,
    );
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({
      error: { code: 413, message: 'the body is larger than 1024 bytes' },
    });
    const chunk = 'y'.repeat(2000);
    const streamed = await rawHttpExchange(
      port,
      `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${(2000).toString(16)}\r\n${chunk}\r\n0\r\n\r\n`,
    );
    expect(streamed.status).toBe(413);
    expect(bodies).toEqual(['x'.repeat(1024)]);
    expect(failures.map((failure) => [failure.status, failure.method, failure.path])).toEqual([
      [413, 'POST', '/'],
      [413, 'POST', '/'],
    ]);
    expect(JSON.stringify(failures)).not.toContain('yyyy');
  });

  it('a body declared too large that stops coming: 413 and the connection closed', async () => {
    const { port } = await start({ headersTimeoutMs: 100, requestTimeoutMs: 60_000 });
    const stalled = await rawHttpExchange(
      port,
      `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 99999999\r\n\r\nsome`,
    );
    expect(stalled.status).toBe(413);
    expect(stalled.text.toLowerCase()).toContain('connection: close');
  });

  it('a handler that throws: 500 JSON without the message or a stack, logged once', async () => {
    const { port, failures } = await start();
    const answer = await call(port, '/crash?secret=1');
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 500, message: 'internal error' } });
    expect(failures).toEqual([
      {
        status: 500,
        message: 'internal error',
        method: 'GET',
        path: '/crash',
        cause: 'Error',
      },
    ]);
  });

  it('stalled headers: the connection is closed after headersTimeoutMs, with a JSON 408', async () => {
    const { port, failures } = await start({ headersTimeoutMs: 100, requestTimeoutMs: 200 });
    const stalled = await rawHttpExchange(
      port,
      `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Le`,
    );
    expect(stalled.status).toBe(408);
    expect(JSON.parse(stalled.body)).toMatchObject({ error: { code: 408 } });
    expect(failures.map((failure) => failure.status)).toEqual([408]);
    expect((await call(port, '/')).status).toBe(200);
  });

  it('a stalled body: closed once it pauses longer than headersTimeoutMs', async () => {
    const { port } = await start({ headersTimeoutMs: 100, requestTimeoutMs: 60_000 });
    const stalled = await rawHttpExchange(
      port,
      `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 100\r\n\r\nhalf`,
    );
    expect(stalled.status).toBe(408);
    expect(JSON.parse(stalled.body)).toEqual({
      error: { code: 408, message: 'the body stopped arriving' },
    });
  });

  it('refused before its body arrived, a request whose body stops: closed after headersTimeoutMs', async () => {
    const { port } = await start({ headersTimeoutMs: 100, requestTimeoutMs: 60_000 });
    const refused = await rawHttpExchange(
      port,
      `POST / HTTP/1.1\r\nHost: evil.example:${port}\r\nContent-Length: 100\r\n\r\nhalf`,
    );
    expect(refused.status).toBe(421);
  });

  it('a request not whole within requestTimeoutMs: closed, with a JSON 408', async () => {
    // The handler does not read the body, so only Node's requestTimeout can end it.
    const { guarded, port, failures } = await start({
      headersTimeoutMs: 50,
      requestTimeoutMs: 100,
    });
    expect(guarded.server.requestTimeout).toBe(100);
    const stalled = await rawHttpExchange(
      port,
      `PUT /hang HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 100\r\n\r\nhalf`,
    );
    expect(stalled.status).toBe(408);
    expect(failures).toEqual([
      {
        status: 408,
        message: 'the request took too long to arrive',
        method: 'PUT',
        path: '/hang',
      },
    ]);
  });

  it('malformed HTTP: a JSON 400, the connection closed', async () => {
    const { port, failures } = await start();
    const answer = await rawHttpExchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 400, message: 'malformed HTTP request' },
    });
    expect(failures).toEqual([
      { status: 400, message: 'malformed HTTP request', method: '-', path: '-' },
    ]);
  });

  it('the defaults: 10 s for headers, 30 s for the request, 5 s keep-alive', async () => {
    const { guarded } = await start();
    expect(guarded.server.headersTimeout).toBe(10_000);
    expect(guarded.server.requestTimeout).toBe(30_000);
    expect(guarded.server.keepAliveTimeout).toBe(5_000);
  });

  it('errorBody and headers shape every error answer', async () => {
    const { port } = await start(
      {},
      {
        errorBody: (failure) => ({ jsonrpc: '2.0', error: { code: failure.code ?? -32000 } }),
        headers: { 'cache-control': 'no-store' },
      },
    );
    const answer = await call(port, '/', { headers: { host: 'evil.example' } });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.body)).toEqual({ jsonrpc: '2.0', error: { code: -32000 } });
  });
});
