import { AbortError } from '@aigo/ai';

/** Throws the signal's `AbortError` (or `TimeoutError`) when it has already fired. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw AbortError.fromSignal(signal);
}

/**
 * Settles with `work`, or rejects as soon as `signal` fires. Used for reads only: the query keeps
 * running on its connection and its result is dropped. Writes never race a signal, because a
 * statement already sent may still commit, and reporting it as aborted would be false.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(AbortError.fromSignal(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => undefined);
      reject(AbortError.fromSignal(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
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
