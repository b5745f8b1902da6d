import { AbortError } from '../errors/interruption-errors.js';

/**
 * Throws the signal's error when it has already fired: an `AbortError` whose `cause` is the signal's
 * reason, or a `TimeoutError` when the reason is one.
 */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw AbortError.fromSignal(signal);
}
