import { ProviderError } from '@aigo/ai';
import { parseErrorBody } from '@aigo/http';

/**
 * Gemini documents every error body as JSON (`{"error":{code,message,status,details}}`). An error
 * status whose body is something else — an HTML page from a proxy or load balancer, plain text —
 * is reported as `invalid_response`, keeping the status, `retryable` and `retryAfterMs` that the
 * status and headers gave, so retries still work. Other errors pass through unchanged.
 */
export function normaliseGeminiHttpError(error: unknown): unknown {
  if (!ProviderError.isInstance(error) || error.code === 'invalid_response') return error;
  if (error.status === undefined || error.status < 400) return error;
  const body = error.body;
  if (body === undefined || body.trim() === '') return error;
  const info = parseErrorBody(body);
  if (info.message !== undefined || info.providerCode !== undefined) return error;
  return new ProviderError({
    code: 'invalid_response',
    message: `${error.message} (the body is not the JSON error Gemini documents)`,
    provider: error.provider,
    status: error.status,
    body,
    retryable: error.retryable,
    cause: error,
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
  });
}
