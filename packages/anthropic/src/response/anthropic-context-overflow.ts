import { ContextOverflowError, ProviderError, toContextOverflow } from '@aigo/ai';

/**
 * Claude's answers to a request too long for the model's window: "prompt is too long: 208310 tokens
 * > 200000 maximum" (the 1M window's reads "> 1000000 maximum") and "input length and `max_tokens`
 * exceed context limit: 199759 + 8192 > 200000", which `@aigo/http`'s patterns do not all know.
 */
const CLAUDE_OVERFLOW = /prompt is too long|input length and `?max_tokens`? exceed context limit/i;

/**
 * A failed call's error as the caller gets it: Claude's "too long for the window" answers (HTTP 400
 * `invalid_request_error`) become a `ContextOverflowError` (code `context_overflow`) with the same
 * fields, so a client with a context policy fits the request again; any other error as it is.
 */
export function toAnthropicContextOverflow(error: unknown): unknown {
  const mapped = toContextOverflow(error);
  if (mapped !== error || !ProviderError.isInstance(error)) return mapped;
  if (error.status !== 400 || !CLAUDE_OVERFLOW.test(error.message)) return error;
  return new ContextOverflowError({
    message: error.message,
    provider: error.provider,
    cause: error.cause,
    status: error.status,
    ...(error.body === undefined ? {} : { body: error.body }),
    ...(error.providerCode === undefined ? {} : { providerCode: error.providerCode }),
  });
}
