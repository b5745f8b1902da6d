import { ProviderError, TimeoutError, ValidationError } from '@aigo/ai';

/** What `onRetry` is told before each wait. */
export interface RetryAttempt {
  /** The retry about to happen: 1 for the first retry (the second attempt). */
  readonly retry: number;
  /** The error of the attempt that just failed. */
  readonly error: unknown;
  /** How long the middleware waits before the retry, in milliseconds. */
  readonly delayMs: number;
  /** True for a streaming call (retried only when it failed before its first event). */
  readonly stream: boolean;
}

/** Options of `retryMiddleware`. */
export interface RetryConfig {
  /** Retries after the first attempt. Default 3; `0` disables retrying. */
  readonly maxRetries?: number;
  /** The backoff ceiling before the first retry, in ms. Default 1 000. */
  readonly initialBackoffMs?: number;
  /** No backoff (jitter included) exceeds this, in ms. Default 30 000. */
  readonly maxBackoffMs?: number;
  /** The ceiling grows by this factor per retry. Default 2. */
  readonly multiplier?: number;
  /**
   * The longest wait the middleware accepts from a provider's `Retry-After` (`retryAfterMs`), in ms.
   * A longer request is clamped to this. Default 60 000.
   */
  readonly maxRetryAfterMs?: number;
  /**
   * Decides whether an error is worth another attempt. Default {@link isRetryableError}: a
   * `ProviderError` whose `retryable` is true (408, 409, 429, 5xx, connection errors) or a
   * `TimeoutError` of an inner per-attempt timeout. An `AbortError`, or any error once the
   * caller's signal aborted, is never retried whatever this says.
   */
  readonly retryable?: (error: unknown) => boolean;
  /** Called before each wait. An exception thrown here rejects the call with it. */
  readonly onRetry?: (attempt: RetryAttempt) => void;
}

/**
 * A retry configuration checked and completed with its defaults: what the retry loop
 * (`run-with-retries.ts`) runs on, for `retryMiddleware` and for the client's own retries.
 */
export interface RetryPolicy {
  readonly maxRetries: number;
  readonly initialBackoffMs: number;
  readonly maxBackoffMs: number;
  readonly multiplier: number;
  readonly maxRetryAfterMs: number;
  readonly retryable: (error: unknown) => boolean;
  readonly onRetry: ((attempt: RetryAttempt) => void) | undefined;
  /**
   * What a call rejects with when every attempt failed: `'wrap'` a `RetryExhaustedError` holding each
   * attempt's error (`retryMiddleware`), `'last'` the last attempt's error as it is (the client's
   * own retries, as the official SDKs do).
   */
  readonly exhausted: 'wrap' | 'last';
}

/** The defaults of {@link RetryConfig}. */
export const RETRY_DEFAULTS = Object.freeze({
  maxRetries: 3,
  initialBackoffMs: 1_000,
  maxBackoffMs: 30_000,
  multiplier: 2,
  maxRetryAfterMs: 60_000,
});

/**
 * The default retry predicate: a `ProviderError` the provider marked `retryable` (rate limits,
 * overload, 5xx, broken connections), or a `TimeoutError` (a per-attempt timeout placed inside
 * the retry middleware).
 */
export function isRetryableError(error: unknown): boolean {
  if (ProviderError.isInstance(error)) return error.retryable;
  return TimeoutError.isInstance(error);
}

/**
 * Checks a {@link RetryConfig} and fills in its defaults.
 *
 * @param prefix - How errors name the options: `config` gives `config.maxRetries`, `''` gives
 * `maxRetries`.
 * @throws ValidationError naming the first invalid option.
 */
export function readRetryPolicy(
  config: RetryConfig,
  prefix: string,
  exhausted: RetryPolicy['exhausted'],
): RetryPolicy {
  if (config === null || typeof config !== 'object') {
    throw new ValidationError(prefix || 'config', 'must be an object');
  }
  const name = (key: keyof RetryConfig): string => (prefix === '' ? key : `${prefix}.${key}`);
  const maxRetries = config.maxRetries ?? RETRY_DEFAULTS.maxRetries;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new ValidationError(name('maxRetries'), 'must be a non-negative integer');
  }
  const initialBackoffMs = nonNegative(
    config.initialBackoffMs ?? RETRY_DEFAULTS.initialBackoffMs,
    name('initialBackoffMs'),
  );
  const maxBackoffMs = nonNegative(
    config.maxBackoffMs ?? RETRY_DEFAULTS.maxBackoffMs,
    name('maxBackoffMs'),
  );
  const maxRetryAfterMs = nonNegative(
    config.maxRetryAfterMs ?? RETRY_DEFAULTS.maxRetryAfterMs,
    name('maxRetryAfterMs'),
  );
  const multiplier = config.multiplier ?? RETRY_DEFAULTS.multiplier;
  if (typeof multiplier !== 'number' || !Number.isFinite(multiplier) || multiplier < 1) {
    throw new ValidationError(name('multiplier'), 'must be a finite number of at least 1');
  }
  if (config.retryable !== undefined && typeof config.retryable !== 'function') {
    throw new ValidationError(name('retryable'), 'must be a function');
  }
  if (config.onRetry !== undefined && typeof config.onRetry !== 'function') {
    throw new ValidationError(name('onRetry'), 'must be a function');
  }
  return Object.freeze({
    maxRetries,
    initialBackoffMs,
    maxBackoffMs,
    multiplier,
    maxRetryAfterMs,
    retryable: config.retryable ?? isRetryableError,
    onRetry: config.onRetry,
    exhausted,
  });
}

/**
 * The wait before retry `retry` (1 for the first): full jitter — a uniformly random time in
 * `[0, min(maxBackoffMs, initialBackoffMs × multiplier^(retry−1)))` — or the error's `retryAfterMs`
 * (a `Retry-After` header) when that is longer, clamped to `maxRetryAfterMs`.
 */
export function retryDelay(policy: RetryPolicy, retry: number, error: unknown): number {
  const ceiling = Math.min(
    policy.maxBackoffMs,
    policy.initialBackoffMs * policy.multiplier ** (retry - 1),
  );
  const backoff = Math.floor(Math.random() * ceiling);
  const retryAfter = ProviderError.isInstance(error) ? error.retryAfterMs : undefined;
  if (retryAfter === undefined || !(retryAfter > backoff)) return backoff;
  return Math.max(backoff, Math.min(retryAfter, policy.maxRetryAfterMs));
}

function nonNegative(value: number, argument: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ValidationError(argument, 'must be a finite number of at least 0');
  }
  return value;
}
