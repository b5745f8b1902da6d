import {
  AbortError,
  abortableDelay,
  type CallOptions,
  type ChatRequest,
  ProviderError,
  RetryExhaustedError,
  TimeoutError,
  ValidationError,
} from '@aigo/ai';
import type { Middleware } from './middleware.js';

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

/** Options of {@link retryMiddleware}. */
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

const DEFAULTS = {
  maxRetries: 3,
  initialBackoffMs: 1_000,
  maxBackoffMs: 30_000,
  multiplier: 2,
  maxRetryAfterMs: 60_000,
} as const;

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
 * @throws ValidationError for an invalid option.
 */
export function retryMiddleware(config: RetryConfig = {}): Middleware {
  if (config === null || typeof config !== 'object') {
    throw new ValidationError('config', 'must be an object');
  }
  const maxRetries = config.maxRetries ?? DEFAULTS.maxRetries;
  if (!Number.isInteger(maxRetries) || maxRetries < 0) {
    throw new ValidationError('config.maxRetries', 'must be a non-negative integer');
  }
  const initialBackoffMs = nonNegative(
    config.initialBackoffMs ?? DEFAULTS.initialBackoffMs,
    'config.initialBackoffMs',
  );
  const maxBackoffMs = nonNegative(
    config.maxBackoffMs ?? DEFAULTS.maxBackoffMs,
    'config.maxBackoffMs',
  );
  const maxRetryAfterMs = nonNegative(
    config.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
    'config.maxRetryAfterMs',
  );
  const multiplier = config.multiplier ?? DEFAULTS.multiplier;
  if (typeof multiplier !== 'number' || !Number.isFinite(multiplier) || multiplier < 1) {
    throw new ValidationError('config.multiplier', 'must be a finite number of at least 1');
  }
  if (config.retryable !== undefined && typeof config.retryable !== 'function') {
    throw new ValidationError('config.retryable', 'must be a function');
  }
  if (config.onRetry !== undefined && typeof config.onRetry !== 'function') {
    throw new ValidationError('config.onRetry', 'must be a function');
  }
  const retryable = config.retryable ?? isRetryableError;
  const onRetry = config.onRetry;

  if (maxRetries === 0) {
    return { name: 'retry' };
  }

  function delayFor(retry: number, error: unknown): number {
    const ceiling = Math.min(maxBackoffMs, initialBackoffMs * multiplier ** (retry - 1));
    const backoff = Math.floor(Math.random() * ceiling);
    const retryAfter = ProviderError.isInstance(error) ? error.retryAfterMs : undefined;
    if (retryAfter === undefined || !(retryAfter > backoff)) return backoff;
    return Math.max(backoff, Math.min(retryAfter, maxRetryAfterMs));
  }

  async function run<T>(
    request: ChatRequest,
    options: CallOptions,
    call: (request: ChatRequest, options: CallOptions) => Promise<T>,
    stream: boolean,
  ): Promise<T> {
    const signal = options.signal;
    let errors: unknown[] | undefined;
    for (let attempt = 0; ; attempt++) {
      try {
        return await call(request, options);
      } catch (error) {
        if (signal?.aborted || AbortError.isInstance(error) || !retryable(error)) throw error;
        if (errors === undefined) errors = [];
        errors.push(error);
        if (attempt >= maxRetries) throw new RetryExhaustedError(errors);
        const retry = attempt + 1;
        const delayMs = delayFor(retry, error);
        onRetry?.({ retry, error, delayMs, stream });
        await abortableDelay(delayMs, signal);
      }
    }
  }

  return {
    name: 'retry',
    send: (request, options, next) => run(request, options, next, false),
    stream: (request, options, next) => run(request, options, next, true),
  };
}

function nonNegative(value: number, argument: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new ValidationError(argument, 'must be a finite number of at least 0');
  }
  return value;
}
