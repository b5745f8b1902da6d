import { AbortError, AigoError, ProviderError, TimeoutError, ValidationError } from '@aigo/ai';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { HostResolver } from './resolve-target.js';
import { safeFetch } from './safe-fetch.js';
import { safeFetchJson } from './safe-fetch-json.js';

const toLoopback: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
const trusted = { lookup: toLoopback, allowPrivateNetwork: true } as const;

let server: RecordedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('safeFetch', () => {
  it('follows relative and absolute redirects, reporting each hop and the final URL', async () => {
    server = await startRecordedServer([
      { method: 'GET', path: '/a', status: 301, headers: { location: '/b' } },
      {
        method: 'GET',
        path: '/b',
        respond: (_request, response) => {
          response.writeHead(307, { location: `http://site.test:${server?.port}/c?x=1` });
          response.end();
        },
      },
      { method: 'GET', path: '/c', body: 'done', headers: { 'content-type': 'text/plain' } },
    ]);
    const response = await safeFetch(`http://site.test:${server.port}/a`, {
      lookup: toLoopback,
      allowedPrivateHosts: ['SITE.test'],
    });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`http://site.test:${server.port}/c?x=1`);
    expect(response.redirects).toEqual([
      `http://site.test:${server.port}/a`,
      `http://site.test:${server.port}/b`,
    ]);
    expect(response.mediaType).toBe('text/plain');
    expect(response.text()).toBe('done');
    expect(server.requests.map((request) => request.path)).toEqual(['/a', '/b', '/c']);
  });

  it('stops after maxRedirects', async () => {
    server = await startRecordedServer([
      { method: 'GET', path: '/loop', status: 302, headers: { location: '/loop' } },
    ]);
    const error = await safeFetch(`http://site.test:${server.port}/loop`, {
      ...trusted,
      maxRedirects: 3,
    }).catch((caught: unknown) => caught);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect((error as ProviderError).code).toBe('invalid_response');
    expect((error as ProviderError).message).toContain('redirected more than 3 times');
    expect(server.requests).toHaveLength(4);
  });

  it('returns the redirect itself with maxRedirects 0', async () => {
    server = await startRecordedServer([
      { method: 'GET', path: '/moved', status: 301, headers: { location: '/new' }, body: 'moved' },
    ]);
    const response = await safeFetch(`http://site.test:${server.port}/moved`, {
      ...trusted,
      maxRedirects: 0,
    });
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe('/new');
    expect(server.requests).toHaveLength(1);
  });

  it('turns a POST into a GET on 303 and drops secret headers on a redirect to another origin', async () => {
    server = await startRecordedServer([
      {
        method: 'POST',
        path: '/form',
        respond: (_request, response) => {
          response.writeHead(303, { location: `http://other.test:${server?.port}/result` });
          response.end();
        },
      },
      { method: 'GET', path: '/result', body: { ok: true } },
    ]);
    const response = await safeFetch(`http://site.test:${server.port}/form`, {
      ...trusted,
      method: 'POST',
      body: '{"a":1}',
      headers: {
        authorization: 'Bearer secret-token-123',
        'x-api-key': 'key-123456',
        'content-type': 'application/json',
        'user-agent': 'aigo-test',
      },
    });
    expect(response.status).toBe(200);
    const [first, second] = server.requests;
    expect(first?.headers.authorization).toBe('Bearer secret-token-123');
    expect(first?.body).toEqual({ a: 1 });
    expect(second?.method).toBe('GET');
    expect(second?.rawBody).toBe('');
    expect(second?.headers.authorization).toBeUndefined();
    expect(second?.headers['x-api-key']).toBeUndefined();
    expect(second?.headers['content-type']).toBeUndefined();
    expect(second?.headers['user-agent']).toBe('aigo-test');
    expect(second?.headers.host).toBe(`other.test:${server.port}`);
  });

  it('connects to the address it checked, never to a later DNS answer (rebinding)', async () => {
    server = await startRecordedServer([{ method: 'GET', path: '/', body: 'pinned' }]);
    const asked: string[] = [];
    // First answer 127.0.0.1 (where the server listens); any later answer 127.0.0.2 (nothing listens).
    const rebinding: HostResolver = async (hostname) => {
      asked.push(hostname);
      return [{ address: asked.length === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    };
    const response = await safeFetch(`http://rebind.test:${server.port}/`, {
      lookup: rebinding,
      allowedPrivateHosts: ['rebind.test'],
    });
    expect(response.text()).toBe('pinned');
    expect(response.address).toBe('127.0.0.1');
    expect(asked).toEqual(['rebind.test']);
  });

  it('refuses a body over the limit, whether declared or streamed', async () => {
    server = await startRecordedServer([
      { method: 'GET', path: '/declared', body: 'x'.repeat(2000) },
      {
        method: 'GET',
        path: '/chunked',
        respond: (_request, response) => {
          response.writeHead(200, { 'content-type': 'text/plain' });
          response.write('y'.repeat(800));
          response.end('y'.repeat(800));
        },
      },
      { method: 'GET', path: '/exact', body: 'z'.repeat(1000) },
    ]);
    for (const path of ['/declared', '/chunked']) {
      const error = await safeFetch(`http://site.test:${server.port}${path}`, {
        ...trusted,
        maxResponseBytes: 1000,
      }).catch((caught: unknown) => caught);
      expect(ProviderError.isInstance(error), path).toBe(true);
      expect((error as ProviderError).message).toContain('larger than 1000 bytes');
    }
    const exact = await safeFetch(`http://site.test:${server.port}/exact`, {
      ...trusted,
      maxResponseBytes: 1000,
    });
    expect(exact.body.byteLength).toBe(1000);
  });

  it('refuses a media type the caller does not accept, before reading the body', async () => {
    server = await startRecordedServer([
      {
        method: 'GET',
        path: '/file.pdf',
        body: new Uint8Array([0x25, 0x50, 0x44, 0x46]),
        headers: { 'content-type': 'application/pdf' },
      },
    ]);
    const error = await safeFetch(`http://site.test:${server.port}/file.pdf`, {
      ...trusted,
      acceptContentType: (type) => type.startsWith('text/'),
    }).catch((caught: unknown) => caught);
    expect(AigoError.isInstance(error)).toBe(true);
    expect((error as AigoError).code).toBe('unsupported');
    expect((error as AigoError).message).toContain('application/pdf');
  });

  it('decodes text with the declared charset; HEAD reads no body', async () => {
    server = await startRecordedServer([
      {
        method: 'GET',
        path: '/latin',
        body: new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
        headers: { 'content-type': 'text/plain; charset=ISO-8859-1' },
      },
      { method: 'HEAD', path: '/latin', headers: { 'content-type': 'text/plain' } },
    ]);
    const response = await safeFetch(`http://site.test:${server.port}/latin`, trusted);
    expect(response.charset).toBe('iso-8859-1');
    expect(response.text()).toBe('café');
    const head = await safeFetch(`http://site.test:${server.port}/latin`, {
      ...trusted,
      method: 'HEAD',
    });
    expect(head.status).toBe(200);
    expect(head.body.byteLength).toBe(0);
  });

  it('times out a stalled response and aborts on the caller signal', async () => {
    server = await startRecordedServer([
      { method: 'GET', path: '/stall', body: 'abcdef', fault: { kind: 'stall', afterBytes: 2 } },
    ]);
    const timedOut = await safeFetch(`http://site.test:${server.port}/stall`, {
      ...trusted,
      timeoutMs: 150,
    }).catch((caught: unknown) => caught);
    expect(TimeoutError.isInstance(timedOut)).toBe(true);

    const controller = new AbortController();
    const pending = safeFetch(`http://site.test:${server.port}/stall`, {
      ...trusted,
      signal: controller.signal,
    });
    await server.waitForRequests(2);
    controller.abort(new Error('user left'));
    const aborted = await pending.catch((caught: unknown) => caught);
    expect(AbortError.isInstance(aborted)).toBe(true);
    await server.waitForSocketsClosed();
  });

  it('maps a refused connection to connection_error', async () => {
    server = await startRecordedServer([]);
    const port = server.port;
    await server.close();
    server = undefined;
    const error = await safeFetch(`http://site.test:${port}/`, trusted).catch(
      (caught: unknown) => caught,
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect((error as ProviderError).code).toBe('connection_error');
  });

  it('validates its arguments', async () => {
    await expect(safeFetch(42 as unknown as string)).rejects.toThrow(ValidationError);
    await expect(
      safeFetch('http://example.com/', { method: 'PUT' as 'GET' }),
    ).rejects.toMatchObject({ argument: 'options.method' });
    await expect(safeFetch('http://example.com/', { body: 'x' })).rejects.toMatchObject({
      argument: 'options.body',
    });
    await expect(
      safeFetch('http://example.com/', { allowedPrivateHosts: [''] }),
    ).rejects.toMatchObject({ argument: 'options.allowedPrivateHosts' });
    await expect(safeFetch('http://example.com/', { maxRedirects: -1 })).rejects.toMatchObject({
      argument: 'options.maxRedirects',
    });
  });
});

describe('safeFetchJson', () => {
  it('sends the query, headers and JSON body and parses the answer', async () => {
    server = await startRecordedServer([
      { method: 'GET', path: '/search', body: { results: [1, 2] } },
      { method: 'POST', path: '/ask', body: { answer: 'yes' } },
    ]);
    const base = `http://api.test:${server.port}`;
    const got = await safeFetchJson<{ results: number[] }>(`${base}/search`, {
      lookup: toLoopback,
      allowedPrivateHosts: ['api.test'],
      query: { q: 'a b', count: 5, safe: true, skipped: undefined },
      headers: { 'x-subscription-token': 'brave-key-123' },
    });
    expect(got.data.results).toEqual([1, 2]);
    const sent = server.requests[0];
    expect(sent?.query).toEqual({ q: 'a b', count: '5', safe: 'true' });
    expect(sent?.headers.accept).toBe('application/json');
    expect(sent?.headers['x-subscription-token']).toBe('brave-key-123');

    const posted = await safeFetchJson<{ answer: string }>(`${base}/ask`, {
      ...trusted,
      json: { question: 'ok?' },
    });
    expect(posted.data.answer).toBe('yes');
    expect(server.requests[1]?.method).toBe('POST');
    expect(server.requests[1]?.headers['content-type']).toBe('application/json');
    expect(server.requests[1]?.body).toEqual({ question: 'ok?' });
  });

  it.each([
    [401, { error: 'Invalid API key' }, 'authentication', false],
    [429, { message: 'Rate limit exceeded' }, 'rate_limited', true],
    [500, { error: 'boom' }, 'server_error', true],
    [503, 'unavailable', 'overloaded', true],
  ] as const)('maps HTTP %i to a typed ProviderError', async (status, body, code, retryable) => {
    server = await startRecordedServer([
      {
        method: 'GET',
        path: '/x',
        status,
        body,
        headers: status === 429 ? { 'retry-after': '2' } : {},
      },
    ]);
    const error = await safeFetchJson(`http://api.test:${server.port}/x`, {
      ...trusted,
      provider: 'brave',
      headers: { 'x-subscription-token': 'very-secret-key-987' },
    }).catch((caught: unknown) => caught);
    expect(ProviderError.isInstance(error)).toBe(true);
    const providerError = error as ProviderError;
    expect(providerError.provider).toBe('brave');
    expect(providerError.status).toBe(status);
    expect([code, 'invalid_api_key']).toContain(providerError.code);
    expect(providerError.retryable).toBe(retryable);
    if (status === 429) expect(providerError.retryAfterMs).toBe(2000);
    expect(JSON.stringify(providerError)).not.toContain('very-secret-key-987');
  });

  it('rejects a 2xx body that is not JSON, without the secret in the excerpt', async () => {
    server = await startRecordedServer([
      {
        method: 'POST',
        path: '/x',
        body: '<html>oops tvly-secret-key-555</html>',
        headers: { 'content-type': 'text/html' },
      },
    ]);
    const error = await safeFetchJson(`http://api.test:${server.port}/x`, {
      ...trusted,
      provider: 'tavily',
      json: { api_key: 'tvly-secret-key-555' },
      secrets: ['tvly-secret-key-555'],
    }).catch((caught: unknown) => caught);
    expect((error as ProviderError).code).toBe('invalid_response');
    expect((error as ProviderError).message).not.toContain('tvly-secret-key-555');
  });
});
