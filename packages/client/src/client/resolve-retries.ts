import { ValidationError } from '@aigo/ai';
import type { Middleware } from '../middleware/middleware.js';
import { RETRY_MIDDLEWARE_NAME } from '../middleware/retry-middleware.js';
import {
  type RetryAttempt,
  type RetryPolicy,
  readRetryPolicy,
} from '../middleware/retry-policy.js';

/** How many times `createClient` retries a failed call unless told otherwise. */
export const DEFAULT_MAX_RETRIES = 2;

/**
 * The client's own retry policy: `maxRetries` retries (default {@link DEFAULT_MAX_RETRIES}) with the
 * backoff of `retryMiddleware` (full jitter from 1 s, ×2, at most 30 s; a `Retry-After` up to 60 s
 * wins when longer), rejecting with the last attempt's error when every attempt failed. `undefined`
 * when the client does not retry: `maxRetries: 0`, or the application's middleware has a retry
 * layer (a middleware named `retry`, as `retryMiddleware()` is), which then does all the retrying.
 *
 * @throws ValidationError naming `maxRetries` or `onRetry` when one is malformed, or given together
 * with a retry middleware (retries are configured in one place).
 */
export function resolveRetries(
  maxRetries: number | undefined,
  onRetry: ((attempt: RetryAttempt) => void) | undefined,
  middleware: readonly Middleware[],
): RetryPolicy | undefined {
  if (maxRetries !== undefined && (!Number.isInteger(maxRetries) || maxRetries < 0)) {
    throw new ValidationError(
      'maxRetries',
      `must be a non-negative integer (0 turns retrying off), got ${String(maxRetries)}`,
    );
  }
  if (onRetry !== undefined && typeof onRetry !== 'function') {
    throw new ValidationError('onRetry', 'must be a function');
  }
  const retryLayer = middleware.findIndex(
    (layer) => layer !== null && typeof layer === 'object' && layer.name === RETRY_MIDDLEWARE_NAME,
  );
  if (retryLayer >= 0) {
    const clash =
      maxRetries !== undefined && maxRetries > 0
        ? 'maxRetries'
        : onRetry !== undefined
          ? 'onRetry'
          : undefined;
    if (clash !== undefined) {
      throw new ValidationError(
        clash,
        `cannot be combined with the retry middleware at middleware[${retryLayer}], which does ` +
          "the client's retrying: configure it there, or drop the middleware",
      );
    }
    return undefined;
  }
  const retries = maxRetries ?? DEFAULT_MAX_RETRIES;
  if (retries === 0) return undefined;
  return readRetryPolicy(
    { maxRetries: retries, ...(onRetry === undefined ? {} : { onRetry }) },
    '',
    'last',
  );
}
