import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbortError, TimeoutError } from '../errors/interruption-errors.js';
import { abortableDelay } from './abortable-delay.js';
import { raceAbort } from './race-abort.js';
import { throwIfAborted } from './throw-if-aborted.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('throwIfAborted', () => {
  it('does nothing without a signal or before it fires', () => {
    expect(() => throwIfAborted(undefined)).not.toThrow();
    expect(() => throwIfAborted(new AbortController().signal)).not.toThrow();
  });

  it('throws AbortError with the reason as cause, TimeoutError for a timeout reason', () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    controller.abort(reason);
    const error = (() => {
      try {
        throwIfAborted(controller.signal);
      } catch (caught) {
        return caught;
      }
    })();
    expect(AbortError.isInstance(error)).toBe(true);
    expect((error as AbortError).cause).toBe(reason);
    const timedOut = new AbortController();
    timedOut.abort(new TimeoutError('deadline'));
    expect(() => throwIfAborted(timedOut.signal)).toThrow(TimeoutError);
  });
});

describe('raceAbort', () => {
  it('passes the work through without a signal', async () => {
    await expect(raceAbort(Promise.resolve(3), undefined)).resolves.toBe(3);
  });

  it('settles with the work when it wins, and removes its listener', async () => {
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    await expect(raceAbort(Promise.resolve('done'), controller.signal)).resolves.toBe('done');
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
    await expect(raceAbort(Promise.reject(new Error('boom')), controller.signal)).rejects.toThrow(
      'boom',
    );
  });

  it('rejects at once when the signal fires first, and swallows the late rejection', async () => {
    const controller = new AbortController();
    let fail: (error: Error) => void = () => {};
    const work = new Promise<never>((_, reject) => {
      fail = reject;
    });
    const raced = raceAbort(work, controller.signal);
    controller.abort();
    await expect(raced).rejects.toBeInstanceOf(AbortError);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    fail(new Error('late'));
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('rejects at once for an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(raceAbort(new Promise(() => {}), controller.signal)).rejects.toBeInstanceOf(
      AbortError,
    );
  });
});

describe('abortableDelay', () => {
  it('resolves after the delay on fake timers, and at once for 0', async () => {
    vi.useFakeTimers();
    await expect(abortableDelay(0, undefined)).resolves.toBeUndefined();
    const done = vi.fn();
    const delay = abortableDelay(1000, undefined).then(done);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await delay;
    expect(done).toHaveBeenCalledOnce();
  });

  it('rejects at once on abort and clears its timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const delay = abortableDelay(60_000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await expect(delay).rejects.toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects for an already aborted signal without a timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    controller.abort();
    await expect(abortableDelay(10, controller.signal)).rejects.toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
  });
});
