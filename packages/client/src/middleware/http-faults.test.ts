// Fault injection through a real HTTP server on 127.0.0.1 (startRecordedServer) and a minimal
// provider on @aigo/http: what the retry and timeout middleware do when the socket misbehaves.
import {
  type ChatRequest,
  ProviderError,
  RetryExhaustedError,
  type StreamEvent,
  TimeoutError,
  userMessage,
} from '@aigo/ai';
import { joinTextDeltas, type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type MiniHttpProvider,
  miniHttpProvider,
  miniSse,
} from '../../test/support/test-mini-http-provider.js';
import { composeMiddleware } from './middleware.js';
import { retryMiddleware } from './retry-middleware.js';
import { timeoutMiddleware } from './timeout-middleware.js';

const request: ChatRequest = { model: 'mini-model', messages: [userMessage('Hello')] };
const usage = { promptTokens: 4, completionTokens: 3, totalTokens: 7 };
const events: StreamEvent[] = [
  { type: 'start', id: 'resp-1', model: 'mini-model' },
  { type: 'content', text: 'Hello' },
  { type: 'content', text: ' world' },
  { type: 'finish', finishReason: 'stop' },
  { type: 'usage', usage },
];

let server: RecordedServer | undefined;
let provider: MiniHttpProvider | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await provider?.close();
  await server?.close();
  provider = undefined;
  server = undefined;
});

describe('faults over real HTTP', () => {
  it('streams every event through retry and timeout, finish last with the trailing usage', async () => {
    server = await startRecordedServer([{ path: '/chat', sse: miniSse(events).body }]);
    provider = miniHttpProvider(server.url);
    const { stream } = composeMiddleware(provider, [
      retryMiddleware(),
      timeoutMiddleware({ total: 60_000, idle: 30_000 }),
    ]);
    const received: StreamEvent[] = [];
    for await (const event of await stream(request, {})) received.push(event);
    // Content deltas that were queued together are read as one; joined, the events are the same,
    // with finish moved behind the trailing usage.
    expect(joinTextDeltas(received)).toEqual([
      { type: 'start', id: 'resp-1', model: 'mini-model' },
      { type: 'content', text: 'Hello world' },
      { type: 'usage', usage },
      { type: 'finish', finishReason: 'stop' },
    ]);
    expect(received.find((event) => event.type === 'usage')).toEqual({ type: 'usage', usage });
  });

  it('a connection reset after the first event is not retried and fails with a typed error', async () => {
    const { body, firstFrameBytes } = miniSse(events);
    server = await startRecordedServer([
      { path: '/chat', sse: body, fault: { kind: 'reset', afterBytes: firstFrameBytes } },
      { path: '/chat', sse: body },
    ]);
    provider = miniHttpProvider(server.url);
    const { stream } = composeMiddleware(provider, [retryMiddleware({ initialBackoffMs: 0 })]);
    const started = await stream(request, {});
    const received: string[] = [];
    const failure = await (async () => {
      try {
        for await (const event of started) received.push(event.type);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(received).toEqual(['start']);
    expect(ProviderError.isInstance(failure)).toBe(true);
    expect((failure as ProviderError).retryable).toBe(false);
    expect((failure as ProviderError).partial?.id).toBe('resp-1');
    expect(server.requests).toHaveLength(1);
  });

  it('a connection closed before any answer is retried', async () => {
    server = await startRecordedServer([
      { path: '/chat', fault: { kind: 'close-before-response' }, times: 1 },
      { path: '/chat', sse: miniSse(events).body },
    ]);
    provider = miniHttpProvider(server.url);
    const failures: unknown[] = [];
    const { stream } = composeMiddleware(provider, [
      retryMiddleware({
        initialBackoffMs: 0,
        onRetry: (attempt) => failures.push(attempt.error),
      }),
    ]);
    const response = await (await stream(request, {})).collect();
    expect(response.content).toBe('Hello world');
    expect(failures).toHaveLength(1);
    expect(ProviderError.isInstance(failures[0])).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('503 on every attempt ends in RetryExhaustedError with each attempt', async () => {
    server = await startRecordedServer([
      { path: '/chat', status: 503, body: { error: { message: 'overloaded' } } },
    ]);
    provider = miniHttpProvider(server.url);
    const { send } = composeMiddleware(provider, [
      retryMiddleware({ maxRetries: 2, initialBackoffMs: 0 }),
    ]);
    const failure = await send(request, {}).catch((error: unknown) => error);
    expect(RetryExhaustedError.isInstance(failure)).toBe(true);
    const errors = (failure as RetryExhaustedError).errors;
    expect(errors).toHaveLength(3);
    expect(errors.every((error) => ProviderError.isInstance(error) && error.status === 503)).toBe(
      true,
    );
    expect(server.requests).toHaveLength(3);
  });

  it('a stalled stream times out: the reader gets TimeoutError and the socket is closed', async () => {
    // Only the middleware's timers are faked; sockets run for real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { body, firstFrameBytes } = miniSse(events);
    server = await startRecordedServer([
      { path: '/chat', sse: body, fault: { kind: 'stall', afterBytes: firstFrameBytes } },
    ]);
    provider = miniHttpProvider(server.url);
    const { stream } = composeMiddleware(provider, [
      timeoutMiddleware({ total: 600_000, idle: 5_000 }),
    ]);
    const iterator = (await stream(request, {}))[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual(events[0]);
    expect(server.openSockets).toBe(1);

    const next = iterator.next().catch((error: unknown) => error);
    const closed = server.waitForSocketsClosed();
    await vi.advanceTimersByTimeAsync(5_000);
    const failure = await next;
    expect(TimeoutError.isInstance(failure)).toBe(true);
    expect((failure as TimeoutError).timeoutMs).toBe(5_000);
    expect((failure as TimeoutError).partial?.id).toBe('resp-1');
    // Resolves only once the socket that carried the stalled stream has closed on the server side.
    // (openSockets is not checked: with setTimeout faked, undici opens a spare idle connection.)
    await closed;
    expect(server.requests).toHaveLength(1);
  });
});
