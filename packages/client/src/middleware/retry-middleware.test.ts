import {
  AbortError,
  type ChatRequest,
  ProviderError,
  RetryExhaustedError,
  TimeoutError,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { composeMiddleware } from './middleware.js';
import { isRetryableError, type RetryAttempt, retryMiddleware } from './retry-middleware.js';

const request: ChatRequest = { model: 'test-model', messages: [userMessage('Hello')] };

function providerError(status: number, extra: { retryAfterMs?: number } = {}): ProviderError {
  return new ProviderError({
    code: status === 429 ? 'rate_limited' : status >= 500 ? 'server_error' : 'bad_request',
    message: `HTTP ${status}`,
    provider: 'fake',
    status,
    retryable: status === 429 || status >= 500,
    ...extra,
  });
}

/** Settles `promise` into a value, so fake-timer tests can observe it without an unhandled rejection. */
function settle<T>(promise: Promise<T>): {
  readonly result: { done: boolean; value?: T; error?: unknown };
} {
  const state: { result: { done: boolean; value?: T; error?: unknown } } = {
    result: { done: false },
  };
  promise.then(
    (value) => {
      state.result = { done: true, value };
    },
    (error: unknown) => {
      state.result = { done: true, error };
    },
  );
  return state;
}

describe('retryMiddleware', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits exactly the Retry-After time of a 429, then succeeds', async () => {
    const provider = createFakeProvider()
      .error(providerError(429, { retryAfterMs: 2_000 }))
      .text('Finally');
    const retries: RetryAttempt[] = [];
    const { send } = composeMiddleware(provider, [
      retryMiddleware({ initialBackoffMs: 100, onRetry: (attempt) => retries.push(attempt) }),
    ]);
    const call = settle(send(request, {}));
    await vi.advanceTimersByTimeAsync(0);
    expect(provider.callCount).toBe(1);
    expect(retries).toHaveLength(1);
    expect(retries[0]?.delayMs).toBe(2_000);
    expect(retries[0]?.retry).toBe(1);

    await vi.advanceTimersByTimeAsync(1_999);
    expect(provider.callCount).toBe(1);
    expect(call.result.done).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(provider.callCount).toBe(2);
    expect(call.result.value?.content).toBe('Finally');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clamps a huge Retry-After to maxRetryAfterMs', async () => {
    const provider = createFakeProvider()
      .error(providerError(429, { retryAfterMs: 3_600_000 }))
      .text('ok');
    const retries: RetryAttempt[] = [];
    const { send } = composeMiddleware(provider, [
      retryMiddleware({ maxRetryAfterMs: 5_000, onRetry: (attempt) => retries.push(attempt) }),
    ]);
    const call = settle(send(request, {}));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(retries[0]?.delayMs).toBe(5_000);
    expect(call.result.value?.content).toBe('ok');
  });

  it('gives up after maxRetries + 1 attempts of 503 with every error in RetryExhaustedError', async () => {
    const errors = [providerError(503), providerError(503), providerError(503)];
    const provider = createFakeProvider();
    for (const error of errors) provider.error(error);
    const { send } = composeMiddleware(provider, [
      retryMiddleware({ maxRetries: 2, initialBackoffMs: 100 }),
    ]);
    const call = settle(send(request, {}));
    await vi.runAllTimersAsync();
    expect(provider.callCount).toBe(3);
    const error = call.result.error;
    expect(RetryExhaustedError.isInstance(error)).toBe(true);
    expect((error as RetryExhaustedError).errors).toEqual(errors);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('backs off exponentially with full jitter that never exceeds maxBackoffMs', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    const provider = createFakeProvider();
    for (let i = 0; i < 6; i++) provider.error(providerError(500));
    const delays: number[] = [];
    const { send } = composeMiddleware(provider, [
      retryMiddleware({
        maxRetries: 5,
        initialBackoffMs: 100,
        multiplier: 3,
        maxBackoffMs: 1_000,
        onRetry: (attempt) => delays.push(attempt.delayMs),
      }),
    ]);
    const call = settle(send(request, {}));
    await vi.runAllTimersAsync();
    expect(RetryExhaustedError.isInstance(call.result.error)).toBe(true);
    // ceilings 100, 300, 900, then capped at 1000
    expect(delays).toEqual([99, 299, 899, 999, 999]);
    for (const delay of delays) expect(delay).toBeLessThan(1_000);
  });

  it('rethrows a non-retryable error at once, as is', async () => {
    const badRequest = providerError(400);
    const provider = createFakeProvider().error(badRequest).text('never');
    const { send } = composeMiddleware(provider, [retryMiddleware()]);
    await expect(send(request, {})).rejects.toBe(badRequest);
    expect(provider.callCount).toBe(1);
  });

  it('maxRetries: 0 disables retrying', async () => {
    const unavailable = providerError(503);
    const provider = createFakeProvider().error(unavailable).text('never');
    const middleware = retryMiddleware({ maxRetries: 0 });
    expect(middleware.send).toBeUndefined();
    const { send } = composeMiddleware(provider, [middleware]);
    await expect(send(request, {})).rejects.toBe(unavailable);
    expect(provider.callCount).toBe(1);
  });

  it('stops waiting at once when the signal aborts during the backoff', async () => {
    const provider = createFakeProvider().error(providerError(503)).text('never');
    const controller = new AbortController();
    const { send } = composeMiddleware(provider, [retryMiddleware({ initialBackoffMs: 10_000 })]);
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const call = settle(send(request, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort(new Error('user left'));
    await vi.advanceTimersByTimeAsync(0);
    expect(call.result.done).toBe(true);
    expect(AbortError.isInstance(call.result.error)).toBe(true);
    expect(((call.result.error as AbortError).cause as Error).message).toBe('user left');
    expect(vi.getTimerCount()).toBe(0);
    expect(provider.callCount).toBe(1);
  });

  it('never retries once the caller aborted, even a retryable error', async () => {
    const controller = new AbortController();
    const provider = createFakeProvider().onRequest(() => {
      controller.abort();
      throw providerError(503);
    });
    const { send } = composeMiddleware(provider, [retryMiddleware()]);
    await expect(send(request, { signal: controller.signal })).rejects.toThrow();
    expect(provider.callCount).toBe(1);
  });

  it('uses a custom retryable predicate instead of the default', async () => {
    const flaky = new Error('flaky network');
    const provider = createFakeProvider().error(flaky).error(providerError(503)).text('ok');
    const seen: unknown[] = [];
    const { send } = composeMiddleware(provider, [
      retryMiddleware({
        initialBackoffMs: 10,
        retryable: (error) => {
          seen.push(error);
          return error === flaky;
        },
      }),
    ]);
    const call = settle(send(request, {}));
    await vi.runAllTimersAsync();
    // The plain Error was retried; the 503 was not, because the predicate said no.
    expect(seen[0]).toBe(flaky);
    expect(ProviderError.isInstance(call.result.error)).toBe(true);
    expect(provider.callCount).toBe(2);
  });

  it('retries a stream that failed before its first event', async () => {
    const provider = createFakeProvider().error(providerError(502)).text('streamed');
    const { stream } = composeMiddleware(provider, [retryMiddleware({ initialBackoffMs: 10 })]);
    const started = settle(stream(request, {}));
    await vi.runAllTimersAsync();
    expect(provider.callCount).toBe(2);
    const response = await started.result.value?.collect();
    expect(response?.content).toBe('streamed');
  });

  it('does not retry a stream that failed after its first event', async () => {
    const midway = providerError(502);
    const provider = createFakeProvider()
      .error(midway, { afterEvents: 2, response: { content: 'partial' } })
      .text('never');
    const { stream } = composeMiddleware(provider, [retryMiddleware({ initialBackoffMs: 10 })]);
    const started = await stream(request, {});
    const types: string[] = [];
    let text = '';
    const failure = await (async () => {
      try {
        for await (const event of started) {
          types.push(event.type);
          if (event.type === 'content') text += event.text;
        }
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(types).toEqual(['start', 'content']);
    expect(ProviderError.isInstance(failure)).toBe(true);
    expect((failure as ProviderError).status).toBe(502);
    expect(text).not.toBe('');
    expect((failure as ProviderError).partial?.content).toBe(text);
    expect(provider.callCount).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the default predicate: retryable provider errors and timeouts, never aborts', () => {
    expect(isRetryableError(providerError(429))).toBe(true);
    expect(isRetryableError(providerError(500))).toBe(true);
    expect(isRetryableError(providerError(400))).toBe(false);
    expect(isRetryableError(new TimeoutError('slow', { timeoutMs: 1 }))).toBe(true);
    expect(isRetryableError(new AbortError())).toBe(false);
    expect(isRetryableError(new Error('other'))).toBe(false);
  });

  it('validates its options', () => {
    expect(() => retryMiddleware({ maxRetries: -1 })).toThrow(ValidationError);
    expect(() => retryMiddleware({ maxRetries: 1.5 })).toThrow(/maxRetries/);
    expect(() => retryMiddleware({ initialBackoffMs: Number.NaN })).toThrow(/initialBackoffMs/);
    expect(() => retryMiddleware({ multiplier: 0.5 })).toThrow(/multiplier/);
    expect(() => retryMiddleware({ retryable: 'yes' as never })).toThrow(/retryable/);
  });
});
