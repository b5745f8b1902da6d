import { ProviderError } from '@aigo/ai';

/**
 * The error for a 2xx answer that is not what the API documents (no `choices`, no `content`, a
 * chunk that is not JSON): a `ProviderError` coded `invalid_response`, `The <provider> response
 * <problem>`. Not retryable: the same request is likely to get the same answer. The message names
 * the problem, never the body (which may echo the prompt).
 */
export function invalidResponse(
  providerId: string,
  problem: string,
  cause?: unknown,
): ProviderError {
  return new ProviderError({
    code: 'invalid_response',
    message: `The ${providerId} response ${problem}`,
    provider: providerId,
    retryable: false,
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * The error of a stream whose body ended before its terminator (`expected`: `message_stop`, `[DONE]`,
 * a finish reason): a `ProviderError` coded `stream_error`, `The <provider> stream ended before
 * <expected>: the answer was cut short`. Not retryable as such: the partial answer is on the error
 * the stream rejects with.
 */
export function streamCutShort(providerId: string, expected: string): ProviderError {
  return new ProviderError({
    code: 'stream_error',
    message: `The ${providerId} stream ended before ${expected}: the answer was cut short`,
    provider: providerId,
    retryable: false,
  });
}
