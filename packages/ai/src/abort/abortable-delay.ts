import { AbortError } from '../errors/interruption-errors.js';

/**
 * Resolves after `ms` milliseconds (at once for 0 or less), on the global `setTimeout`, so fake
 * timers drive it. Aborting `signal` clears the timer and rejects at once with the signal's
 * `AbortError` (or its `TimeoutError`).
 *
 * @example
 * await abortableDelay(retryAfterMs, options.signal);
 */
export function abortableDelay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(AbortError.fromSignal(signal));
  if (!(ms > 0)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => {
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
