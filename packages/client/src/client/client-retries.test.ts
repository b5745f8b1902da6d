// The client's own retries, over real HTTP: a recorded server on 127.0.0.1 answers 429 with
// Retry-After, 503, a stream that cannot start and one that breaks after its first event; the
// minimal provider on @aigo/http turns them into the typed errors the real adapters throw. Only the
// waits are faked (setTimeout), the sockets are real.
import {
  AbortError,
  type ChatResponse,
  ProviderError,
  RetryExhaustedError,
  type StreamEvent,
  ValidationError,
} from '@aigo/ai';
import {
  createFakeProvider,
  createRecordingObserver,
  type RecordedRoute,
  type RecordedServer,
  startRecordedServer,
} from '@aigo/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type MiniHttpProvider,
  miniHttpProvider,
  miniSse,
} from '../../test/support/test-mini-http-provider.js';
import { type RetryAttempt, retryMiddleware, timeoutMiddleware } from '../middleware/index.js';
import { createClient } from './client.js';

const MODEL = 'mini-model';
const usage = { promptTokens: 4, completionTokens: 3, totalTokens: 7 };
const answer: ChatResponse = {
  id: 'resp-1',
  model: MODEL,
  content: 'Hello world',
  toolCalls: [],
  finishReason: 'stop',
  usage,
};
const events: StreamEvent[] = [
  { type: 'start', id: 'resp-1', model: MODEL },
  { type: 'content', text: 'Hello' },
  { type: 'content', text: ' world' },
  { type: 'usage', usage },
  { type: 'finish', finishReason: 'stop' },
];
const overloaded: RecordedRoute = {
  path: '/chat',
  status: 503,
  body: { error: { message: 'The model is overloaded' } },
};

let server: RecordedServer | undefined;
let provider: MiniHttpProvider | undefined;

async function serve(...routes: RecordedRoute[]): Promise<MiniHttpProvider> {
  server = await startRecordedServer(routes);
  provider = miniHttpProvider(server.url);
  return provider;
}

function requestCount(): number {
  return server?.requests.length ?? 0;
}

/** Collects `onRetry` calls; `waitFor(n)` resolves once `n` retries were announced. */
function retryLog() {
  const seen: RetryAttempt[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  return {
    seen,
    onRetry(attempt: RetryAttempt) {
      seen.push(attempt);
      for (const waiter of waiters.filter((w) => seen.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    },
    waitFor(count: number): Promise<void> {
      if (seen.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await provider?.close();
  await server?.close();
  provider = undefined;
  server = undefined;
});

describe('createClient retries by default', () => {
  it('waits exactly what a 429 Retry-After asks, then succeeds; the overview has both attempts', async () => {
    await serve(
      {
        path: '/chat',
        status: 429,
        headers: { 'retry-after': '2' },
        body: { error: { message: 'Rate limit reached' } },
        times: 1,
      },
      { path: '/chat', body: answer },
    );
    const retries = retryLog();
    const client = createClient(provider as MiniHttpProvider, {
      defaultModel: MODEL,
      onRetry: retries.onRetry,
      env: {},
    });
    const overview = client.createOverview();
    const call = client.sendMessage('Hello', { overview });

    await retries.waitFor(1);
    expect(retries.seen[0]).toMatchObject({
      retry: 1,
      delayMs: 2_000,
      stream: false,
      error: { code: 'rate_limited', status: 429 },
    });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(requestCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);

    expect((await call).content).toBe('Hello world');
    expect(requestCount()).toBe(2);
    expect(overview.attempts).toBe(2);
    expect(overview.callAttempts).toEqual([
      {
        model: MODEL,
        stream: false,
        attempts: 2,
        failures: [
          { attempt: 1, code: 'rate_limited', status: 429, retryAfterMs: 2_000, delayMs: 2_000 },
        ],
        succeeded: true,
      },
    ]);
    expect(overview.responses).toHaveLength(1);
  });

  it('retries a 503 twice with jittered exponential backoff, then rejects with the last error as is', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    await serve(overloaded);
    const retries = retryLog();
    const client = createClient(provider as MiniHttpProvider, {
      defaultModel: MODEL,
      onRetry: retries.onRetry,
      env: {},
    });
    const overview = client.createOverview();
    const call = client.sendMessage('Hello', { overview }).catch((error: unknown) => error);

    await retries.waitFor(1);
    // Full jitter: half of the 1 s ceiling, then half of the 2 s one.
    expect(retries.seen[0]?.delayMs).toBe(500);
    await vi.advanceTimersByTimeAsync(499);
    expect(requestCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await retries.waitFor(2);
    expect(requestCount()).toBe(2);
    expect(retries.seen[1]?.delayMs).toBe(1_000);
    await vi.advanceTimersByTimeAsync(1_000);

    const failure = await call;
    expect(RetryExhaustedError.isInstance(failure)).toBe(false);
    expect(ProviderError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 'overloaded', status: 503, retryable: true });
    expect(requestCount()).toBe(3);
    expect(retries.seen).toHaveLength(2);
    expect(overview.attempts).toBe(3);
    expect(overview.callAttempts).toEqual([
      {
        model: MODEL,
        stream: false,
        attempts: 3,
        failures: [
          { attempt: 1, code: 'overloaded', status: 503, delayMs: 500 },
          { attempt: 2, code: 'overloaded', status: 503, delayMs: 1_000 },
          { attempt: 3, code: 'overloaded', status: 503 },
        ],
        succeeded: false,
      },
    ]);
    expect(overview.responses).toHaveLength(0);
  });

  it('maxRetries: 0 turns retrying off; the overview still counts the attempt', async () => {
    await serve(overloaded);
    const client = createClient(provider as MiniHttpProvider, {
      defaultModel: MODEL,
      maxRetries: 0,
      env: {},
    });
    const overview = client.createOverview();
    const failure = await client
      .sendMessage('Hello', { overview })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'overloaded', status: 503 });
    expect(requestCount()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(overview.attempts).toBe(1);
    expect(overview.callAttempts[0]?.failures).toEqual([
      { attempt: 1, code: 'overloaded', status: 503 },
    ]);
  });

  it('maxRetries: 5 retries five times', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await serve(overloaded);
    const client = createClient(provider as MiniHttpProvider, {
      defaultModel: MODEL,
      maxRetries: 5,
      env: {},
    });
    // With Math.random at 0 every backoff is 0 ms: no wait at all.
    const failure = await client.sendMessage('Hello').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'overloaded' });
    expect(requestCount()).toBe(6);
  });

  it('does not retry an error that is not retryable (400)', async () => {
    await serve({ path: '/chat', status: 400, body: { error: { message: 'bad field' } } });
    const client = createClient(provider as MiniHttpProvider, { defaultModel: MODEL, env: {} });
    const overview = client.createOverview();
    const failure = await client
      .sendMessage('Hello', { overview })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'bad_request', status: 400, retryable: false });
    expect(requestCount()).toBe(1);
    expect(overview.callAttempts[0]).toMatchObject({ attempts: 1, succeeded: false });
  });

  it('stops at once with AbortError when the caller aborts during the wait', async () => {
    await serve({ ...overloaded, headers: { 'retry-after': '30' } });
    const retries = retryLog();
    const client = createClient(provider as MiniHttpProvider, {
      defaultModel: MODEL,
      onRetry: retries.onRetry,
      env: {},
    });
    const controller = new AbortController();
    const overview = client.createOverview();
    const call = client
      .sendMessage('Hello', { signal: controller.signal, overview })
      .catch((error: unknown) => error);
    await retries.waitFor(1);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    controller.abort();
    expect(AbortError.isInstance(await call)).toBe(true);
    expect(requestCount()).toBe(1);
    expect(overview.callAttempts[0]).toMatchObject({
      attempts: 1,
      failures: [{ attempt: 1, code: 'overloaded', retryAfterMs: 30_000, delayMs: 30_000 }],
      succeeded: false,
    });
  });

  it('an observer sees one chat span for the whole call, retries included', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await serve({ ...overloaded, times: 1 }, { path: '/chat', body: answer });
    const observer = createRecordingObserver();
    const retries = retryLog();
    const client = createClient(provider as MiniHttpProvider, {
      defaultModel: MODEL,
      observer,
      onRetry: retries.onRetry,
      env: {},
    });
    await client.sendMessage('Hello');
    expect(retries.seen).toHaveLength(1);
    expect(observer.spans.map((span) => span.name)).toEqual([`chat ${MODEL}`]);
    expect(observer.spans[0]?.status?.status).toBe('ok');
    expect(requestCount()).toBe(2);
  });

  it("each attempt passes through the application's middleware (a timeout bounds each attempt)", async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await serve({ ...overloaded, times: 1 }, { path: '/chat', body: answer });
    const seen: string[] = [];
    const client = createClient(provider as MiniHttpProvider, {
      defaultModel: MODEL,
      middleware: [
        {
          name: 'count',
          send: (request, options, next) => {
            seen.push('attempt');
            return next(request, options);
          },
        },
        timeoutMiddleware({ total: 60_000 }),
      ],
      env: {},
    });
    expect((await client.sendMessage('Hello')).content).toBe('Hello world');
    expect(requestCount()).toBe(2);
    expect(seen).toEqual(['attempt', 'attempt']);
  });
});

describe('streams are retried only before they start', () => {
  it('a stream whose request fails (503) is retried and then streams', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await serve({ ...overloaded, times: 1 }, { path: '/chat', sse: miniSse(events).body });
    const retries = retryLog();
    const client = createClient(provider as MiniHttpProvider, {
      defaultModel: MODEL,
      onRetry: retries.onRetry,
      env: {},
    });
    const overview = client.createOverview();
    const response = await (await client.streamMessage('Hello', { overview })).collect();
    expect(retries.seen[0]?.stream).toBe(true);
    expect(response.content).toBe('Hello world');
    expect(requestCount()).toBe(2);
    expect(overview.callAttempts).toEqual([
      {
        model: MODEL,
        stream: true,
        attempts: 2,
        failures: [{ attempt: 1, code: 'overloaded', status: 503, delayMs: 0 }],
        succeeded: true,
      },
    ]);
  });

  it('a stream that breaks after its first event is not retried: the consumer gets the error', async () => {
    const { body, firstFrameBytes } = miniSse(events);
    await serve(
      { path: '/chat', sse: body, fault: { kind: 'reset', afterBytes: firstFrameBytes } },
      { path: '/chat', sse: body },
    );
    const retries = retryLog();
    const client = createClient(provider as MiniHttpProvider, {
      defaultModel: MODEL,
      onRetry: retries.onRetry,
      env: {},
    });
    const overview = client.createOverview();
    const stream = await client.streamMessage('Hello', { overview });
    const received: string[] = [];
    const failure = await (async () => {
      try {
        for await (const event of stream) received.push(event.type);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(received).toEqual(['start']);
    expect(failure).toMatchObject({ code: 'connection_error', retryable: false });
    expect(requestCount()).toBe(1);
    expect(retries.seen).toEqual([]);
    expect(overview.callAttempts).toEqual([
      {
        model: MODEL,
        stream: true,
        attempts: 1,
        failures: [{ attempt: 1, code: 'connection_error' }],
        succeeded: false,
      },
    ]);
  });

  it('a stream the consumer stops reading ends its call as not succeeded (aborted)', async () => {
    const client = createClient(createFakeProvider().text('One two three four five.'), {
      defaultModel: MODEL,
      env: {},
    });
    const overview = client.createOverview();
    for await (const event of await client.streamMessage('Hello', { overview })) {
      if (event.type === 'content') break;
    }
    expect(overview.callAttempts).toEqual([
      {
        model: MODEL,
        stream: true,
        attempts: 1,
        failures: [{ attempt: 1, code: 'aborted' }],
        succeeded: false,
      },
    ]);
  });

  it('a connection closed before any answer is retried', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await serve(
      { path: '/chat', fault: { kind: 'close-before-response' }, times: 1 },
      { path: '/chat', sse: miniSse(events).body },
    );
    const retries = retryLog();
    const client = createClient(provider as MiniHttpProvider, {
      defaultModel: MODEL,
      onRetry: retries.onRetry,
      env: {},
    });
    expect((await (await client.streamMessage('Hello')).collect()).content).toBe('Hello world');
    expect(retries.seen[0]?.error).toMatchObject({ code: 'connection_error', retryable: true });
    expect(requestCount()).toBe(2);
  });
});

describe('one place retries', () => {
  it('a client given retryMiddleware leaves the retrying to it: no double retries', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await serve(overloaded);
    const client = createClient(provider as MiniHttpProvider, {
      defaultModel: MODEL,
      middleware: [retryMiddleware({ maxRetries: 1 })],
      env: {},
    });
    const failure = await client.sendMessage('Hello').catch((error: unknown) => error);
    // The middleware's own outcome: one retry, then RetryExhaustedError with both errors.
    expect(RetryExhaustedError.isInstance(failure)).toBe(true);
    expect((failure as RetryExhaustedError).errors).toHaveLength(2);
    expect(requestCount()).toBe(2);
  });

  it('maxRetries or onRetry together with a retry middleware is a ValidationError', () => {
    const fake = createFakeProvider();
    expect(() =>
      createClient(fake, { maxRetries: 3, middleware: [retryMiddleware()] }),
    ).toThrowError(/maxRetries.*middleware\[0\]/);
    expect(() =>
      createClient(fake, { onRetry: () => {}, middleware: [retryMiddleware()] }),
    ).toThrowError(ValidationError);
    // 0 says "no client retries", which is what a retry middleware means anyway.
    expect(() =>
      createClient(fake, { maxRetries: 0, middleware: [retryMiddleware()] }),
    ).not.toThrow();
  });

  it('checks maxRetries and onRetry', () => {
    const fake = createFakeProvider();
    for (const bad of [-1, 1.5, Number.NaN, '2' as unknown as number]) {
      expect(() => createClient(fake, { maxRetries: bad })).toThrowError(/maxRetries/);
    }
    expect(() => createClient(fake, { onRetry: 'log' as never })).toThrowError(/onRetry/);
  });
});
