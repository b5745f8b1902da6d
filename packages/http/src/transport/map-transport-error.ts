import { AbortError, AigoError, ProviderError, TimeoutError, ValidationError } from '@aigo/ai';
import { redactText, redactUrl, secretsOf } from '../errors/redact.js';
import type { AbortState } from './call-signal.js';

/** What a transport failure is mapped with. */
export interface TransportContext {
  readonly provider: string;
  /** The call's signal (caller's signal joined with the deadline), if any. */
  readonly signal: AbortState | undefined;
  /** The deadline in force (for the message). */
  readonly timeoutMs: number;
  /** Whether any byte of the response (status line included) had arrived. */
  readonly responseStarted: boolean;
  /** Where the request went. Redacted when a message names it, not before (errors are rare). */
  readonly url: string;
  /** The request's headers: the values of secret ones are scrubbed from messages. */
  readonly headers: Readonly<Record<string, string>> | undefined;
  /** More strings to scrub from messages. */
  readonly secrets: readonly string[];
}

const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/**
 * The typed error for a request that failed below HTTP: the caller's abort (`AbortError`, cause =
 * the signal's reason), the deadline or undici's header/body timeouts (`TimeoutError`), a refused,
 * reset or timed-out connection (`ProviderError` `connection_error`, retryable only when nothing of
 * the response had arrived), anything else (`ProviderError` `connection_error`, not retryable).
 */
export function mapTransportError(error: unknown, context: TransportContext): AigoError {
  const { provider, signal } = context;
  if (signal?.aborted) return AbortError.fromSignal(signal);
  if (AigoError.isInstance(error)) return error;
  const code = errorCode(error);
  const detail = redactText(
    error instanceof Error ? error.message : String(error),
    secretsOf(context.url, context.headers, context.secrets),
  );
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    const what = code === 'UND_ERR_HEADERS_TIMEOUT' ? 'response headers' : 'more of the response';
    return new TimeoutError(
      `The ${provider} call timed out: no ${what} within ${context.timeoutMs} ms`,
      { cause: error, timeoutMs: context.timeoutMs },
    );
  }
  if (code === 'UND_ERR_INVALID_ARG') {
    return new ValidationError('request', detail, { cause: error });
  }
  if (code === 'UND_ERR_DESTROYED') {
    return new ProviderError({
      code: 'connection_error',
      message: `The ${provider} HTTP client was closed before the call finished`,
      provider,
      retryable: false,
      cause: error,
    });
  }
  const before = !context.responseStarted;
  const retryable = before && code !== undefined && CONNECT_CODES.has(code);
  const phase = before
    ? `Could not reach ${provider} at ${redactUrl(context.url)}`
    : `The ${provider} response broke off`;
  return new ProviderError({
    code: 'connection_error',
    message: `${phase}: ${detail}${code !== undefined && !detail.includes(code) ? ` (${code})` : ''}`,
    provider,
    retryable,
    cause: error,
  });
}

/** The `code` of an error or of its cause (`ECONNRESET`, `UND_ERR_SOCKET`). */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
