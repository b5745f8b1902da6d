import {
  AbortError,
  AigoError,
  type ChatRequest,
  ProviderError,
  TimeoutError,
  userMessage,
} from '@aigo/ai';
import { fixtureRoute, loadFixture, loadFixtureJson } from '@aigo/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GEMINI_API_KEY_ENV, gemini } from '../src/gemini-provider.js';
import {
  GENERATE_PATH,
  noOpenSockets,
  readEvents,
  rejection,
  STREAM_PATH,
  startGeminiRig,
  TEST_API_KEY,
} from './support/test-gemini-server.js';

const request: ChatRequest = { model: 'gemini-2.0-flash', messages: [userMessage('hi')] };

function expectProviderError(error: unknown): ProviderError {
  expect(ProviderError.isInstance(error)).toBe(true);
  return error as ProviderError;
}

function expectNoKey(error: unknown): void {
  const text = `${String((error as Error).message)} ${JSON.stringify(error)} ${String(
    (error as ProviderError).body ?? '',
  )}`;
  expect(text).not.toContain(TEST_API_KEY);
}

/** No Gemini key in the environment, whichever of its names the machine running the tests sets. */
function stubNoKey(): void {
  for (const name of GEMINI_API_KEY_ENV) vi.stubEnv(name, '');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('error fixtures become typed errors', () => {
  it.each([
    {
      fixture: 'error-400-api-key-invalid.json',
      status: 400,
      code: 'invalid_api_key',
      providerCode: 'API_KEY_INVALID',
      retryable: false,
      retryAfterMs: undefined,
    },
    {
      fixture: 'error-403-service-disabled.json',
      status: 403,
      code: 'permission_denied',
      providerCode: 'SERVICE_DISABLED',
      retryable: false,
      retryAfterMs: undefined,
    },
    {
      fixture: 'error-404-model-not-found.json',
      status: undefined, // from error-404-model-not-found.headers.json
      code: 'model_not_found',
      providerCode: 'NOT_FOUND',
      retryable: false,
      retryAfterMs: undefined,
    },
    {
      fixture: 'error-429-quota-exceeded.json',
      status: 429,
      code: 'rate_limited',
      providerCode: 'RATE_LIMIT_EXCEEDED',
      retryable: true,
      retryAfterMs: undefined,
    },
    {
      fixture: 'error-429-quota-retry-info.json',
      status: 429,
      code: 'rate_limited',
      providerCode: 'RESOURCE_EXHAUSTED',
      retryable: true,
      retryAfterMs: 34_400,
    },
    {
      fixture: 'error-429-resource-exhausted.json',
      status: undefined, // from error-429-resource-exhausted.headers.json
      code: 'rate_limited',
      providerCode: 'RESOURCE_EXHAUSTED',
      retryable: true,
      retryAfterMs: undefined,
    },
  ])(
    '$fixture → $code',
    async ({ fixture, status, code, providerCode, retryable, retryAfterMs }) => {
      const routes = [GENERATE_PATH, STREAM_PATH].map((path) =>
        fixtureRoute({
          path,
          fixture: `gemini/${fixture}`,
          ...(status === undefined ? {} : { status }),
        }),
      );
      await using rig = await startGeminiRig(routes);
      const expected = loadFixtureJson<{ error: { code: number; message: string } }>(
        `gemini/${fixture}`,
      );
      for (const call of [
        () => rig.provider.sendMessage(request),
        () => rig.provider.streamMessage(request),
      ]) {
        const error = expectProviderError(await rejection(call()));
        expect(error.code).toBe(code);
        expect(error.status).toBe(expected.error.code);
        expect(error.providerCode).toBe(providerCode);
        expect(error.retryable).toBe(retryable);
        expect(error.retryAfterMs).toBe(retryAfterMs);
        expect(error.provider).toBe('gemini');
        expect(error.message).toContain(expected.error.message.slice(0, 40));
        expectNoKey(error);
      }
    },
  );

  it('error-400-api-key-invalid-on-sse-request.json: a JSON error body on an event-stream request', async () => {
    const recorded = loadFixtureJson<{
      contents: { parts: { text: string }[] }[];
      systemInstruction: { parts: { text: string }[] };
      generationConfig: { stopSequences: string[] };
    }>('gemini/error-400-api-key-invalid-on-sse-request.request.json');
    await using rig = await startGeminiRig([
      fixtureRoute({
        path: STREAM_PATH,
        fixture: 'gemini/error-400-api-key-invalid-on-sse-request.json',
      }),
    ]);
    const error = expectProviderError(
      await rejection(
        rig.provider.streamMessage({
          model: 'gemini-2.0-flash-exp',
          systemPrompt: recorded.systemInstruction.parts[0]?.text ?? '',
          messages: [userMessage(recorded.contents[0]?.parts[0]?.text ?? '')],
          stop: recorded.generationConfig.stopSequences,
        }),
      ),
    );
    expect(error.code).toBe('invalid_api_key');
    expect(error.status).toBe(400);
    expect(error.providerCode).toBe('API_KEY_INVALID');
    const sent = rig.server.lastRequest();
    expect(sent?.path).toBe('/v1beta/models/gemini-2.0-flash-exp:streamGenerateContent');
    expect(sent?.query).toEqual({ alt: 'sse' });
    expect(sent?.headers.accept).toBe('text/event-stream');
    // The recorded body, except that we send systemInstruction without a role (intentional).
    expect(sent?.body).toStrictEqual({
      ...recorded,
      systemInstruction: { parts: recorded.systemInstruction.parts },
    });
  });
});

describe('bodies that are not what Gemini documents', () => {
  const html =
    '<!DOCTYPE html><html><head><title>Bad Gateway</title></head><body>oops</body></html>';

  it('a 2xx HTML or non-JSON body is invalid_response (send and stream)', async () => {
    await using rig = await startGeminiRig([
      { path: GENERATE_PATH, headers: { 'content-type': 'text/html' }, body: html },
      { path: STREAM_PATH, headers: { 'content-type': 'text/html' }, body: html },
      { path: GENERATE_PATH, headers: { 'content-type': 'text/plain' }, body: 'not json at all' },
    ]);
    for (const call of [
      () => rig.provider.sendMessage(request),
      () => rig.provider.streamMessage(request),
      () => rig.provider.sendMessage(request),
    ]) {
      const error = expectProviderError(await rejection(call()));
      expect(error.code).toBe('invalid_response');
      expect(error.retryable).toBe(false);
    }
  });

  it('an HTML or plain-text error body is invalid_response, keeping status, retryable and Retry-After', async () => {
    await using rig = await startGeminiRig([
      {
        path: GENERATE_PATH,
        status: 502,
        headers: { 'content-type': 'text/html' },
        body: html,
        times: 1,
      },
      {
        path: STREAM_PATH,
        status: 503,
        headers: { 'content-type': 'text/plain', 'retry-after': '7' },
        body: 'upstream connect error',
      },
      { path: GENERATE_PATH, status: 400, headers: { 'content-type': 'text/html' }, body: html },
    ]);
    const gateway = expectProviderError(await rejection(rig.provider.sendMessage(request)));
    expect(gateway.code).toBe('invalid_response');
    expect(gateway.status).toBe(502);
    expect(gateway.retryable).toBe(true);
    expect(gateway.message).toContain('Bad Gateway');
    const unavailable = expectProviderError(await rejection(rig.provider.streamMessage(request)));
    expect(unavailable.code).toBe('invalid_response');
    expect(unavailable.status).toBe(503);
    expect(unavailable.retryable).toBe(true);
    expect(unavailable.retryAfterMs).toBe(7000);
    const bad = expectProviderError(await rejection(rig.provider.sendMessage(request)));
    expect(bad.code).toBe('invalid_response');
    expect(bad.retryable).toBe(false);
  });

  it('an error object inside a 200 answer or a stream is a typed error', async () => {
    const body = {
      error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' },
    };
    const first = `data: ${loadFixture('gemini/stream-text.sse').split('\r\n')[0]?.slice(6)}\r\n\r\n`;
    await using rig = await startGeminiRig([
      { path: GENERATE_PATH, body },
      { path: STREAM_PATH, sse: `${first}data: ${JSON.stringify(body)}\r\n\r\n` },
    ]);
    const sent = expectProviderError(await rejection(rig.provider.sendMessage(request)));
    expect(sent.code).toBe('server_error');
    expect(sent.providerCode).toBe('INTERNAL');
    const stream = await rig.provider.streamMessage(request);
    const streamed = expectProviderError(await rejection(readEvents(stream)));
    expect(streamed.code).toBe('server_error');
    expect(streamed.partial?.content).toBe('The');
  });

  it('a stream chunk that is not JSON fails the stream with invalid_response and the partial answer', async () => {
    const first = loadFixture('gemini/stream-text.sse').split('\r\n\r\n')[0];
    await using rig = await startGeminiRig([
      { path: STREAM_PATH, sse: `${first}\r\n\r\ndata: {"candidates": [{"content": \r\n\r\n` },
    ]);
    const stream = await rig.provider.streamMessage(request);
    const error = expectProviderError(await rejection(stream.collect()));
    expect(error.code).toBe('invalid_response');
    expect(error.partial?.content).toBe('The');
    expect(error.usage).toStrictEqual({ promptTokens: 7, completionTokens: 0, totalTokens: 7 });
  });

  it('a malformed chunk mid-stream closes the connection at once', async () => {
    const chunks = loadFixture('gemini/stream-text-long.sse').split('\r\n\r\n');
    const broken = `${chunks[0]}\r\n\r\ndata: {not json}\r\n\r\n`;
    const sse = `${broken}${chunks.slice(1).join('\r\n\r\n')}`;
    await using rig = await startGeminiRig([
      // The server stalls after the bad chunk: only the client can end the exchange.
      { path: STREAM_PATH, sse, fault: { kind: 'stall', afterBytes: Buffer.byteLength(broken) } },
    ]);
    const stream = await rig.provider.streamMessage(request);
    const error = expectProviderError(await rejection(readEvents(stream)));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toContain('{not json}');
    await noOpenSockets(rig.server);
  });

  it('an empty stream, and one that ends before a finish reason, are errors', async () => {
    const chunks = loadFixture('gemini/stream-text.sse').split('\r\n\r\n');
    await using rig = await startGeminiRig([
      { path: STREAM_PATH, sse: '', times: 1 },
      { path: STREAM_PATH, sse: `${chunks[0]}\r\n\r\n${chunks[1]}\r\n\r\n`, times: 1 },
    ]);
    const empty = expectProviderError(
      await rejection((await rig.provider.streamMessage(request)).collect()),
    );
    expect(empty.code).toBe('invalid_response');
    const cut = expectProviderError(
      await rejection((await rig.provider.streamMessage(request)).collect()),
    );
    expect(cut.code).toBe('stream_error');
    expect(cut.partial?.content).toBe('The capital of Wyoming');
  });
});

describe('faults', () => {
  const sse = loadFixture('gemini/stream-text-long.sse');
  const firstEvent = sse.indexOf('\r\n\r\n') + 4;

  it('a connection reset mid-stream fails with connection_error, keeps the partial answer and closes the socket', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({
        path: STREAM_PATH,
        fixture: 'gemini/stream-text-long.sse',
        fault: { kind: 'reset', afterBytes: firstEvent + 10 },
      }),
    ]);
    const stream = await rig.provider.streamMessage(request);
    const error = expectProviderError(await rejection(readEvents(stream)));
    expect(error.code).toBe('connection_error');
    expect(error.partial?.content.length).toBeGreaterThan(0);
    await noOpenSockets(rig.server);
  });

  it('a reset before any answer fails sendMessage with a retryable connection_error', async () => {
    await using rig = await startGeminiRig([
      { path: GENERATE_PATH, fault: { kind: 'close-before-response' } },
    ]);
    const error = expectProviderError(await rejection(rig.provider.sendMessage(request)));
    expect(error.code).toBe('connection_error');
    expect(error.retryable).toBe(true);
    expectNoKey(error);
  });

  it('a stalled stream is cancelled by the caller’s signal: AbortError with the partial answer, socket closed', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({
        path: STREAM_PATH,
        fixture: 'gemini/stream-text-long.sse',
        fault: { kind: 'stall', afterBytes: firstEvent },
      }),
    ]);
    const controller = new AbortController();
    const stream = await rig.provider.streamMessage(request, { signal: controller.signal });
    const seen: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const event of stream) {
          seen.push(event.type);
          if (event.type === 'content') controller.abort(new Error('user left'));
        }
      })(),
    );
    expect(AbortError.isInstance(error)).toBe(true);
    expect((error as AbortError).partial?.content.length).toBeGreaterThan(0);
    expect(seen).toContain('content');
    await noOpenSockets(rig.server);
  });

  it('a stalled stream times out with TimeoutError at the call deadline', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({
        path: STREAM_PATH,
        fixture: 'gemini/stream-text-long.sse',
        fault: { kind: 'stall', afterBytes: firstEvent },
      }),
    ]);
    const stream = await rig.provider.streamMessage(request, { timeoutMs: 300 });
    const error = await rejection(stream.collect());
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as TimeoutError).partial?.content.length).toBeGreaterThan(0);
    await noOpenSockets(rig.server);
  });

  it('breaking out of the loop closes the connection at once', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({
        path: STREAM_PATH,
        fixture: 'gemini/stream-text-long.sse',
        fault: { kind: 'drip', bytesPerWrite: 64 },
      }),
    ]);
    const stream = await rig.provider.streamMessage(request);
    for await (const event of stream) {
      if (event.type === 'content') break;
    }
    await noOpenSockets(rig.server);
  });

  it('an already aborted signal rejects before any request', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json' }),
    ]);
    const controller = new AbortController();
    controller.abort();
    expect(
      AbortError.isInstance(
        await rejection(rig.provider.sendMessage(request, { signal: controller.signal })),
      ),
    ).toBe(true);
    expect(rig.server.requests).toHaveLength(0);
  });
});

describe('configuration and secrets', () => {
  it('a missing key fails the first call naming the three variables, before any I/O', async () => {
    stubNoKey();
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json' }),
    ]);
    const provider = gemini({ baseURL: `${rig.server.url}/v1beta` });
    const error = await rejection(provider.sendMessage(request));
    expect(AigoError.isInstance(error)).toBe(true);
    expect((error as AigoError).code).toBe('missing_api_key');
    expect((error as Error).message).toBe(
      'Gemini API key is missing: pass the apiKey option or set one of the environment variables ' +
        'GEMINI_API_KEY, GOOGLE_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY (read in that order)',
    );
    expect(rig.server.requests).toHaveLength(0);
    await provider.close();
  });

  it('reads GEMINI_API_KEY at the first call, not at construction', async () => {
    stubNoKey();
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json' }),
    ]);
    const provider = gemini({ baseURL: `${rig.server.url}/v1beta` });
    vi.stubEnv('GEMINI_API_KEY', 'AIzaSy-set-later-0123456789abcdefghijklm');
    await provider.sendMessage(request);
    expect(rig.server.lastRequest()?.headers['x-goog-api-key']).toBe(
      'AIzaSy-set-later-0123456789abcdefghijklm',
    );
    await provider.close();
  });

  it('calls without a key when options.headers carry x-goog-api-key (a proxy adds its own)', async () => {
    stubNoKey();
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json' }),
    ]);
    const provider = gemini({
      baseURL: `${rig.server.url}/v1beta`,
      headers: { 'X-Goog-Api-Key': 'proxy-key-123456' },
    });
    await provider.sendMessage(request);
    expect(rig.server.lastRequest()?.headers['x-goog-api-key']).toBe('proxy-key-123456');
    await provider.close();
  });

  it('reads GEMINI_API_KEY and GEMINI_API_BASE_URL; explicit options win', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json' }),
    ]);
    vi.stubEnv('GEMINI_API_KEY', 'AIzaSy-from-env-0123456789abcdefghijklmn');
    vi.stubEnv('GEMINI_API_BASE_URL', `${rig.server.url}/v1beta/`);
    const fromEnv = gemini();
    expect(fromEnv.baseURL).toBe(`${rig.server.url}/v1beta`);
    await fromEnv.sendMessage(request);
    expect(rig.server.lastRequest()?.headers['x-goog-api-key']).toBe(
      'AIzaSy-from-env-0123456789abcdefghijklmn',
    );
    await fromEnv.close();
    const explicit = gemini({ apiKey: 'explicit-key-123', baseURL: `${rig.server.url}/v1beta` });
    await explicit.sendMessage(request);
    expect(rig.server.lastRequest()?.headers['x-goog-api-key']).toBe('explicit-key-123');
    await explicit.close();
  });

  it('falls back to GOOGLE_API_KEY, then GOOGLE_GENERATIVE_AI_API_KEY; GEMINI_API_KEY wins', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json' }),
    ]);
    const sentKey = async (): Promise<string | undefined> => {
      const provider = gemini({ baseURL: `${rig.server.url}/v1beta` });
      try {
        await provider.sendMessage(request);
      } finally {
        await provider.close();
      }
      return rig.server.lastRequest()?.headers['x-goog-api-key'];
    };
    stubNoKey();
    vi.stubEnv('GOOGLE_GENERATIVE_AI_API_KEY', 'AIzaSy-vercel-name-0123456789abcdefghij');
    expect(await sentKey()).toBe('AIzaSy-vercel-name-0123456789abcdefghij');
    vi.stubEnv('GOOGLE_API_KEY', 'AIzaSy-google-name-0123456789abcdefghij');
    expect(await sentKey()).toBe('AIzaSy-google-name-0123456789abcdefghij');
    vi.stubEnv('GEMINI_API_KEY', 'AIzaSy-gemini-name-0123456789abcdefghij');
    expect(await sentKey()).toBe('AIzaSy-gemini-name-0123456789abcdefghij');
    vi.stubEnv('GEMINI_API_KEY', '  ');
    expect(await sentKey()).toBe('AIzaSy-google-name-0123456789abcdefghij');
    expect(GEMINI_API_KEY_ENV).toEqual([
      'GEMINI_API_KEY',
      'GOOGLE_API_KEY',
      'GOOGLE_GENERATIVE_AI_API_KEY',
    ]);
  });

  it('uses the default model when the request names none, sends extra headers, encodes the model id', async () => {
    await using rig = await startGeminiRig(
      [fixtureRoute({ path: /:generateContent$/, fixture: 'gemini/text.json' })],
      { defaultModel: 'gemini-2.0-flash', headers: { 'x-team': 'search' } },
    );
    await rig.provider.sendMessage(
      { model: '', messages: [userMessage('hi')] },
      { headers: { 'x-call': '1' } },
    );
    const sent = rig.server.lastRequest();
    expect(sent?.path).toBe('/v1beta/models/gemini-2.0-flash:generateContent');
    expect(sent?.headers['x-team']).toBe('search');
    expect(sent?.headers['x-call']).toBe('1');
    await rig.provider.sendMessage({
      model: 'models/gemini-2.5-pro',
      messages: [userMessage('hi')],
    });
    expect(rig.server.lastRequest()?.path).toBe('/v1beta/models/gemini-2.5-pro:generateContent');
    await rig.provider.sendMessage({ model: 'odd model?x=1', messages: [userMessage('hi')] });
    expect(rig.server.lastRequest()?.path).toBe(
      '/v1beta/models/odd%20model%3Fx%3D1:generateContent',
    );
    expect(rig.server.lastRequest()?.query).toEqual({});
  });

  it('never puts the key in URLs or errors, even when the server echoes it', async () => {
    const echo = {
      error: {
        code: 400,
        message: `API key ${TEST_API_KEY} not valid`,
        status: 'INVALID_ARGUMENT',
      },
    };
    await using rig = await startGeminiRig([
      { path: GENERATE_PATH, status: 400, body: echo },
      { path: STREAM_PATH, status: 400, body: echo },
    ]);
    for (const call of [
      () => rig.provider.sendMessage(request),
      () => rig.provider.streamMessage(request),
    ]) {
      expectNoKey(await rejection(call()));
    }
    for (const sent of rig.server.requests) {
      expect(`${sent.path}?${JSON.stringify(sent.query)}`).not.toContain(TEST_API_KEY);
      expect(sent.rawBody).not.toContain(TEST_API_KEY);
    }
  });

  it('validates its options, naming the bad one', () => {
    expect(() => gemini({ baseURL: 'ftp://x' })).toThrow(/options\.baseURL/);
    expect(() => gemini({ defaultModel: ' ' })).toThrow(/options\.defaultModel/);
    expect(() => gemini({ streamFormat: 'ws' as 'sse' })).toThrow(/options\.streamFormat/);
    expect(() => gemini({ apiKey: 3 as unknown as string })).toThrow(/options\.apiKey/);
    expect(() => gemini({ headers: { 'x-team': 1 as unknown as string } })).toThrow(
      /options\.headers\.x-team/,
    );
    expect(() => gemini({ timeoutMs: 0 })).toThrow(/options\.timeoutMs/);
    expect(() => gemini({ model: 'gemini-2.5-flash' } as never)).toThrow(
      /options\.model: is not an option of gemini\(\)/,
    );
  });

  it('close() is idempotent and a closed provider rejects calls', async () => {
    const provider = gemini({ apiKey: TEST_API_KEY, baseURL: 'http://127.0.0.1:9/v1beta' });
    await provider.close();
    await provider[Symbol.asyncDispose]();
    const error = await rejection(provider.sendMessage(request));
    expect(AigoError.isInstance(error)).toBe(true);
  });
});
