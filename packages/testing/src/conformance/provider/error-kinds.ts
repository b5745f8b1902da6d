import { AbortError, AigoError, ProviderError } from '@aigo/ai';

/** An `AbortError` (from any installed copy of `@aigo/ai`). */
export const isAbortError = (error: unknown): boolean => AbortError.isInstance(error);

/** A `ProviderError`. */
export const isProviderError = (error: unknown): boolean => ProviderError.isInstance(error);

/** A typed aigo failure that is not an abort: what a broken connection must give. */
export const isTypedFailure = (error: unknown): boolean =>
  AigoError.isInstance(error) && !AbortError.isInstance(error);
