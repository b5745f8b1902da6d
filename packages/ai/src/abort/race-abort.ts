import { AbortError } from '../errors/interruption-errors.js';

/**
 * Settles with `work`, or rejects with the signal's `AbortError` as soon as `signal` fires, whichever
 * comes first. The work itself is not stopped (give it the signal for that); a rejection it makes
 * after losing the race is swallowed, so it never surfaces as an unhandled rejection.
 *
 * @example
 * const rows = await raceAbort(pool.query(sql), options.signal);
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  if (signal.aborted) {
    work.catch(ignore);
    return Promise.reject(AbortError.fromSignal(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      work.catch(ignore);
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

function ignore(): void {}
