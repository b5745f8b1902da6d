import { TimeoutError } from '@aigo/ai';

/** setTimeout fires at once for delays above this (about 24.8 days); longer deadlines mean "none". */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whether a call was aborted, and why: what an `AbortSignal` and a {@link CallSignal} both tell. */
export interface AbortState {
  readonly aborted: boolean;
  readonly reason: unknown;
}

/** What listens for a call's abort. */
type AbortListener = () => void;

/**
 * The abort handle one call runs under: the caller's signal and the call's deadline, joined.
 *
 * undici takes an `AbortSignal` or an `EventEmitter` as a request's `signal` (it calls `once` and
 * `removeListener` for `'abort'`); this is the smallest such emitter. A call without a caller's
 * signal then costs a few dozen nanoseconds instead of the ~5 µs of an `AbortController` and its
 * `EventTarget` listeners, and an open stream holds no dictionary-mode `_events` object. Code that
 * needs a real `AbortSignal` (DNS lookups) reads {@link CallSignal.signal}, made on first use.
 *
 * The deadline aborts with a `TimeoutError` as reason; the caller's abort passes its reason through.
 */
export class CallSignal implements AbortState {
  aborted = false;
  reason: unknown = undefined;
  readonly #timer: NodeJS.Timeout | undefined;
  #listeners: AbortListener[] = [];
  #caller: AbortSignal | undefined;
  #onCallerAbort: (() => void) | undefined;
  #controller: AbortController | undefined;

  constructor(signal: AbortSignal | undefined, timeoutMs: number, provider: string) {
    if (timeoutMs <= MAX_TIMER_MS) {
      this.#timer = setTimeout(() => {
        this.abort(
          new TimeoutError(`The ${provider} call did not finish within ${timeoutMs} ms`, {
            timeoutMs,
          }),
        );
      }, timeoutMs);
      this.#timer.unref();
    }
    if (signal !== undefined) {
      this.#caller = signal;
      this.#onCallerAbort = () => this.abort(signal.reason);
      if (signal.aborted) this.abort(signal.reason);
      else signal.addEventListener('abort', this.#onCallerAbort, { once: true });
    }
  }

  /** Calls `listener` once when the call aborts (only `'abort'` is ever emitted). */
  once(event: 'abort', listener: AbortListener): this {
    if (event === 'abort') this.#listeners.push(listener);
    return this;
  }

  /** Same as {@link CallSignal.once}: the call aborts at most once. */
  on(event: 'abort', listener: AbortListener): this {
    return this.once(event, listener);
  }

  /** Same as {@link CallSignal.once}. */
  addListener(event: 'abort', listener: AbortListener): this {
    return this.once(event, listener);
  }

  /** Stops `listener` from being called. */
  removeListener(event: 'abort', listener: AbortListener): this {
    if (event === 'abort') {
      const index = this.#listeners.indexOf(listener);
      if (index >= 0) this.#listeners.splice(index, 1);
    }
    return this;
  }

  /** Same as {@link CallSignal.removeListener}. */
  off(event: 'abort', listener: AbortListener): this {
    return this.removeListener(event, listener);
  }

  /** An `AbortSignal` that follows this one, for APIs that take nothing else. Made on first use. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  /** Aborts the call with `reason` (once; later calls are ignored), and clears the deadline. */
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.dispose();
    this.#controller?.abort(reason);
    const listeners = this.#listeners;
    this.#listeners = [];
    for (const listener of listeners) listener();
  }

  /** Clears the deadline timer and detaches from the caller's signal. Idempotent. */
  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    if (this.#onCallerAbort !== undefined) {
      this.#caller?.removeEventListener('abort', this.#onCallerAbort);
      this.#onCallerAbort = undefined;
      this.#caller = undefined;
    }
  }
}

/**
 * The {@link CallSignal} of one call, or undefined when there is neither a caller's signal nor a
 * finite deadline (nothing could abort it).
 */
export function createCallSignal(
  signal: AbortSignal | undefined,
  timeoutMs: number,
  provider: string,
): CallSignal | undefined {
  if (signal === undefined && timeoutMs > MAX_TIMER_MS) return undefined;
  return new CallSignal(signal, timeoutMs, provider);
}
