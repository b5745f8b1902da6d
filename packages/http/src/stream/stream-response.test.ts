import { getEventListeners } from 'node:events';
import {
  AbortError,
  AigoError,
  type ChatStream,
  type ChatStreamController,
  ProviderError,
  type StreamEvent,
  TimeoutError,
  ValidationError,
} from '@aigo/ai';
import { loadFixture, type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offsetAfterEvents, openAiChatMapper } from '../../test/support/test-openai-mapper.js';
import { createHttpClient, type HttpClient } from '../transport/http-client.js';
import type { StreamFrame } from './stream-frame.js';

const TEXT_SSE = loadFixture('openai-chat/stream-text-with-usage.sse');
const EXPECTED_TEXT = 'The capital of the UK is London.';
const STALL_AT = offsetAfterEvents(TEXT_SSE, 4);
/** What the first four events of TEXT_SSE say. */
const BEFORE_STALL = 'The capital of';

let server: RecordedServer;
let http: HttpClient;

beforeAll(async () => {
  server = await startRecordedServer([
    { path: '/text', sse: TEXT_SSE },
    { path: '/drip', sse: TEXT_SSE, fault: { kind: 'drip', bytesPerWrite: 3 } },
    { path: '/stall', sse: TEXT_SSE, fault: { kind: 'stall', afterBytes: STALL_AT } },
    { path: '/reset', sse: TEXT_SSE, fault: { kind: 'reset', afterBytes: STALL_AT } },
    { path: '/groq-error', sse: loadFixture('openai-chat/compat-groq-stream-error-event.sse') },
    {
      path: '/openrouter',
      sse: loadFixture('openai-chat/compat-openrouter-stream-error-midstream.sse'),
    },
    {
      path: '/unterminated',
      sse: 'data: {"choices":[{"delta":{"content":"a"}}]}\n\ndata: {"choices":[{"delta":{"content":"b"}}]}',
    },
    { path: '/no-done', sse: 'data: {"choices":[{"delta":{"content":"a"}}]}\n\n' },
    {
      path: '/json-200',
      body: { id: 'chatcmpl-1', choices: [{ message: { content: 'not streamed' } }] },
    },
    {
      path: '/json-error-200',
      body: { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } },
    },
    {
      path: '/html-200',
      headers: { 'content-type': 'text/html' },
      body: '<html><title>Captive portal</title></html>',
    },
    {
      path: '/gemini-array',
      headers: { 'content-type': 'application/json' },
      body: loadFixture('gemini/stream-json-array-no-alt-sse.json'),
    },
    { path: '/big', sse: bigStream(2000) },
  ]);
  http = createHttpClient({ provider: 'openai' });
});

afterAll(async () => {
  await http.close();
  await server.close();
});

function bigStream(events: number): string {
  let sse = '';
  for (let i = 0; i < events; i++) {
    sse += `data: {"id":"c","model":"m","choices":[{"index":0,"delta":{"content":"${i % 10}"}}]}\n\n`;
  }
  return `${sse}data: [DONE]\n\n`;
}

async function collectEvents(stream: ChatStream): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/**
 * A server of its own, serving the stalled stream, for tests that wait for the server to see the
 * socket close (the shared server also holds idle keep-alive sockets).
 */
async function withStallServer(
  test: (url: string, stalled: RecordedServer, client: HttpClient) => Promise<void>,
): Promise<void> {
  const stalled = await startRecordedServer([
    { path: '/stall', sse: TEXT_SSE, fault: { kind: 'stall', afterBytes: STALL_AT } },
  ]);
  const client = createHttpClient({ provider: 'openai' });
  try {
    await test(`${stalled.url}/stall`, stalled, client);
  } finally {
    await client.close();
    await stalled.close();
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('postSse → toChatStream', () => {
  it('turns a recorded OpenAI stream into a ChatStream through a synchronous mapper', async () => {
    const response = await http.postSse(`${server.url}/text`, { stream: true });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    expect(server.lastRequest()?.headers.accept).toBe('text/event-stream');
    const result = await response.toChatStream(openAiChatMapper()).collect();
    expect(result.content).toBe(EXPECTED_TEXT);
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toEqual({ promptTokens: 78, completionTokens: 9, totalTokens: 87 });
  });

  it('gives the same answer when the server drips the bytes three at a time', async () => {
    const response = await http.postSse(`${server.url}/drip`, {});
    expect((await response.toChatStream(openAiChatMapper()).collect()).content).toBe(EXPECTED_TEXT);
  });

  it('iterates a long stream with a small queue (the body pauses and resumes)', async () => {
    const response = await http.postSse(`${server.url}/big`, {});
    const stream = response.toChatStream(openAiChatMapper(), { highWaterMark: 2 });
    let text = '';
    for await (const event of stream) {
      if (event.type === 'content') text += event.text;
      // Let the socket deliver more while the consumer is "busy".
      if (text.length % 97 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(text.length).toBe(2000);
  });

  it('reuses the connection after [DONE]', async () => {
    const before = server.openSockets;
    for (let i = 0; i < 4; i++) {
      await (await http.postSse(`${server.url}/text`, {}))
        .toChatStream(openAiChatMapper())
        .collect();
    }
    expect(server.openSockets).toBeLessThanOrEqual(Math.max(before, 2));
  });

  it('delivers a last event the body ended without a blank line, then calls onEnd', async () => {
    const response = await http.postSse(`${server.url}/unterminated`, {});
    const ends: number[] = [];
    const result = await response
      .toChatStream(openAiChatMapper(), {
        onEnd(controller) {
          ends.push(1);
          controller.close();
        },
      })
      .collect();
    expect(result.content).toBe('ab');
    expect(ends).toEqual([1]);
  });

  it('lets onEnd fail a stream that ended without its terminator', async () => {
    const response = await http.postSse(`${server.url}/no-done`, {});
    const stream = response.toChatStream(openAiChatMapper(), {
      onEnd(controller) {
        controller.error(
          new ProviderError({
            code: 'stream_error',
            message: 'no [DONE]',
            provider: 'openai',
            retryable: false,
          }),
        );
      },
    });
    const error = await rejection(stream.collect());
    expect(error).toMatchObject({ code: 'stream_error', message: 'no [DONE]' });
    expect((error as ProviderError).partial?.content).toBe('a');
  });

  it('closes the stream after onEnd when the hook neither closed nor failed it', async () => {
    const response = await http.postSse(`${server.url}/no-done`, {});
    const result = await response
      .toChatStream(openAiChatMapper(), { onEnd: () => undefined })
      .collect();
    expect(result.content).toBe('a');
  });

  it('fails with the mapped error on a Groq `event: error` frame, keeping the partial answer', async () => {
    const response = await http.postSse(`${server.url}/groq-error`, {});
    const error = await rejection(response.toChatStream(openAiChatMapper('groq')).collect());
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'bad_request',
      providerCode: 'tool_use_failed',
      provider: 'groq',
    });
    expect((error as ProviderError).partial).toBeDefined();
  });

  it('hands comment lines to onComment and maps the OpenRouter mid-stream error chunk', async () => {
    const response = await http.postSse(`${server.url}/openrouter`, {});
    const comments: string[] = [];
    const error = await rejection(
      response
        .toChatStream(openAiChatMapper('openrouter'), {
          onComment: (comment) => comments.push(comment),
        })
        .collect(),
    );
    expect(comments).toContain('OPENROUTER PROCESSING');
    expect(error).toMatchObject({
      code: 'bad_request',
      status: 400,
      message: expect.stringContaining('Token limit reached'),
    });
  });

  it('fails with stream_error when the mapper throws, and closes the connection', async () => {
    await withStallServer(async (url, stalled, client) => {
      const response = await client.postSse(url, {});
      const closed = stalled.waitForSocketsClosed();
      const stream = response.toChatStream(() => {
        throw new SyntaxError('bad chunk');
      });
      const error = await rejection(stream.collect());
      expect(ProviderError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'stream_error', provider: 'openai' });
      expect((error as Error).cause).toBeInstanceOf(SyntaxError);
      await closed;
    });
  });

  it('rejects a 2xx JSON or HTML answer to a streaming request', async () => {
    expect(await rejection(http.postSse(`${server.url}/json-200`, {}))).toMatchObject({
      code: 'invalid_response',
      message: expect.stringContaining('not an event stream'),
    });
    expect(await rejection(http.postSse(`${server.url}/json-error-200`, {}))).toMatchObject({
      code: 'rate_limited',
      retryable: true,
    });
    expect(await rejection(http.postSse(`${server.url}/html-200`, {}))).toMatchObject({
      code: 'invalid_response',
      message: expect.stringContaining('Captive portal'),
    });
  });

  it('reads a JSON-array stream (Gemini without alt=sse) with postJsonStream', async () => {
    const response = await http.postJsonStream(`${server.url}/gemini-array`, {});
    expect(server.lastRequest()?.headers.accept).toBe('application/json');
    const texts: string[] = [];
    const result = await response
      .toChatStream((frame, controller) => {
        const chunk = JSON.parse(frame.data) as {
          candidates?: Array<{ content?: { parts?: Array<{ text?: string; thought?: boolean }> } }>;
        };
        for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
          if (part.text !== undefined && !part.thought) {
            texts.push(part.text);
            controller.enqueue({ type: 'content', text: part.text });
          }
        }
      })
      .collect();
    expect(texts.length).toBeGreaterThan(0);
    expect(result.content).toBe(texts.join(''));
  });
});

describe('cancellation', () => {
  it('signal.abort() on a stalled stream closes the socket and rejects with AbortError', async () => {
    await withStallServer(async (url, stalled, client) => {
      const controller = new AbortController();
      const response = await client.postSse(url, {}, { signal: controller.signal });
      const stream = response.toChatStream(openAiChatMapper());
      const closed = stalled.waitForSocketsClosed();
      const reason = new Error('user pressed stop');
      const error = await rejection(
        (async () => {
          for await (const event of stream) {
            if (event.type === 'content') controller.abort(reason);
          }
        })(),
      );
      expect(AbortError.isInstance(error)).toBe(true);
      expect((error as AbortError).cause).toBe(reason);
      expect((error as AbortError).partial?.content).toBe(BEFORE_STALL);
      await closed;
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    });
  });

  it('break out of for await on a stalled stream closes the socket', async () => {
    await withStallServer(async (url, stalled, client) => {
      const response = await client.postSse(url, {});
      const stream = response.toChatStream(openAiChatMapper());
      const closed = stalled.waitForSocketsClosed();
      let seen = 0;
      for await (const event of stream) {
        seen++;
        if (event.type === 'content') break;
      }
      expect(seen).toBe(2);
      await closed;
    });
  });

  it('stream.cancel() closes the socket; the iterator then rejects with AbortError', async () => {
    await withStallServer(async (url, stalled, client) => {
      const response = await client.postSse(url, {});
      const stream = response.toChatStream(openAiChatMapper());
      const closed = stalled.waitForSocketsClosed();
      const iterator = stream[Symbol.asyncIterator]();
      await iterator.next();
      stream.cancel();
      await closed;
      // Events already queued come first, then the error.
      let error: unknown;
      for (let i = 0; i < 10 && error === undefined; i++) {
        try {
          const result = await iterator.next();
          if (result.done) break;
        } catch (caught) {
          error = caught;
        }
      }
      expect(AbortError.isInstance(error)).toBe(true);
    });
  });

  it('a signal aborted before toChatStream: the stream rejects and the socket closes', async () => {
    await withStallServer(async (url, stalled, client) => {
      const controller = new AbortController();
      const response = await client.postSse(url, {}, { signal: controller.signal });
      const closed = stalled.waitForSocketsClosed();
      controller.abort();
      const stream = response.toChatStream(openAiChatMapper());
      expect(AbortError.isInstance(await rejection(stream.collect()))).toBe(true);
      await closed;
    });
  });

  it('StreamResponse.cancel() releases a response that is never read', async () => {
    await withStallServer(async (url, stalled, client) => {
      const response = await client.postSse(url, {});
      const closed = stalled.waitForSocketsClosed();
      response.cancel();
      await closed;
      expect(() => response.toChatStream(openAiChatMapper())).toThrow(AigoError);
    });
  });

  it('the deadline ends a stalled stream with TimeoutError and closes the socket', async () => {
    await withStallServer(async (url, stalled, client) => {
      const response = await client.postSse(url, {}, { timeoutMs: 60 });
      const stream = response.toChatStream(openAiChatMapper());
      const closed = stalled.waitForSocketsClosed();
      const error = await rejection(stream.collect());
      expect(TimeoutError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'timeout', timeoutMs: 60 });
      expect((error as TimeoutError).partial?.content).toBe(BEFORE_STALL);
      await closed;
    });
  });

  it('a connection reset mid-stream is a non-retryable connection_error with the partial answer', async () => {
    const response = await http.postSse(`${server.url}/reset`, {});
    const error = await rejection(collectEvents(response.toChatStream(openAiChatMapper())));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'connection_error', retryable: false, provider: 'openai' });
    expect((error as ProviderError).partial?.content).toBe(BEFORE_STALL);
  });

  it('detaches from the caller signal once the stream finished', async () => {
    const controller = new AbortController();
    const response = await http.postSse(`${server.url}/text`, {}, { signal: controller.signal });
    await response.toChatStream(openAiChatMapper()).collect();
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('toChatStream with a FrameMapper object', () => {
  /** A mapper class as an adapter writes one: per-stream state in fields, hooks as methods. */
  class RecordingMapper {
    readonly frames: string[] = [];
    readonly comments: string[] = [];
    ends = 0;
    readonly #handle = openAiChatMapper();

    onFrame(frame: StreamFrame, controller: ChatStreamController): void {
      this.frames.push(frame.data);
      this.#handle(frame, controller);
    }

    onEnd(controller: ChatStreamController): void {
      this.ends++;
      controller.close();
    }

    onComment(comment: string): void {
      this.comments.push(comment);
    }
  }

  it('calls onFrame as a method and uses the object’s onEnd and onComment', async () => {
    const unterminated = new RecordingMapper();
    const first = await http.postSse(`${server.url}/unterminated`, {});
    expect((await first.toChatStream(unterminated).collect()).content).toBe('ab');
    expect(unterminated.frames).toHaveLength(2);
    expect(unterminated.ends).toBe(1);

    const openrouter = new RecordingMapper();
    const second = await http.postSse(`${server.url}/openrouter`, {});
    await expect(second.toChatStream(openrouter).collect()).rejects.toBeInstanceOf(ProviderError);
    expect(openrouter.comments).toContain('OPENROUTER PROCESSING');
  });

  it('lets options.onEnd take precedence over the object’s onEnd', async () => {
    const mapper = new RecordingMapper();
    const ends: string[] = [];
    const response = await http.postSse(`${server.url}/unterminated`, {});
    const result = await response
      .toChatStream(mapper, {
        onEnd(controller) {
          ends.push('options');
          controller.close();
        },
      })
      .collect();
    expect(result.content).toBe('ab');
    expect(ends).toEqual(['options']);
    expect(mapper.ends).toBe(0);
  });

  it('rejects an object without an onFrame method, or with hooks that are not functions', async () => {
    const response = await http.postSse(`${server.url}/text`, {});
    expect(() => response.toChatStream({} as never)).toThrow(/onFrame method/);
    expect(() => response.toChatStream({ onFrame: () => undefined, onEnd: 1 } as never)).toThrow(
      /onFrame.onEnd/,
    );
    expect(() =>
      response.toChatStream({ onFrame: () => undefined, onComment: 'x' } as never),
    ).toThrow(/onFrame.onComment/);
    response.cancel();
  });
});

describe('toChatStream arguments', () => {
  it('validates onFrame and options, and can be called once', async () => {
    const response = await http.postSse(`${server.url}/text`, {});
    expect(() => response.toChatStream(undefined as never)).toThrow(ValidationError);
    expect(() => response.toChatStream(() => undefined, 'x' as never)).toThrow(/options/);
    expect(() => response.toChatStream(() => undefined, { onEnd: 1 as never })).toThrow(
      /options.onEnd/,
    );
    expect(() => response.toChatStream(() => undefined, { onComment: 1 as never })).toThrow(
      /options.onComment/,
    );
    expect(() => response.toChatStream(() => undefined, { highWaterMark: 0 })).toThrow(
      /options.highWaterMark/,
    );
    const stream = response.toChatStream(openAiChatMapper());
    expect(() => response.toChatStream(openAiChatMapper())).toThrow(/once/);
    expect((await stream.collect()).content).toBe(EXPECTED_TEXT);
  });
});
