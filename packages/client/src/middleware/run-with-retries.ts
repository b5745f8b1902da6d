import {
  AbortError,
  abortableDelay,
  type CallOptions,
  type ChatRequest,
  RetryExhaustedError,
} from '@aigo/ai';
import { type RetryPolicy, retryDelay } from './retry-policy.js';

/** Hears each failed attempt of one call (the client records them in the call's overview). */
export interface AttemptListener {
  /**
   * An attempt failed. `delayMs` is the wait before the next attempt, `undefined` when none follows
   * (the error was not retryable, the retries are used up, or the caller aborted).
   */
  attemptFailed(error: unknown, delayMs: number | undefined): void;
}

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
 */
export async function runWithRetries<T>(
  policy: RetryPolicy,
  request: ChatRequest,
  options: CallOptions,
  call: (request: ChatRequest, options: CallOptions) => Promise<T>,
  stream: boolean,
  listener?: AttemptListener,
): Promise<T> {
  const signal = options.signal;
  let errors: unknown[] | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(request, options);
    } catch (error) {
      if (signal?.aborted || AbortError.isInstance(error) || !policy.retryable(error)) {
        listener?.attemptFailed(error, undefined);
        throw error;
      }
      if (attempt >= policy.maxRetries) {
        listener?.attemptFailed(error, undefined);
        if (policy.exhausted === 'last') throw error;
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
      policy.onRetry?.({ retry, error, delayMs, stream });
      await abortableDelay(delayMs, signal);
    }
  }
}
