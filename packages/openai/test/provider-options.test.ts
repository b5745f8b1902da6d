/** `openai()` options and environment defaults, seen from the wire. */
import { AigoError, type ChatRequest, userMessage, ValidationError } from '@aigo/ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPENAI_BASE_URL_ENV, type OpenAIOptions, openai } from '../src/index.js';
import { CHAT_PATH, createHarness, RESPONSES_PATH, TEST_API_KEY } from './support/harness.js';

const harness = createHarness();
afterEach(async () => {
  vi.unstubAllEnvs();
  await harness.closeAll();
});

const request: ChatRequest = { model: 'gpt-4o-mini', messages: [userMessage('Hi')] };
const CHAT_OK = {
  id: 'chatcmpl-1',
  model: 'llama3.2',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }],
};

/** A dispatcher that records whether anything tried to send a request through it. */
function recordingDispatcher() {
  const calls: unknown[] = [];
  const dispatcher = {
    dispatch(options: unknown) {
      calls.push(options);
      return false;
    },
  } as unknown as OpenAIOptions['dispatcher'];
  return { dispatcher, calls };
}

describe('openai() defaults', () => {
  it('talks to api.openai.com through the Responses API by default', () => {
    vi.stubEnv('OPENAI_API_BASE_URL', '');
    vi.stubEnv('OPENAI_BASE_URL', '');
    const provider = openai();
    expect(provider.id).toBe('openai');
    expect(provider.baseURL).toBe('https://api.openai.com/v1');
    expect(provider.api).toBe('responses');
  });

  it('uses Chat Completions for any other base URL, and honours an explicit api', () => {
    expect(openai({ baseURL: 'http://localhost:11434/v1/' }).api).toBe('chat');
    expect(openai({ baseURL: 'http://localhost:11434/v1/' }).baseURL).toBe(
      'http://localhost:11434/v1',
    );
    expect(openai({ api: 'chat' }).api).toBe('chat');
    expect(openai({ baseURL: 'https://openrouter.ai/api/v1', api: 'responses' }).api).toBe(
      'responses',
    );
  });

  it('reads OPENAI_BASE_URL, then OPENAI_API_BASE_URL; the option wins over both', () => {
    vi.stubEnv('OPENAI_BASE_URL', 'http://standard.example/v1');
    vi.stubEnv('OPENAI_API_BASE_URL', 'http://older.example/v1');
    expect(openai().baseURL).toBe('http://standard.example/v1');
    vi.stubEnv('OPENAI_BASE_URL', '  ');
    expect(openai().baseURL).toBe('http://older.example/v1');
    vi.stubEnv('OPENAI_BASE_URL', 'http://standard.example/v1');
    vi.stubEnv('OPENAI_API_BASE_URL', '');
    expect(openai().baseURL).toBe('http://standard.example/v1');
    expect(openai({ baseURL: 'http://option.example/v1' }).baseURL).toBe(
      'http://option.example/v1',
    );
    expect(OPENAI_BASE_URL_ENV).toEqual(['OPENAI_BASE_URL', 'OPENAI_API_BASE_URL']);
  });

  it('a server named by OPENAI_BASE_URL alone gets the requests (Chat Completions, no key needed)', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    vi.stubEnv('OPENAI_API_BASE_URL', '');
    const server = await harness.serve({ path: CHAT_PATH, body: CHAT_OK });
    vi.stubEnv('OPENAI_BASE_URL', `${server.url}/v1`);
    const provider = openai();
    expect(provider.api).toBe('chat');
    await provider.sendMessage({ ...request, model: 'qwen3' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe(CHAT_PATH);
    await provider.close();
  });

  it('without a key, a call to api.openai.com fails before any request, naming OPENAI_API_KEY', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    vi.stubEnv('OPENAI_API_BASE_URL', '');
    vi.stubEnv('OPENAI_BASE_URL', '');
    const { dispatcher, calls } = recordingDispatcher();
    const provider = openai({ dispatcher });
    for (const call of [
      () => provider.sendMessage(request),
      () => provider.streamMessage(request),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(AigoError.isInstance(error)).toBe(true);
      expect((error as AigoError).code).toBe('missing_api_key');
      expect((error as AigoError).message).toContain('OPENAI_API_KEY');
    }
    expect(calls).toHaveLength(0);
    await provider.close();
  });

  it('reads OPENAI_API_KEY at the first call, not at construction', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const server = await harness.serve({ path: CHAT_PATH, body: CHAT_OK });
    const provider = openai({ baseURL: `${server.url}/v1` });
    vi.stubEnv('OPENAI_API_KEY', 'sk-from-env-0123456789');
    await provider.sendMessage(request);
    expect(server.lastRequest()?.headers.authorization).toBe('Bearer sk-from-env-0123456789');
    await provider.close();
  });

  it('calls a local server such as Ollama without a key and without an Authorization header', async () => {
    vi.stubEnv('OPENAI_API_KEY', '');
    const server = await harness.serve({ path: CHAT_PATH, body: CHAT_OK });
    const provider = openai({ baseURL: `${server.url}/v1`, defaultModel: 'llama3.2' });
    const response = await provider.sendMessage({ model: '', messages: [userMessage('Hi')] });
    expect(response.content).toBe('Hello');
    const sent = server.lastRequest();
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.body).toEqual({ model: 'llama3.2', messages: [{ role: 'user', content: 'Hi' }] });
    await provider.close();
  });
});

describe('headers', () => {
  it('sends the key, organization, project, extra headers and per-call headers', async () => {
    const server = await harness.serve({
      path: RESPONSES_PATH,
      body: { id: 'r', output: [], status: 'completed' },
    });
    const provider = harness.provider(server, {
      api: 'responses',
      organization: 'org-123',
      project: 'proj_456',
      headers: { 'X-Gateway': 'yes' },
    });
    await provider.sendMessage(request, { headers: { 'x-request-tag': 'call-1' } });
    const headers = server.lastRequest()?.headers ?? {};
    expect(headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    expect(headers['openai-organization']).toBe('org-123');
    expect(headers['openai-project']).toBe('proj_456');
    expect(headers['x-gateway']).toBe('yes');
    expect(headers['x-request-tag']).toBe('call-1');
    expect(headers['content-type']).toBe('application/json');
  });

  it('asks for an event stream when streaming', async () => {
    const server = await harness.serve({
      path: CHAT_PATH,
      sse: 'data: {"id":"c","choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
    });
    const provider = harness.provider(server, { api: 'chat', includeStreamUsage: false });
    await (await provider.streamMessage(request)).collect();
    const sent = server.lastRequest();
    expect(sent?.headers.accept).toBe('text/event-stream');
    expect(sent?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
  });
});

describe('validation and lifecycle', () => {
  it('rejects options of the wrong kind, naming them', () => {
    const bad: [OpenAIOptions, string][] = [
      [{ api: 'graphql' as never }, 'options.api'],
      [{ baseURL: 'ftp://example.com' }, 'options.baseURL'],
      [{ baseURL: 'not a url' }, 'options.baseURL'],
      [{ store: 'yes' as never }, 'options.store'],
      [{ headers: { a: 1 as never } }, 'options.headers.a'],
      [{ timeoutMs: -1 }, 'options.timeoutMs'],
      [{ baseUrl: 'http://localhost:11434/v1' } as never, 'options.baseUrl'],
    ];
    for (const [options, argument] of bad) {
      const error = (() => {
        try {
          openai(options);
        } catch (e) {
          return e;
        }
      })();
      expect(ValidationError.isInstance(error), argument).toBe(true);
      expect((error as ValidationError).argument).toBe(argument);
    }
  });

  it('an invalid base URL from the environment is named by its variable', () => {
    vi.stubEnv('OPENAI_BASE_URL', '');
    vi.stubEnv('OPENAI_API_BASE_URL', 'localhost:11434');
    expect(() => openai()).toThrow(/OPENAI_API_BASE_URL/);
    vi.stubEnv('OPENAI_BASE_URL', 'localhost:11434');
    expect(() => openai()).toThrow(/Invalid OPENAI_BASE_URL/);
  });

  it('a request without a model (and no defaultModel) is a ValidationError before any request', async () => {
    const server = await harness.serve({ path: CHAT_PATH, body: CHAT_OK });
    const provider = harness.provider(server, { api: 'chat' });
    await expect(provider.sendMessage({ model: '', messages: [] })).rejects.toSatisfy(
      (e) => ValidationError.isInstance(e) && e.argument === 'request.model',
    );
    await expect(provider.sendMessage({ model: '', messages: [] })).rejects.toThrow(
      'Invalid request.model: must name a model: set defaultModel on the client (createClient(provider, { defaultModel })), or on the provider, or give the request a model',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('an unknown option is refused with the valid name it is close to (baseUrl → baseURL)', () => {
    vi.stubEnv('OPENAI_API_KEY', TEST_API_KEY);
    expect(() => openai({ baseUrl: 'http://localhost:8080/v1' } as never)).toThrow(
      'Invalid options.baseUrl: is not an option of openai() — did you mean baseURL?',
    );
  });

  it('a 404 names the URL called and says to check baseURL', async () => {
    const server = await harness.serve({
      path: '/chat/completions',
      status: 404,
      body: { error: { message: 'Not found', type: 'invalid_request_error' } },
    });
    const provider = openai({ baseURL: server.url, apiKey: TEST_API_KEY, api: 'chat' });
    const error = await provider.sendMessage(request).then(
      () => undefined,
      (e: unknown) => e,
    );
    await provider.close();
    expect(AigoError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain(`POST ${server.url}/chat/completions`);
    expect(message).toContain('check baseURL');
    expect(message).not.toContain(TEST_API_KEY);
  });

  it('close() releases the pool; later calls reject; await using closes it', async () => {
    const server = await harness.serve({ path: CHAT_PATH, body: CHAT_OK });
    {
      await using scoped = openai({ baseURL: `${server.url}/v1`, apiKey: TEST_API_KEY });
      await scoped.sendMessage(request);
    }
    const provider = openai({ baseURL: `${server.url}/v1`, apiKey: TEST_API_KEY });
    await provider.sendMessage(request);
    await provider.close();
    await expect(provider.sendMessage(request)).rejects.toSatisfy(
      (e) => AigoError.isInstance(e) && /closed/.test(e.message),
    );
    await provider.close();
  });

  it('is safe to share across concurrent calls', async () => {
    const server = await harness.serve({ path: CHAT_PATH, body: CHAT_OK });
    const provider = harness.provider(server, { api: 'chat' });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => provider.sendMessage(request)),
    );
    expect(responses.every((r) => r.content === 'Hello')).toBe(true);
    expect(server.requests).toHaveLength(20);
  });
});
