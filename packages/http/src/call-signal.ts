import { TimeoutError } from '@aigo/ai';

/** setTimeout fires at once for delays above this (about 24.8 days); longer deadlines mean "none". */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The signal one call runs under: the caller's signal and the call's deadline, joined by hand. */
export interface CallSignal {
  readonly signal: AbortSignal;
  /** Clears the deadline timer and detaches from the caller's signal. Idempotent. */
  dispose(): void;
}

/**
 * Joins the caller's `signal` and a deadline of `timeoutMs` into one signal, without
 * `AbortSignal.any` (which costs ~12 µs a call): one `AbortController`, one timer, one listener.
 * The deadline aborts with a `TimeoutError` as reason; the caller's abort passes its reason through.
 * Returns undefined when there is neither a signal nor a finite deadline.
 */
export function createCallSignal(
  signal: AbortSignal | undefined,
  timeoutMs: number,
  provider: string,
): CallSignal | undefined {
  const hasDeadline = timeoutMs <= MAX_TIMER_MS;
  if (!hasDeadline) {
    return signal === undefined ? undefined : { signal, dispose: noop };
  }
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(
      new TimeoutError(`The ${provider} call did not finish within ${timeoutMs} ms`, { timeoutMs }),
    );
    detach();
  }, timeoutMs);
  timer.unref();
  let onAbort: (() => void) | undefined;
  const detach = (): void => {
    if (onAbort !== undefined) {
      signal?.removeEventListener('abort', onAbort);
      onAbort = undefined;
    }
  };
  if (signal !== undefined) {
    onAbort = () => {
      clearTimeout(timer);
      onAbort = undefined;
      controller.abort(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      detach();
    },
  };
}

function noop(): void {}
