import {
  AbortError,
  abortableDelay,
  type CallOptions,
  type ChatRequest,
  RetryExhaustedError,
} from '@aigo/ai';
import { type RetryPolicy, retryDelay } from './retry-policy.js';

/**
 * Hears how one call went, attempt by attempt (the client records it in the call's overview). Its
 * methods must not throw.
 */
export interface AttemptListener {
  /**
   * An attempt failed. `delayMs` is the wait before the next attempt, `undefined` when none follows
   * (the error was not retryable, the retries are used up, or the caller aborted).
   */
  attemptFailed(error: unknown, delayMs: number | undefined): void;
  /** The call resolved to `value` (a stream: it started). Called once, or {@link failed} is. */
  succeeded(value: unknown): void;
  /** The call rejected: its last attempt failed, or it was aborted while waiting to retry. */
  failed(): void;
}

type Call<T> = (request: ChatRequest, options: CallOptions) => Promise<T>;

/**
 * Runs `call` and, while it fails with an error the policy retries, waits ({@link retryDelay}) and
 * runs it again — at most `policy.maxRetries` more times.
 *
 * - A non-retryable error, an `AbortError`, or any error once the caller's signal aborted is rethrown
 *   at once, as is.
 * - When every attempt failed: `RetryExhaustedError` with each attempt's error, oldest first
 *   (`exhausted: 'wrap'`), or the last attempt's error as is (`'last'`).
 * - For a stream, `call` resolves once the stream started: only a stream that failed to start is
 *   retried; a failure after that reaches the consumer unchanged.
 * - Aborting the caller's signal during a wait stops at once with `AbortError`.
 *
 * The first attempt has no async frame of its own (one promise reaction on the way back), since it
 * is almost always the only one.
 */
export function runWithRetries<T>(
  policy: RetryPolicy,
  request: ChatRequest,
  options: CallOptions,
  call: Call<T>,
  stream: boolean,
  listener?: AttemptListener,
): Promise<T> {
  let first: Promise<T>;
  try {
    first = call(request, options);
  } catch (error) {
    first = Promise.reject(error);
  }
  return first.then(
    listener === undefined
      ? undefined
      : (value) => {
          listener.succeeded(value);
          return value;
        },
    (error: unknown) => retryAfter(error, policy, request, options, call, stream, listener),
  );
}

/** The rest of {@link runWithRetries} once the first attempt failed with `firstError`. */
async function retryAfter<T>(
  firstError: unknown,
  policy: RetryPolicy,
  request: ChatRequest,
  options: CallOptions,
  call: Call<T>,
  stream: boolean,
  listener: AttemptListener | undefined,
): Promise<T> {
  const signal = options.signal;
  let error = firstError;
  let errors: unknown[] | undefined;
  for (let attempt = 0; ; attempt++) {
    const retryable = !signal?.aborted && !AbortError.isInstance(error) && policy.retryable(error);
    if (!retryable || attempt >= policy.maxRetries) {
      listener?.attemptFailed(error, undefined);
      listener?.failed();
      if (!retryable || policy.exhausted === 'last') throw error;
      errors ??= [];
      errors.push(error);
      throw new RetryExhaustedError(errors);
    }
    if (policy.exhausted === 'wrap') {
      errors ??= [];
      errors.push(error);
    }
    const retry = attempt + 1;
    const delayMs = retryDelay(policy, retry, error);
    listener?.attemptFailed(error, delayMs);
    try {
      policy.onRetry?.({ retry, error, delayMs, stream });
      await abortableDelay(delayMs, signal);
    } catch (stopped) {
      listener?.failed();
      throw stopped;
    }
    let value: T;
    try {
      value = await call(request, options);
    } catch (next) {
      error = next;
      continue;
    }
    listener?.succeeded(value);
    return value;
  }
}
