import { type AigoErrorCode, ProviderError, ValidationError } from '@aigo/ai';
import { loadFixture, type RecordedRoute, startRecordedServer } from '@aigo/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from '../transport/http-client.js';
import { errorFromResponse, MAX_ERROR_BODY_CHARS } from './error-from-response.js';

/** A distinctive fake key that matches no well-known key shape, so only the known-secret scrub can hide it. */
const API_KEY = 'AIGO-FAKE-KEY-7f3a9c1e5b2d4068';
/** A second one shaped like an OpenAI key. */
const SK_KEY = 'sk-aigo-test-0123456789ABCDEFghijklmn';

interface Row {
  readonly name: string;
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly code: AigoErrorCode;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly providerCode?: string;
  readonly message?: RegExp;
}

const fixture = (path: string): string => loadFixture(path);
const json = (value: unknown): string => JSON.stringify(value);

const rows: readonly Row[] = [
  // OpenAI Chat Completions, recorded
  {
    name: 'openai-chat/error-401-invalid-api-key',
    status: 401,
    body: fixture('openai-chat/error-401-invalid-api-key.json'),
    code: 'invalid_api_key',
    retryable: false,
    providerCode: 'invalid_api_key',
    message: /Incorrect API key provided/,
  },
  {
    name: 'openai-chat/error-404-model-not-found',
    status: 404,
    body: fixture('openai-chat/error-404-model-not-found.json'),
    code: 'model_not_found',
    retryable: false,
    providerCode: 'model_not_found',
    message: /non-existent-model/,
  },
  {
    name: 'openai-chat/error-400-unsupported-parameter',
    status: 400,
    body: fixture('openai-chat/error-400-unsupported-parameter.json'),
    code: 'bad_request',
    retryable: false,
    providerCode: 'unsupported_parameter',
    message: /'stop' is not supported/,
  },
  {
    name: 'openai-chat/error-400-unsupported-value',
    status: 400,
    body: fixture('openai-chat/error-400-unsupported-value.json'),
    code: 'bad_request',
    retryable: false,
    providerCode: 'unsupported_value',
  },
  {
    name: 'openai-chat/error-400-max-tokens-unsupported',
    status: 400,
    body: fixture('openai-chat/error-400-max-tokens-unsupported.json'),
    code: 'bad_request',
    retryable: false,
    providerCode: 'unsupported_parameter',
  },
  {
    name: 'openai-chat/error-429-insufficient-quota (with a Retry-After that must not matter)',
    status: 429,
    headers: { 'retry-after': '20' },
    body: fixture('openai-chat/error-429-insufficient-quota.json'),
    code: 'insufficient_quota',
    retryable: false,
    providerCode: 'insufficient_quota',
    message: /exceeded your current quota/,
  },
  {
    name: 'openai-chat/compat-openrouter-error-429',
    status: 429,
    body: fixture('openai-chat/compat-openrouter-error-429.json'),
    code: 'rate_limited',
    retryable: true,
    message:
      /Provider returned error: google\/gemini-2.0-flash-exp:free is temporarily rate-limited/,
  },
  {
    name: 'openai-chat/compat-groq-error-400-tool-use-failed',
    status: 400,
    body: fixture('openai-chat/compat-groq-error-400-tool-use-failed.json'),
    code: 'bad_request',
    retryable: false,
    providerCode: 'tool_use_failed',
    message: /Tool call validation failed/,
  },
  // OpenAI Responses, recorded
  {
    name: 'openai-responses/error-400-model-not-found',
    status: 400,
    body: fixture('openai-responses/error-400-model-not-found.json'),
    code: 'model_not_found',
    retryable: false,
    providerCode: 'model_not_found',
  },
  {
    name: 'openai-responses/error-400-temperature-unsupported',
    status: 400,
    body: fixture('openai-responses/error-400-temperature-unsupported.json'),
    code: 'bad_request',
    retryable: false,
    providerCode: 'invalid_request_error',
  },
  {
    name: 'openai-responses/error-401-invalid-api-key',
    status: 401,
    body: fixture('openai-responses/error-401-invalid-api-key.json'),
    code: 'invalid_api_key',
    retryable: false,
    providerCode: 'invalid_api_key',
  },
  // Gemini, recorded
  {
    name: 'gemini/error-400-api-key-invalid',
    status: 400,
    body: fixture('gemini/error-400-api-key-invalid.json'),
    code: 'invalid_api_key',
    retryable: false,
    providerCode: 'API_KEY_INVALID',
    message: /API key not valid/,
  },
  {
    name: 'gemini/error-403-service-disabled',
    status: 403,
    body: fixture('gemini/error-403-service-disabled.json'),
    code: 'permission_denied',
    retryable: false,
    providerCode: 'SERVICE_DISABLED',
  },
  {
    name: 'gemini/error-404-model-not-found',
    status: 404,
    body: fixture('gemini/error-404-model-not-found.json'),
    code: 'model_not_found',
    retryable: false,
    providerCode: 'NOT_FOUND',
  },
  {
    name: 'gemini/error-429-quota-retry-info (RetryInfo 34.4s)',
    status: 429,
    body: fixture('gemini/error-429-quota-retry-info.json'),
    code: 'rate_limited',
    retryable: true,
    retryAfterMs: 34_400,
    providerCode: 'RESOURCE_EXHAUSTED',
  },
  {
    name: 'gemini/error-429-quota-exceeded',
    status: 429,
    body: fixture('gemini/error-429-quota-exceeded.json'),
    code: 'rate_limited',
    retryable: true,
    providerCode: 'RATE_LIMIT_EXCEEDED',
  },
  {
    name: 'gemini/error-429-resource-exhausted',
    status: 429,
    body: fixture('gemini/error-429-resource-exhausted.json'),
    code: 'rate_limited',
    retryable: true,
    providerCode: 'RESOURCE_EXHAUSTED',
  },
  // Synthetic
  {
    name: '429 with Retry-After in seconds',
    status: 429,
    headers: { 'retry-after': '7' },
    body: json({
      error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
    }),
    code: 'rate_limited',
    retryable: true,
    retryAfterMs: 7000,
    providerCode: 'rate_limit_exceeded',
  },
  {
    name: '429 with retry-after-ms (wins over retry-after)',
    status: 429,
    headers: { 'retry-after-ms': '250', 'retry-after': '9' },
    body: json({ error: { message: 'Rate limit reached' } }),
    code: 'rate_limited',
    retryable: true,
    retryAfterMs: 250,
  },
  {
    name: '429 with a Retry-After of an hour (clamped to 60 s)',
    status: 429,
    headers: { 'retry-after': '3600' },
    body: json({ error: { message: 'Rate limit reached' } }),
    code: 'rate_limited',
    retryable: true,
    retryAfterMs: 60_000,
  },
  {
    name: '429 without Retry-After',
    status: 429,
    body: json({ error: { message: 'Rate limit reached' } }),
    code: 'rate_limited',
    retryable: true,
  },
  {
    name: '400 context_length_exceeded',
    status: 400,
    body: json({
      error: {
        message: "This model's maximum context length is 128000 tokens.",
        type: 'invalid_request_error',
        code: 'context_length_exceeded',
      },
    }),
    code: 'context_length_exceeded',
    retryable: false,
    providerCode: 'context_length_exceeded',
  },
  {
    name: '400 Gemini token limit (by message)',
    status: 400,
    body: json({
      error: {
        code: 400,
        message:
          'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
        status: 'INVALID_ARGUMENT',
      },
    }),
    code: 'context_length_exceeded',
    retryable: false,
    providerCode: 'INVALID_ARGUMENT',
  },
  {
    name: '401 without a word about keys',
    status: 401,
    body: json({ error: { message: 'Unauthorized' } }),
    code: 'authentication',
    retryable: false,
  },
  {
    name: '404 of something that is not a model',
    status: 404,
    body: json({ error: { message: 'No such route' } }),
    code: 'not_found',
    retryable: false,
  },
  { name: '408', status: 408, body: '', code: 'provider_error', retryable: true },
  {
    name: '409',
    status: 409,
    body: json({ error: { message: 'Conflict' } }),
    code: 'conflict',
    retryable: true,
  },
  {
    name: '500',
    status: 500,
    body: json({ error: { message: 'boom', type: 'server_error' } }),
    code: 'server_error',
    retryable: true,
    providerCode: 'server_error',
  },
  { name: '501 (not retryable)', status: 501, body: '', code: 'server_error', retryable: false },
  {
    name: '503 with Retry-After',
    status: 503,
    headers: { 'retry-after': '2' },
    body: json({
      error: {
        code: 503,
        message: 'The model is overloaded. Please try again later.',
        status: 'UNAVAILABLE',
      },
    }),
    code: 'overloaded',
    retryable: true,
    retryAfterMs: 2000,
    providerCode: 'UNAVAILABLE',
  },
  {
    name: '529 overloaded',
    status: 529,
    body: json({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
    code: 'overloaded',
    retryable: true,
    providerCode: 'overloaded_error',
  },
  {
    name: '500 with x-should-retry: false',
    status: 500,
    headers: { 'x-should-retry': 'false' },
    body: json({ error: { message: 'boom' } }),
    code: 'server_error',
    retryable: false,
  },
  {
    name: '502 HTML error page',
    status: 502,
    headers: { 'content-type': 'text/html' },
    body: '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>cloudflare</center></body></html>',
    code: 'server_error',
    retryable: true,
    message: /502 Bad Gateway/,
  },
];

let server: Awaited<ReturnType<typeof startRecordedServer>>;
let http: HttpClient;

beforeAll(async () => {
  const routes: RecordedRoute[] = rows.map((row, index) => ({
    path: `/row/${index}`,
    status: row.status,
    headers: { 'content-type': 'application/json', ...row.headers },
    body: row.body,
  }));
  routes.push(
    {
      path: '/retry-after-date',
      respond(_request, response) {
        response.writeHead(429, {
          'content-type': 'application/json',
          'retry-after': new Date(Date.now() + 30_000).toUTCString(),
        });
        response.end(json({ error: { message: 'slow down' } }));
      },
    },
    {
      // Echoes everything the client sent, key included, into an error body.
      path: /^\/echo/,
      respond(request, response) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(
          json({
            error: {
              message: `Incorrect API key provided: ${request.headers['x-api-key'] ?? ''} (${request.headers.authorization ?? ''}) for ${request.path}?key=${request.query.key ?? ''}`,
              code: 'invalid_api_key',
              echo: { headers: request.headers, body: request.rawBody, query: request.query },
            },
          }),
        );
      },
    },
    {
      path: '/gemini-sse-400',
      status: 400,
      headers: { 'content-type': 'text/event-stream' },
      body: fixture('gemini/error-400-api-key-invalid-on-sse-request.json'),
    },
  );
  server = await startRecordedServer(routes);
  http = createHttpClient({ provider: 'testprov' });
});

afterAll(async () => {
  await http.close();
  await server.close();
});

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(ProviderError.isInstance(error)).toBe(true);
    return error as ProviderError;
  }
  throw new Error('expected a rejection');
}

describe('errorFromResponse through a real HTTP exchange: the mapping table', () => {
  it.each(rows.map((row, index) => [row.name, row, index] as const))(
    '%s',
    async (_name, row, index) => {
      const error = await rejection(http.postJson(`${server.url}/row/${index}`, { model: 'm' }));
      expect(error.code).toBe(row.code);
      expect(error.status).toBe(row.status);
      expect(error.provider).toBe('testprov');
      expect(error.retryable).toBe(row.retryable);
      expect(error.retryAfterMs).toBe(row.retryAfterMs);
      expect(error.providerCode).toBe(row.providerCode);
      if (row.message) expect(error.message).toMatch(row.message);
      expect(error.message).toContain(`HTTP ${row.status}`);
      if (row.body !== '') expect(error.body).toBe(row.body);
      // The same mapping through a streaming request.
      const streamError = await rejection(
        http.postSse(`${server.url}/row/${index}`, { model: 'm' }),
      );
      expect(streamError.code).toBe(row.code);
      expect(streamError.retryable).toBe(row.retryable);
    },
  );

  it('429 with an HTTP-date Retry-After', async () => {
    const error = await rejection(http.postJson(`${server.url}/retry-after-date`, {}));
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterMs).toBeGreaterThan(25_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('a Gemini 400 answered to an SSE request with a JSON body labelled text/event-stream', async () => {
    const error = await rejection(http.postSse(`${server.url}/gemini-sse-400`, {}));
    expect(error).toMatchObject({
      code: 'invalid_api_key',
      status: 400,
      providerCode: 'API_KEY_INVALID',
    });
  });
});

describe('the API key never leaks into an error', () => {
  const views = (error: ProviderError): string[] => [
    error.message,
    String(error),
    JSON.stringify(error),
    error.stack ?? '',
    error.body ?? '',
  ];

  it('sent in Authorization and x-api-key and echoed back in the body', async () => {
    const client = createHttpClient({
      provider: 'openai',
      headers: { Authorization: `Bearer ${API_KEY}`, 'x-api-key': SK_KEY },
    });
    try {
      const error = await rejection(
        client.postJson(`${server.url}/echo`, { note: `my key is ${API_KEY}` }),
      );
      expect(error.code).toBe('invalid_api_key');
      expect(error.body).toContain('[REDACTED]');
      for (const view of views(error)) {
        expect(view).not.toContain(API_KEY);
        expect(view).not.toContain(SK_KEY);
      }
      // The streaming path too.
      const streamError = await rejection(client.postSse(`${server.url}/echo`, { key: API_KEY }));
      for (const view of views(streamError)) {
        expect(view).not.toContain(API_KEY);
        expect(view).not.toContain(SK_KEY);
      }
    } finally {
      await client.close();
    }
  });

  it('sent as a ?key= query parameter and per-call header', async () => {
    const client = createHttpClient({ provider: 'gemini' });
    try {
      const error = await rejection(
        client.postJson(
          `${server.url}/echo?alt=sse&key=${API_KEY}`,
          {},
          { headers: { 'x-goog-api-key': API_KEY } },
        ),
      );
      for (const view of views(error)) expect(view).not.toContain(API_KEY);
    } finally {
      await client.close();
    }
  });

  it('in a connection error message, the URL is redacted', async () => {
    const client = createHttpClient({ provider: 'gemini' });
    try {
      // Port 9 on 127.0.0.1 (discard) is closed: connection refused.
      const error = await rejection(client.postJson(`http://127.0.0.1:9/v1?key=${API_KEY}`, {}));
      expect(error.code).toBe('connection_error');
      for (const view of views(error)) expect(view).not.toContain(API_KEY);
    } finally {
      await client.close();
    }
  });
});

describe('errorFromResponse as a pure function (stream error frames)', () => {
  it('reads the HTTP status from an OpenRouter mid-stream error chunk', () => {
    const error = errorFromResponse({
      provider: 'openrouter',
      status: 200,
      body: { error: { code: 400, message: 'Token limit reached' } },
    });
    expect(error).toMatchObject({ code: 'bad_request', status: 400, retryable: false });
    expect(error.message).toContain('Token limit reached');
  });

  it('maps the recorded Groq `event: error` frame', () => {
    const sse = loadFixture('openai-chat/compat-groq-stream-error-event.sse');
    const data = /event: error\ndata: (.*)\n/.exec(sse)?.[1] ?? '';
    const error = errorFromResponse({ provider: 'groq', body: data });
    expect(error).toMatchObject({
      code: 'bad_request',
      status: 400,
      providerCode: 'tool_use_failed',
      retryable: false,
    });
  });

  it('maps an OpenAI Responses error event (insufficient_quota) without a status', () => {
    const error = errorFromResponse({
      provider: 'openai',
      body: {
        type: 'error',
        error: { type: 'insufficient_quota', code: 'insufficient_quota', message: 'quota' },
      },
    });
    expect(error).toMatchObject({
      code: 'insufficient_quota',
      retryable: false,
      status: undefined,
    });
  });

  it('maps frames by their words when no status is known', () => {
    expect(
      errorFromResponse({
        provider: 'p',
        body: { error: { type: 'overloaded_error', message: 'x' } },
      }),
    ).toMatchObject({
      code: 'overloaded',
      retryable: true,
    });
    expect(
      errorFromResponse({
        provider: 'p',
        body: { error: { code: 'rate_limit_exceeded', message: 'x' } },
      }),
    ).toMatchObject({
      code: 'rate_limited',
      retryable: true,
    });
    expect(
      errorFromResponse({ provider: 'p', body: { error: { message: 'something odd' } } }),
    ).toMatchObject({
      code: 'provider_error',
      retryable: false,
    });
  });

  it("reads Gemini's array-wrapped error and its RetryInfo", () => {
    const body = `[${loadFixture('gemini/error-429-quota-retry-info.json')}]`;
    expect(errorFromResponse({ provider: 'gemini', body })).toMatchObject({
      code: 'rate_limited',
      status: 429,
      retryAfterMs: 34_400,
    });
  });

  it('reads Ollama-style and FastAPI-style bodies', () => {
    expect(
      errorFromResponse({
        provider: 'ollama',
        status: 404,
        body: '{"error":"model \\"llama9\\" not found"}',
      }),
    ).toMatchObject({
      code: 'model_not_found',
    });
    const fastapi = errorFromResponse({
      provider: 'vllm',
      status: 422,
      body: json({ detail: [{ loc: ['body', 'model'], msg: 'field required', type: 'missing' }] }),
    });
    expect(fastapi.code).toBe('bad_request');
    expect(fastapi.message).toContain('field required');
  });

  it('bounds the body to 8 KiB and scrubs the given secrets', () => {
    const body = `${'x'.repeat(20_000)} secret-value-123`;
    const error = errorFromResponse({
      provider: 'p',
      status: 500,
      body: `secret-value-123 ${body}`,
      secrets: ['secret-value-123'],
    });
    expect(error.body?.length).toBeLessThan(MAX_ERROR_BODY_CHARS + 100);
    expect(error.body).toContain('truncated');
    expect(JSON.stringify(error)).not.toContain('secret-value-123');
  });

  it('validates its argument', () => {
    expect(() => errorFromResponse(undefined as never)).toThrow(ValidationError);
    expect(() => errorFromResponse({ provider: '' })).toThrow(/response.provider/);
    expect(() => errorFromResponse({ provider: 'p', status: 42 })).toThrow(/response.status/);
    expect(() => errorFromResponse({ provider: 'p', headers: 'x' as never })).toThrow(
      /response.headers/,
    );
    expect(() => errorFromResponse({ provider: 'p', secrets: 'x' as never })).toThrow(
      /response.secrets/,
    );
  });
});

describe('a 404 or 405 names the URL called and says to check baseURL', () => {
  it('404: the URL without query string or credentials, and the baseURL hint', () => {
    const error = errorFromResponse({
      provider: 'openai',
      status: 404,
      body: '404 page not found',
      url: 'http://user:pw@localhost:8080/chat/completions?key=secret-123#x',
    });
    expect(error.code).toBe('not_found');
    expect(error.message).toBe(
      'openai request failed (HTTP 404): 404 page not found — called POST http://localhost:8080/chat/completions; check baseURL (an OpenAI-compatible server usually wants it to end in /v1)',
    );
    expect(error.message).not.toContain('secret-123');
    expect(error.message).not.toContain('pw');
  });

  it('405 too; a model that is not found points at the model name first', () => {
    const notAllowed = errorFromResponse({
      provider: 'acme',
      status: 405,
      url: 'http://h/v1/x',
      method: 'PUT',
    });
    expect(notAllowed.message).toContain('— called PUT http://h/v1/x; check baseURL');
    const model = errorFromResponse({
      provider: 'openai',
      status: 404,
      body: { error: { message: 'The model `x` does not exist', code: 'model_not_found' } },
      url: 'http://h/v1/chat/completions',
    });
    expect(model.message).toContain('check the model name, and baseURL');
  });

  it('other statuses, or no URL, add nothing', () => {
    const error = errorFromResponse({ provider: 'acme', status: 500, url: 'http://h/v1/x' });
    expect(error.message).toBe('acme request failed (HTTP 500)');
    expect(errorFromResponse({ provider: 'acme', status: 404 }).message).toBe(
      'acme request failed (HTTP 404)',
    );
  });
});
