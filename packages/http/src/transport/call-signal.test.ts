import { TimeoutError } from '@aigo/ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallSignal, createCallSignal, MAX_TIMER_MS } from './call-signal.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('CallSignal', () => {
  it('aborts at the deadline with a TimeoutError, once, and its AbortSignal follows', () => {
    vi.useFakeTimers();
    const call = new CallSignal(undefined, 1000, 'p');
    const early = call.signal;
    const seen: unknown[] = [];
    call.on('abort', () => seen.push(call.reason));
    vi.advanceTimersByTime(999);
    expect(call.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(call.aborted).toBe(true);
    expect(TimeoutError.isInstance(call.reason)).toBe(true);
    expect((call.reason as TimeoutError).timeoutMs).toBe(1000);
    expect((call.reason as Error).message).toBe('The p call did not finish within 1000 ms');
    expect(early.aborted).toBe(true);
    expect(early.reason).toBe(call.reason);
    call.abort(new Error('again'));
    expect(seen).toHaveLength(1);
    // A signal asked for after the abort is born aborted.
    expect(call.signal.reason).toBe(call.reason);
  });

  it("passes the caller's reason through, and stops listening once disposed", () => {
    const caller = new AbortController();
    const call = new CallSignal(caller.signal, 60_000, 'p');
    const reason = new Error('user stop');
    caller.abort(reason);
    expect(call.aborted).toBe(true);
    expect(call.reason).toBe(reason);

    const second = new AbortController();
    const disposed = new CallSignal(second.signal, 60_000, 'p');
    disposed.dispose();
    second.abort(new Error('late'));
    expect(disposed.aborted).toBe(false);
  });

  it("starts aborted when the caller's signal already is", () => {
    const reason = new Error('before');
    const call = new CallSignal(AbortSignal.abort(reason), 60_000, 'p');
    expect(call.aborted).toBe(true);
    expect(call.reason).toBe(reason);
  });

  it('dispose clears the deadline', () => {
    vi.useFakeTimers();
    const call = new CallSignal(undefined, 1000, 'p');
    call.dispose();
    vi.advanceTimersByTime(5000);
    expect(call.aborted).toBe(false);
  });

  it('createCallSignal makes none when nothing could abort the call', () => {
    expect(createCallSignal(undefined, Number.POSITIVE_INFINITY, 'p')).toBeUndefined();
    expect(createCallSignal(undefined, MAX_TIMER_MS + 1, 'p')).toBeUndefined();
    const caller = new AbortController();
    const call = createCallSignal(caller.signal, Number.POSITIVE_INFINITY, 'p');
    caller.abort('why');
    expect(call?.reason).toBe('why');
  });
});
