import {
  AbortError,
  type CallOptions,
  type ChatRequest,
  type ChatStream,
  type StreamEvent,
  type StreamProvider,
  TimeoutError,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { createFakeProvider, createStreamSimulator, type StreamSimulator } from '@aigo/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { composeMiddleware } from './middleware.js';
import { timeoutMiddleware } from './timeout-middleware.js';

const request: ChatRequest = { model: 'test-model', messages: [userMessage('Hello')] };

/** A streaming provider whose streams the test drives by hand; it records the options it got. */
function manualStreamProvider(): StreamProvider & {
  readonly simulators: StreamSimulator[];
  readonly options: CallOptions[];
} {
  const simulators: StreamSimulator[] = [];
  const options: CallOptions[] = [];
  return {
    id: 'manual',
    simulators,
    options,
    sendMessage: () => Promise.reject(new Error('not used')),
    streamMessage: async (_request, callOptions = {}) => {
      options.push(callOptions);
      const simulator = createStreamSimulator({
        provider: 'manual',
        ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }),
      });
      simulators.push(simulator);
      return simulator.stream;
    },
  };
}

function pending<T>(promise: Promise<T>): {
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

const start: StreamEvent = { type: 'start', id: 'r1', model: 'test-model' };
const content = (text: string): StreamEvent => ({ type: 'content', text });

describe('timeoutMiddleware on send', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rejects with TimeoutError at the deadline and aborts the inner call', async () => {
    const provider = createFakeProvider().delay(10_000).text('too late');
    const { send } = composeMiddleware(provider, [timeoutMiddleware({ total: 1_000 })]);
    const call = pending(send(request, {}));
    await vi.advanceTimersByTimeAsync(999);
    expect(call.result.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(TimeoutError.isInstance(call.result.error)).toBe(true);
    expect((call.result.error as TimeoutError).timeoutMs).toBe(1_000);
    const innerSignal = provider.calls[0]?.options?.signal;
    expect(innerSignal?.aborted).toBe(true);
    expect(TimeoutError.isInstance(innerSignal?.reason)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timer when the call finishes in time', async () => {
    const provider = createFakeProvider().delay(500).text('in time');
    const { send } = composeMiddleware(provider, [timeoutMiddleware({ total: 1_000 })]);
    const call = pending(send(request, {}));
    await vi.advanceTimersByTimeAsync(500);
    expect(call.result.value?.content).toBe('in time');
    expect(vi.getTimerCount()).toBe(0);
    expect(provider.calls[0]?.options?.signal?.aborted).toBe(false);
  });

  it("passes the caller's abort on at once", async () => {
    const provider = createFakeProvider().delay(10_000).text('never');
    const controller = new AbortController();
    const { send } = composeMiddleware(provider, [timeoutMiddleware({ total: 60_000 })]);
    const call = pending(send(request, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(AbortError.isInstance(call.result.error)).toBe(true);
    expect(provider.calls[0]?.options?.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('validates its options', () => {
    expect(() => timeoutMiddleware({ total: 0 })).toThrow(ValidationError);
    expect(() => timeoutMiddleware({ total: 10, idle: -1 })).toThrow(/config\.idle/);
    expect(() => timeoutMiddleware(undefined as never)).toThrow(/config/);
  });
});

describe('timeoutMiddleware on streams', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('cancels a stalled stream after the idle gap: the reader gets TimeoutError, the source is cancelled', async () => {
    const provider = manualStreamProvider();
    const { stream } = composeMiddleware(provider, [
      timeoutMiddleware({ total: 60_000, idle: 1_000 }),
    ]);
    const started = await stream(request, {});
    const simulator = provider.simulators[0] as StreamSimulator;
    const iterator = started[Symbol.asyncIterator]();

    simulator.emit(start);
    expect((await iterator.next()).value).toEqual(start);
    await vi.advanceTimersByTimeAsync(900);
    simulator.emit(content('Hel'));
    expect((await iterator.next()).value).toEqual(content('Hel'));
    // The gap restarted at the last event: 900 ms more is still fine.
    await vi.advanceTimersByTimeAsync(900);
    const next = pending(iterator.next());
    await vi.advanceTimersByTimeAsync(99);
    expect(next.result.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect(TimeoutError.isInstance(next.result.error)).toBe(true);
    expect((next.result.error as TimeoutError).timeoutMs).toBe(1_000);
    expect((next.result.error as TimeoutError).partial?.content).toBe('Hel');
    expect(simulator.cancelled).toBe(true);
    expect(provider.options[0]?.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancels a stream that outlives its total deadline even while events flow', async () => {
    const provider = manualStreamProvider();
    const { stream } = composeMiddleware(provider, [
      timeoutMiddleware({ total: 2_000, idle: 1_000 }),
    ]);
    const started = await stream(request, {});
    const simulator = provider.simulators[0] as StreamSimulator;
    const iterator = started[Symbol.asyncIterator]();
    simulator.emit(start);
    await iterator.next();
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(600);
      simulator.emit(content(String(i)));
      await iterator.next();
    }
    const next = pending(iterator.next());
    await vi.advanceTimersByTimeAsync(200);
    expect(TimeoutError.isInstance(next.result.error)).toBe(true);
    expect((next.result.error as TimeoutError).timeoutMs).toBe(2_000);
    expect(simulator.cancelled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('times out a stream that does not start in time, and cancels it when it starts late', async () => {
    let resolveStart: ((stream: ChatStream) => void) | undefined;
    const late = createStreamSimulator();
    const provider: StreamProvider = {
      id: 'slow',
      sendMessage: () => Promise.reject(new Error('not used')),
      streamMessage: () =>
        new Promise<ChatStream>((resolve) => {
          resolveStart = resolve;
        }),
    };
    const { stream } = composeMiddleware(provider, [timeoutMiddleware({ total: 1_000 })]);
    const call = pending(stream(request, {}));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(TimeoutError.isInstance(call.result.error)).toBe(true);
    resolveStart?.(late.stream);
    await vi.advanceTimersByTimeAsync(0);
    expect(late.cancelled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timers when the stream finishes, and passes every event through to finish', async () => {
    const provider = manualStreamProvider();
    const { stream } = composeMiddleware(provider, [
      timeoutMiddleware({ total: 5_000, idle: 1_000 }),
    ]);
    const started = await stream(request, {});
    const simulator = provider.simulators[0] as StreamSimulator;
    const usage = { promptTokens: 3, completionTokens: 1, totalTokens: 4 };
    simulator.emit(start, content('Hi'), { type: 'finish', finishReason: 'stop' });
    simulator.emit({ type: 'usage', usage });
    simulator.close();
    const types: string[] = [];
    for await (const event of started) types.push(event.type);
    expect(types).toEqual(['start', 'content', 'usage', 'finish']);
    expect(started.partial.usage).toEqual(usage);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timers when the consumer breaks out early', async () => {
    const provider = manualStreamProvider();
    const { stream } = composeMiddleware(provider, [
      timeoutMiddleware({ total: 5_000, idle: 1_000 }),
    ]);
    const started = await stream(request, {});
    const simulator = provider.simulators[0] as StreamSimulator;
    simulator.emit(start, content('Hi'));
    for await (const event of started) {
      if (event.type === 'content') break;
    }
    expect(simulator.cancelled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
