import { AbortError, ProviderError, RetryExhaustedError, TimeoutError } from '@aigo/ai';

/** Provider error codes a fallback never moves on from: the request or the account is at fault. */
const NEVER: ReadonlySet<string> = new Set([
  'validation',
  'missing_api_key',
  'invalid_api_key',
  'authentication',
  'permission_denied',
  'bad_request',
  'content_filter',
  'prompt_blocked',
  'context_length_exceeded',
  'context_overflow',
]);

/**
 * The default `retryOn` of `fallback`: a retryable `ProviderError` — 408, 409, 429, 5xx,
 * `overloaded`, connection failures — or a `TimeoutError`; never a validation, authentication or
 * content error, and never an abort. A `RetryExhaustedError` (a retry middleware gave up) is judged
 * by its last attempt's error.
 */
export function isFallbackError(error: unknown): boolean {
  if (RetryExhaustedError.isInstance(error)) return isFallbackError(error.errors.at(-1));
  if (AbortError.isInstance(error)) return false;
  if (TimeoutError.isInstance(error)) return true;
  return ProviderError.isInstance(error) && error.retryable && !NEVER.has(error.code);
}
