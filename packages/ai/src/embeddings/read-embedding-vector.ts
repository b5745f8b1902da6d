import { ProviderError } from '../errors/provider-error.js';

/**
 * Reads one vector of an embedding API's answer: an array of finite numbers, or a
 * `ProviderError` coded `invalid_response` naming `field` (`data[3].embedding`).
 */
export function readEmbeddingVector(value: unknown, provider: string, field: string): number[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new ProviderError({
      code: 'invalid_response',
      provider,
      retryable: false,
      message: `${provider} returned no vector at ${field}`,
    });
  }
  for (const item of value) {
    if (typeof item !== 'number' || !Number.isFinite(item)) {
      throw new ProviderError({
        code: 'invalid_response',
        provider,
        retryable: false,
        message: `${provider} returned a vector at ${field} with an item that is not a finite number`,
      });
    }
  }
  return value as number[];
}
