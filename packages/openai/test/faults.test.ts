/**
 * Faults: a connection reset mid-stream, a stalled server, malformed chunks, truncated bodies,
 * error statuses with retry hints. Each gives a typed error (no hang, no unhandled rejection), keeps
 * what arrived in `partial`, closes the socket, and never shows the API key.
 */
import {
  AbortError,
  AigoError,
  type ChatRequest,
  ContextOverflowError,
  ProviderError,
  type StreamEvent,
  TimeoutError,
  userMessage,
} from '@aigo/ai';
import { fixtureRoute, type RecordedRoute, type RecordedServer } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CHAT_PATH,
  createHarness,
  drain,
  errorText,
  RESPONSES_PATH,
  TEST_API_KEY,
} from './support/harness.js';

const harness = createHarness();
afterEach(() => harness.closeAll());

const request: ChatRequest = { model: 'gpt-4o-mini', messages: [userMessage('Hi')] };

/** Resolves once no client socket is open on the server (the test times out otherwise). */
async function socketsClosed(server: RecordedServer): Promise<void> {
  while (server.openSockets > 0) {
    await server.waitForSocketsClosed();
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  expect(server.openSockets).toBe(0);
}

/** A route that writes `text` and then keeps the response open (the client must close it). */
function openEndedSse(path: string, text: string): RecordedRoute {
  return {
    path,
    respond: (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(text);
    },
  };
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

describe('stream faults', () => {
  it('a connection reset mid-stream (Chat) fails with connection_error, partial kept, socket closed', async () => {
    const server = await harness.serve(
      fixtureRoute({
        path: CHAT_PATH,
        fixture: 'openai-chat/stream-text-with-usage.sse',
        fault: { kind: 'reset', afterBytes: 1500 },
      }),
    );
    const provider = harness.provider(server, { api: 'chat' });
    const { events, error } = await drain(await provider.streamMessage(request));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect((error as ProviderError).code).toBe('connection_error');
    const text = events.flatMap((e) => (e.type === 'content' ? [e.text] : [])).join('');
    expect(text.length).toBeGreaterThan(0);
    expect('The capital of the UK is London.'.startsWith(text)).toBe(true);
    expect((error as ProviderError).partial?.content).toBe(text);
    expect(events.some((e) => e.type === 'finish')).toBe(false);
    await socketsClosed(server);
  });

  it('a connection reset mid-stream (Responses) fails the same way', async () => {
    const server = await harness.serve(
      fixtureRoute({
        path: RESPONSES_PATH,
        fixture: 'openai-responses/stream-after-function-output.sse',
        fault: { kind: 'reset', afterBytes: 6000 },
      }),
    );
    const provider = harness.provider(server, { api: 'responses' });
    const { error } = await drain(await provider.streamMessage(request));
    expect((error as ProviderError).code).toBe('connection_error');
    expect((error as ProviderError).partial?.id).toBe(
      'resp_0dacb603de1c9e6b0169fab1c2314081a3b1df3cc5c09e0c60',
    );
    await socketsClosed(server);
  });

  it('a stalled stream hits the call deadline: TimeoutError with the partial answer, socket closed', async () => {
    const server = await harness.serve(
      fixtureRoute({
        path: CHAT_PATH,
        fixture: 'openai-chat/stream-text-with-usage.sse',
        fault: { kind: 'stall', afterBytes: 1500 },
      }),
    );
    const provider = harness.provider(server, { api: 'chat' });
    const { error } = await drain(await provider.streamMessage(request, { timeoutMs: 300 }));
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect((error as TimeoutError).partial?.content.length).toBeGreaterThan(0);
    await socketsClosed(server);
  });

  it('aborting a stalled stream rejects with AbortError and closes the socket', async () => {
    const server = await harness.serve(
      fixtureRoute({
        path: CHAT_PATH,
        fixture: 'openai-chat/stream-text-with-usage.sse',
        fault: { kind: 'stall', afterBytes: 1500 },
      }),
    );
    const provider = harness.provider(server, { api: 'chat' });
    const controller = new AbortController();
    const stream = await provider.streamMessage(request, { signal: controller.signal });
    const seen: StreamEvent[] = [];
    const error = await (async () => {
      try {
        for await (const event of stream) {
          seen.push(event);
          if (event.type === 'content') controller.abort(new Error('user stopped'));
        }
      } catch (e) {
        return e;
      }
    })();
    expect(AbortError.isInstance(error)).toBe(true);
    expect(seen.some((e) => e.type === 'content')).toBe(true);
    await socketsClosed(server);
  });

  it('breaking out of the loop closes the socket at once', async () => {
    const server = await harness.serve(
      fixtureRoute({
        path: CHAT_PATH,
        fixture: 'openai-chat/stream-text-with-usage.sse',
        fault: { kind: 'stall', afterBytes: 1500 },
      }),
    );
    const provider = harness.provider(server, { api: 'chat' });
    for await (const event of await provider.streamMessage(request)) {
      if (event.type === 'content') break;
    }
    await socketsClosed(server);
  });

  it('a chunk that is not JSON fails with invalid_response, content so far kept, socket closed', async () => {
    // The server keeps the body open after the bad chunk: only the client can close the socket.
    const server = await harness.serve(
      openEndedSse(
        CHAT_PATH,
        `${chunk({ content: 'Hel' })}${chunk({ content: 'lo' })}data: {"id":"chatcmpl-1","choices":[{\n\n`,
      ),
    );
    const provider = harness.provider(server, { api: 'chat' });
    const { error } = await drain(await provider.streamMessage(request));
    expect((error as ProviderError).code).toBe('invalid_response');
    expect((error as ProviderError).partial?.content).toBe('Hello');
    await socketsClosed(server);
  });

  it('a Responses event that is not JSON fails the same way', async () => {
    const server = await harness.serve(
      openEndedSse(
        RESPONSES_PATH,
        'event: response.output_text.delta\ndata: {"type":"response.output_text.delta","delta":"po"}\n\ndata: not json\n\n',
      ),
    );
    const provider = harness.provider(server, { api: 'responses' });
    const { error } = await drain(await provider.streamMessage(request));
    expect((error as ProviderError).code).toBe('invalid_response');
    expect((error as ProviderError).partial?.content).toBe('po');
    await socketsClosed(server);
  });

  it('a Chat stream that ends with no finish_reason and no [DONE] is cut short: stream_error', async () => {
    const server = await harness.serve({ path: CHAT_PATH, sse: chunk({ content: 'Half an ans' }) });
    const provider = harness.provider(server, { api: 'chat' });
    const { error } = await drain(await provider.streamMessage(request));
    expect((error as ProviderError).code).toBe('stream_error');
    expect((error as ProviderError).message).toMatch(/cut short/);
    expect((error as ProviderError).partial?.content).toBe('Half an ans');
  });

  it('a Chat stream that ends after its finish_reason without [DONE] completes', async () => {
    const server = await harness.serve({
      path: CHAT_PATH,
      sse: `${chunk({ content: 'Done.' })}${chunk({}, 'stop')}`,
    });
    const provider = harness.provider(server, { api: 'chat' });
    const response = await (await provider.streamMessage(request)).collect();
    expect(response).toMatchObject({ content: 'Done.', finishReason: 'stop' });
  });

  it('a Responses stream that ends before response.completed is cut short: stream_error', async () => {
    const server = await harness.serve({
      path: RESPONSES_PATH,
      sse: 'data: {"type":"response.output_text.delta","delta":"po"}\n\n',
    });
    const provider = harness.provider(server, { api: 'responses' });
    const { error } = await drain(await provider.streamMessage(request));
    expect((error as ProviderError).code).toBe('stream_error');
    expect((error as ProviderError).partial?.content).toBe('po');
  });

  it('a server that closes before answering gives a retryable connection_error', async () => {
    const server = await harness.serve({
      path: CHAT_PATH,
      fault: { kind: 'close-before-response' },
    });
    const provider = harness.provider(server, { api: 'chat' });
    const error = await provider.sendMessage(request).catch((e: unknown) => e);
    expect((error as ProviderError).code).toBe('connection_error');
    await expect(provider.streamMessage(request)).rejects.toSatisfy(
      (e) => ProviderError.isInstance(e) && e.code === 'connection_error',
    );
  });
});

describe('error statuses', () => {
  it('maps 503 with Retry-After to a retryable overloaded error with the wait', async () => {
    const server = await harness.serve({
      path: CHAT_PATH,
      status: 503,
      headers: { 'retry-after': '7' },
      body: { error: { message: 'The server is overloaded', type: 'server_error', code: null } },
    });
    const provider = harness.provider(server, { api: 'chat' });
    const error = (await provider.sendMessage(request).catch((e: unknown) => e)) as ProviderError;
    expect(error).toMatchObject({
      code: 'overloaded',
      status: 503,
      retryable: true,
      retryAfterMs: 7000,
    });
  });

  it('maps a 429 rate limit with retry-after-ms (streaming call rejects before the first byte)', async () => {
    const server = await harness.serve({
      path: CHAT_PATH,
      status: 429,
      headers: { 'retry-after-ms': '1500' },
      body: {
        error: {
          message: 'Rate limit reached for requests',
          type: 'requests',
          code: 'rate_limit_exceeded',
        },
      },
    });
    const provider = harness.provider(server, { api: 'chat' });
    const error = (await provider.streamMessage(request).catch((e: unknown) => e)) as ProviderError;
    expect(error).toMatchObject({
      code: 'rate_limited',
      status: 429,
      retryable: true,
      retryAfterMs: 1500,
    });
  });

  it('maps context_length_exceeded to ContextOverflowError (OpenAI error envelope; no recorded body exists)', async () => {
    const server = await harness.serve({
      path: CHAT_PATH,
      status: 400,
      body: {
        error: {
          message:
            "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.",
          type: 'invalid_request_error',
          param: 'messages',
          code: 'context_length_exceeded',
        },
      },
    });
    const provider = harness.provider(server, { api: 'chat' });
    const error = (await provider.sendMessage(request).catch((e: unknown) => e)) as ProviderError;
    expect(ContextOverflowError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'context_overflow',
      status: 400,
      retryable: false,
      providerCode: 'context_length_exceeded',
    });
    // The same for a stream that fails to start.
    const streamed = await provider.streamMessage(request).catch((e: unknown) => e);
    expect(ContextOverflowError.isInstance(streamed)).toBe(true);
  });

  it('never shows the API key, even when the server echoes it', async () => {
    const server = await harness.serve({
      path: CHAT_PATH,
      status: 401,
      body: {
        error: { message: `Incorrect API key provided: ${TEST_API_KEY}.`, code: 'invalid_api_key' },
      },
    });
    const provider = harness.provider(server, { api: 'chat' });
    const error = await provider.sendMessage(request).catch((e: unknown) => e);
    expect((error as ProviderError).code).toBe('invalid_api_key');
    expect(errorText(error)).not.toContain(TEST_API_KEY);
  });

  it('a mid-stream error frame that echoes the key does not show it', async () => {
    const server = await harness.serve({
      path: CHAT_PATH,
      sse: `${chunk({ content: 'a' })}event: error\ndata: ${JSON.stringify({ error: { message: `bad key ${TEST_API_KEY}`, code: 'invalid_api_key' } })}\n\n`,
    });
    const provider = harness.provider(server, { api: 'chat' });
    const { error } = await drain(await provider.streamMessage(request));
    expect(AigoError.isInstance(error)).toBe(true);
    expect(errorText(error)).not.toContain(TEST_API_KEY);
  });

  it('a 2xx body without choices or output is invalid_response', async () => {
    const server = await harness.serve(
      { path: CHAT_PATH, body: { id: 'x', object: 'chat.completion', choices: [] } },
      { path: RESPONSES_PATH, body: { id: 'resp_1', object: 'response', status: 'completed' } },
    );
    const chat = harness.provider(server, { api: 'chat' });
    await expect(chat.sendMessage(request)).rejects.toSatisfy(
      (e) => ProviderError.isInstance(e) && e.code === 'invalid_response',
    );
    const responses = harness.provider(server, { api: 'responses' });
    await expect(responses.sendMessage(request)).rejects.toSatisfy(
      (e) => ProviderError.isInstance(e) && e.code === 'invalid_response',
    );
  });

  it('a failed Responses body (HTTP 200, status failed) is the typed error it carries', async () => {
    const server = await harness.serve({
      path: RESPONSES_PATH,
      body: {
        id: 'resp_1',
        status: 'failed',
        error: { code: 'server_error', message: 'The model failed to respond' },
        output: [],
      },
    });
    const provider = harness.provider(server, { api: 'responses' });
    const error = (await provider.sendMessage(request).catch((e: unknown) => e)) as ProviderError;
    expect(error).toMatchObject({
      code: 'server_error',
      retryable: true,
      providerCode: 'server_error',
    });
  });
});
