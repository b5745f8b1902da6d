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
