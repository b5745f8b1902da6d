import { AigoError, ProviderError, ValidationError } from '@aigo/ai';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiToolClientSpec, createApiToolClient } from './api-tool-client.js';
import { UnsafeUrlError } from './unsafe-url-error.js';

const spec = {
  provider: 'demo',
  description: 'Demo',
  envVar: 'DEMO_API_KEY',
  defaultBaseURL: 'https://api.demo.invalid',
  defaultTimeoutMs: 5_000,
  authHeaders: (key: string) => ({ 'x-api-key': key }),
};

const keyless: ApiToolClientSpec = {
  provider: 'open',
  description: 'Open',
  defaultBaseURL: 'https://open.demo.invalid',
  defaultTimeoutMs: 5_000,
  headers: { 'User-Agent': 'demo-tool/1.0' },
};

const KEY = 'k-1234567890abcdef';

let server: RecordedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('createApiToolClient: post, the key, the options', () => {
  it('posts JSON with the key header to the configured base URL, which alone may be private', async () => {
    server = await startRecordedServer([{ path: '/v1/search', body: { results: [1] } }]);
    const client = createApiToolClient(spec, { apiKey: 'k-123', baseURL: `${server.url}/v1` });
    const data = await client.post<{ results: number[] }>(
      'search',
      { q: 'x' },
      new AbortController().signal,
    );
    expect(data).toEqual({ results: [1] });
    const request = server.lastRequest();
    expect(request?.headers['x-api-key']).toBe('k-123');
    expect(request?.body).toEqual({ q: 'x' });
  });

  it('fails at the first call, before any request, naming the variable when there is no key', async () => {
    const client = createApiToolClient(spec, { env: {} });
    const error = await client
      .post('search', {}, new AbortController().signal)
      .catch((e: unknown) => e);
    expect(AigoError.isInstance(error)).toBe(true);
    expect((error as AigoError).code).toBe('missing_api_key');
    expect((error as Error).message).toContain('DEMO_API_KEY');
  });

  it('names the bad option', () => {
    expect(() => createApiToolClient(spec, { baseURL: 'ftp://x' })).toThrow(/options.baseURL/);
    expect(() => createApiToolClient(spec, { timeoutMs: 0 })).toThrow(/options.timeoutMs/);
    expect(() => createApiToolClient(spec, null as never)).toThrow(ValidationError);
  });
});

describe('createApiToolClient', () => {
  it('GETs a path with query parameters and the key header, leaving undefined values out', async () => {
    server = await startRecordedServer([
      { method: 'GET', path: '/res/v1/web/search', body: { web: { results: [] } } },
    ]);
    const client = createApiToolClient(spec, { apiKey: KEY, baseURL: server.url });
    const data = await client.get<{ web: unknown }>('/res/v1/web/search', {
      q: 'rust async',
      count: 10,
      safe: true,
      offset: undefined,
    });
    expect(data).toEqual({ web: { results: [] } });
    const request = server.lastRequest();
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/res/v1/web/search');
    expect(request?.query).toEqual({ q: 'rust async', count: '10', safe: 'true' });
    expect(request?.headers['x-api-key']).toBe(KEY);
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.rawBody).toBe('');
  });

  it('calls a key-less API: no key is loaded or sent, the spec headers are, and path "" is the base URL', async () => {
    server = await startRecordedServer([{ method: 'GET', path: '/', body: { Abstract: 'a' } }]);
    const client = createApiToolClient(keyless, { baseURL: server.url, env: {} });
    expect(client.baseURL).toBe(`${server.url}/`);
    expect(await client.get('', { q: 'Ada Lovelace', format: 'json' })).toEqual({ Abstract: 'a' });
    const request = server.lastRequest();
    expect(request?.path).toBe('/');
    expect(request?.query).toEqual({ q: 'Ada Lovelace', format: 'json' });
    expect(request?.headers['user-agent']).toBe('demo-tool/1.0');
    expect(request?.headers['x-api-key']).toBeUndefined();
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('POSTs a body with the client', async () => {
    server = await startRecordedServer([{ path: '/api/answer', body: { answer: 42 } }]);
    const client = createApiToolClient(spec, { apiKey: KEY, baseURL: `${server.url}/api/` });
    expect(await client.post('answer', { query: 'q' })).toEqual({ answer: 42 });
    expect(server.lastRequest()?.method).toBe('POST');
    expect(server.lastRequest()?.body).toEqual({ query: 'q' });
  });

  it.each([
    [401, { error: 'invalid key' }, {}, ['authentication', 'invalid_api_key'], false],
    [429, { error: 'slow down' }, { 'retry-after': '2' }, ['rate_limited'], true],
    [503, '<html>down</html>', { 'content-type': 'text/html' }, ['overloaded'], true],
  ] as const)(
    'turns HTTP %i into a typed error named after the provider, without the key',
    async (status, body, headers, codes, retryable) => {
      server = await startRecordedServer([
        { method: 'GET', path: '/search', status, body, headers },
      ]);
      const client = createApiToolClient(spec, { apiKey: KEY, baseURL: server.url });
      const error = await client.get('search', { q: 'x' }).catch((e: unknown) => e);
      expect(ProviderError.isInstance(error)).toBe(true);
      const providerError = error as ProviderError;
      expect(providerError.provider).toBe('demo');
      expect(providerError.status).toBe(status);
      expect(codes as readonly string[]).toContain(providerError.code);
      expect(providerError.retryable).toBe(retryable);
      if (status === 429) expect(providerError.retryAfterMs).toBe(2000);
      expect(JSON.stringify(providerError)).not.toContain(KEY);
      expect(providerError.message).not.toContain(KEY);
    },
  );

  it('keeps the key out of an error even when the API echoes it in the body under any name', async () => {
    server = await startRecordedServer([
      { method: 'GET', path: '/echo', status: 400, body: { error: `bad request for ${KEY}` } },
    ]);
    const client = createApiToolClient(
      { ...spec, authHeaders: (key: string) => ({ 'x-demo': key }) },
      { apiKey: KEY, baseURL: server.url },
    );
    const error = (await client.get('echo').catch((e: unknown) => e)) as ProviderError;
    expect(error.code).toBe('bad_request');
    expect(error.message).not.toContain(KEY);
    expect(String(error.body)).not.toContain(KEY);
  });

  it('refuses a 2xx answer that is not JSON as invalid_response', async () => {
    server = await startRecordedServer([
      { method: 'GET', path: '/', body: 'not json', headers: { 'content-type': 'text/plain' } },
    ]);
    const client = createApiToolClient(keyless, { baseURL: server.url });
    const error = await client.get('').catch((e: unknown) => e);
    expect(ProviderError.isInstance(error) && error.code).toBe('invalid_response');
  });

  it('exempts only the base URL host from the address checks: a redirect elsewhere is refused', async () => {
    const recorded = await startRecordedServer([
      { method: 'GET', path: '/hop', status: 302, headers: { location: '/landed' }, body: '' },
      { method: 'GET', path: '/landed', body: { ok: true } },
      {
        method: 'GET',
        path: '/away',
        respond: (_request, response) => {
          response.writeHead(302, { location: `http://localhost:${recorded.port}/landed` });
          response.end();
        },
      },
    ]);
    server = recorded;
    const client = createApiToolClient(keyless, { baseURL: recorded.url });
    expect(await client.get('hop')).toEqual({ ok: true });
    const error = await client.get('away').catch((e: unknown) => e);
    expect(UnsafeUrlError.isInstance(error) && error.reason).toBe('local_name');
    expect(recorded.requests.map((request) => request.path)).toEqual(['/hop', '/landed', '/away']);
  });

  describe('baseURL', () => {
    it('takes baseURL', async () => {
      server = await startRecordedServer([{ method: 'GET', path: '/new/x', body: {} }]);
      const client = createApiToolClient(keyless, { baseURL: `${server.url}/new` });
      expect(client.baseURL).toBe(`${server.url}/new/`);
      await client.get('x');
      expect(server.lastRequest()?.path).toBe('/new/x');
    });

    it('uses the spec default, with the path ending in / and no query or fragment', () => {
      expect(createApiToolClient(keyless).baseURL).toBe('https://open.demo.invalid/');
      expect(createApiToolClient(spec, { apiKey: KEY }).baseURL).toBe('https://api.demo.invalid/');
      expect(
        createApiToolClient(keyless, { baseURL: 'http://proxy.example/api?x=1#top' }).baseURL,
      ).toBe('http://proxy.example/api/');
    });

    it('names the option that was given', () => {
      expect(() => createApiToolClient(keyless, { baseURL: 'not a url' })).toThrow(
        /options\.baseURL/,
      );
      // Refused, not ignored: ignored, it would send the calls to the API's own host.
      expect(() =>
        createApiToolClient(keyless, { baseUrl: 'http://127.0.0.1:1' } as never),
      ).toThrow(/options\.baseUrl: is not an option of the .* tools — did you mean baseURL\?/);
      expect(() => createApiToolClient(keyless, { apiKey: 'k' } as never)).toThrow(
        /options\.apiKey: is not an option/,
      );
      expect(() => createApiToolClient(spec, { apiKey: KEY, timeoutMS: 5 } as never)).toThrow(
        /options\.timeoutMS: is not an option of .* — did you mean timeoutMs\?/,
      );
      expect(() =>
        createApiToolClient({ ...keyless, defaultBaseURL: 'file:///etc' }, undefined),
      ).toThrow(/spec\.defaultBaseURL/);
    });
  });

  it('names the bad part of the spec and the bad arguments', async () => {
    const bad = (change: object) => () =>
      createApiToolClient({ ...spec, ...change } as ApiToolClientSpec, { apiKey: KEY });
    expect(bad({ provider: '' })).toThrow(/spec\.provider/);
    expect(bad({ envVar: 'not a name' })).toThrow(/spec\.envVar/);
    expect(bad({ authHeaders: undefined })).toThrow(/spec\.authHeaders/);
    expect(bad({ defaultTimeoutMs: -1 })).toThrow(/spec\.defaultTimeoutMs/);
    expect(bad({ headers: { 'x-a': 1 } })).toThrow(/spec\.headers/);
    expect(() => createApiToolClient(null as never)).toThrow(/spec/);
    const client = createApiToolClient(spec, { apiKey: KEY });
    await expect(client.post('x', null as never)).rejects.toThrow(/body/);
    await expect(client.get(3 as never)).rejects.toThrow(/path/);
  });
});
