import { AbortError } from '@aigo/ai';

/** Rejects with the `AbortError` for `signal` when it is already aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw AbortError.fromSignal(signal);
}

/**
 * Waits `ms` milliseconds on the global `setTimeout` (so `vi.useFakeTimers()` controls it); an abort
 * rejects at once with `AbortError` and clears the timer.
 */
export function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(AbortError.fromSignal(signal));
  if (ms <= 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(AbortError.fromSignal(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `promise`, or an `AbortError` as soon as `signal` aborts, whichever comes first. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(AbortError.fromSignal(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(AbortError.fromSignal(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
