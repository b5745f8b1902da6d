import type { ChatResponse } from '../chat/chat-response.js';
import type { Usage } from '../chat/usage.js';
import { AigoError } from '../errors/aigo-error.js';
import { AbortError, TimeoutError } from '../errors/interruption-errors.js';
import { ProviderError } from '../errors/provider-error.js';

/**
 * The error a failed stream rejects with: an `AigoError` carrying the response accumulated so far
 * (`partial`) and the usage seen so far. Anything that is not an `AigoError` becomes a
 * `ProviderError` with code `stream_error`, the original as its `cause`.
 */
export function attachProgress(
  error: unknown,
  provider: string,
  partial: ChatResponse,
  usage: Usage | undefined,
): AigoError {
  const progress = { partial, ...(usage === undefined ? {} : { usage }) };
  if (ProviderError.isInstance(error)) {
    return error.partial === undefined ? error.withProgress(partial, usage ?? error.usage) : error;
  }
  if (AbortError.isInstance(error)) {
    return error.partial === undefined
      ? new AbortError(error.message, { ...progress, cause: error.cause })
      : error;
  }
  if (TimeoutError.isInstance(error)) {
    return error.partial === undefined
      ? new TimeoutError(error.message, {
          ...progress,
          cause: error.cause,
          ...(error.timeoutMs === undefined ? {} : { timeoutMs: error.timeoutMs }),
        })
      : error;
  }
  if (AigoError.isInstance(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ProviderError({
    code: 'stream_error',
    message: `The ${provider} stream failed: ${message}`,
    provider,
    retryable: false,
    cause: error,
    ...progress,
  });
}
