import type { Middleware } from './middleware.js';
import { type RetryConfig, readRetryPolicy } from './retry-policy.js';
import { runWithRetries } from './run-with-retries.js';

export {
  isRetryableError,
  type RetryAttempt,
  type RetryConfig,
} from './retry-policy.js';

/** The name of every retry middleware: a client given a layer of this name adds no retries of its own. */
export const RETRY_MIDDLEWARE_NAME = 'retry';

/**
 * Retries failed calls with exponential backoff and full jitter: before retry *k* it waits a
 * uniformly random time in `[0, min(maxBackoffMs, initialBackoffMs × multiplier^(k−1)))`, or the
 * provider's `retryAfterMs` when that is longer (clamped to `maxRetryAfterMs`).
 *
 * - A non-retryable error is rethrown at once, as is.
 * - When every attempt failed, rejects with `RetryExhaustedError` whose `errors` holds each
 *   attempt's error, oldest first.
 * - A stream is retried only when it failed before its first event (the inner call rejected); once
 *   a stream has started, a failure reaches the consumer unchanged.
 * - Aborting the caller's signal during a wait stops at once with `AbortError`.
 *
 * `createClient` retries on its own (`maxRetries`, default 2); a client whose `middleware` holds this
 * middleware (or any layer named `retry`) leaves retrying to it, so calls are never retried twice.
 *
 * @throws ValidationError for an invalid option.
 */
export function retryMiddleware(config: RetryConfig = {}): Middleware {
  const policy = readRetryPolicy(config, 'config', 'wrap');
  if (policy.maxRetries === 0) {
    return { name: RETRY_MIDDLEWARE_NAME };
  }
  return {
    name: RETRY_MIDDLEWARE_NAME,
    send: (request, options, next) => runWithRetries(policy, request, options, next, false),
    stream: (request, options, next) => runWithRetries(policy, request, options, next, true),
  };
}
