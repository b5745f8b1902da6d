import { type AigoErrorCode, ProviderError, ValidationError } from '@aigo/ai';
import { describe } from '../options/validate.js';
import { awsErrorType, type ErrorBodyInfo, parseErrorBody } from './parse-error-body.js';
import { parseRetryAfter } from './parse-retry-after.js';
import { redactText } from './redact.js';
import { headerValue, type ResponseHeaders } from './response-headers.js';

/** How much of an error body a `ProviderError` keeps, in characters: 8 KiB. */
export const MAX_ERROR_BODY_CHARS = 8192;

/** HTTP statuses after which the same request may succeed (429 unless the quota is exhausted). */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([
  408, 409, 425, 429, 500, 502, 503, 504, 529,
]);
const RETRYABLE_CODES: ReadonlySet<AigoErrorCode> = new Set([
  'rate_limited',
  'server_error',
  'overloaded',
]);

/** The failed response (or error frame) to turn into a `ProviderError`. */
export interface ErrorResponse {
  /** The provider id put on the error (`openai`, `gemini`). */
  readonly provider: string;
  /**
   * The HTTP status. Omit it (or pass the 200 of a stream) for an error frame inside a stream: the
   * status the body names (`error.code: 429`) is used then.
   */
  readonly status?: number;
  /** The response headers (`retry-after`, `retry-after-ms`, `x-should-retry`). */
  readonly headers?: ResponseHeaders;
  /** The body as received (text), or an error frame already parsed from JSON. */
  readonly body?: unknown;
  /** Strings to scrub from the message and body (the API key); known key shapes are always scrubbed. */
  readonly secrets?: readonly string[];
  /** The clock for HTTP-date `Retry-After` values (default `Date.now()`). */
  readonly now?: number;
  /** The error's `cause`. */
  readonly cause?: unknown;
}

/**
 * The typed error for a provider's failed answer: an HTTP error status, or an error frame inside a
 * stream (OpenAI `event: error`, OpenRouter's `{"error":…}` chunk, Gemini's `[{"error":…}]`). Pure:
 * no I/O, usable by adapters for their own frames.
 *
 * - `code`, the most specific the body allows: 401 → `invalid_api_key` (when the body says the key is
 *   wrong) or `authentication`; 403 → `permission_denied`; 404 → `model_not_found` (when the body
 *   mentions a model) or `not_found`; 400 → `context_length_exceeded`, `invalid_api_key` (Google's
 *   `API_KEY_INVALID`), `content_filter` or `bad_request`; 429 → `insufficient_quota` (OpenAI's
 *   billing error, not retryable) or `rate_limited`; 503/529 → `overloaded`; other 5xx → `server_error`.
 * - `providerCode`: the body's own code (see {@link ErrorBodyInfo.providerCode}).
 * - `retryable` for 408, 409, 425, 429 (not `insufficient_quota`), 500, 502, 503, 504, 529; an
 *   `x-should-retry: true|false` header overrides it.
 * - `retryAfterMs` (retryable errors only) from `retry-after-ms`, `retry-after` or Google's
 *   `RetryInfo.retryDelay`, clamped to `MAX_RETRY_AFTER_MS`.
 * - `body`: at most 8 KiB of the body, with `secrets` and key-shaped strings removed.
 */
export function errorFromResponse(response: ErrorResponse): ProviderError {
  if (response === null || typeof response !== 'object') {
    throw new ValidationError('response', `must be an object, got ${describe(response)}`);
  }
  const { provider, status, headers, body, now } = response;
  if (typeof provider !== 'string' || provider === '') {
    throw new ValidationError(
      'response.provider',
      `must be a non-empty string, got ${describe(provider)}`,
    );
  }
  if (status !== undefined && (!Number.isInteger(status) || status < 100 || status > 599)) {
    throw new ValidationError(
      'response.status',
      `must be an HTTP status code, got ${describe(status)}`,
    );
  }
  if (headers !== undefined && (headers === null || typeof headers !== 'object')) {
    throw new ValidationError(
      'response.headers',
      `must be a header object, got ${describe(headers)}`,
    );
  }
  const secrets = response.secrets ?? [];
  if (!Array.isArray(secrets)) {
    throw new ValidationError(
      'response.secrets',
      `must be an array of strings, got ${describe(secrets)}`,
    );
  }

  let info = parseErrorBody(body);
  const awsType = awsErrorType(headerValue(headers, 'x-amzn-errortype'));
  if (info.providerCode === undefined && awsType !== undefined) {
    // AWS JSON errors name their type in a header: `ThrottlingException:http://…`.
    info = { ...info, providerCode: awsType, tokens: [...info.tokens, awsType.toLowerCase()] };
  }
  const effectiveStatus = status === undefined || status < 400 ? (info.status ?? status) : status;
  const code = classify(effectiveStatus, info);

  let retryable =
    code === 'insufficient_quota'
      ? false
      : effectiveStatus !== undefined && effectiveStatus >= 400
        ? RETRYABLE_STATUSES.has(effectiveStatus)
        : RETRYABLE_CODES.has(code);
  const shouldRetry = headerValue(headers, 'x-should-retry');
  if (code !== 'insufficient_quota' && (shouldRetry === 'true' || shouldRetry === 'false')) {
    retryable = shouldRetry === 'true';
  }
  let retryAfterMs: number | undefined;
  if (retryable) {
    retryAfterMs = headers === undefined ? undefined : parseRetryAfter(headers, now ?? Date.now());
    retryAfterMs ??= info.retryDelayMs;
  }

  const bodyText = bodyToText(body);
  const redactedBody =
    bodyText === undefined
      ? undefined
      : truncate(redactText(bodyText, secrets), MAX_ERROR_BODY_CHARS);
  const detail = info.message ?? fallbackDetail(bodyText);
  const facts = [
    effectiveStatus !== undefined && effectiveStatus >= 400 ? `HTTP ${effectiveStatus}` : undefined,
    info.providerCode,
  ].filter((fact) => fact !== undefined);
  const heading = `${provider} ${status !== undefined && status >= 400 ? 'request failed' : 'reported an error'}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`;
  const message = redactText(
    detail === undefined ? heading : `${heading}: ${truncate(detail, 1000)}`,
    secrets,
  );

  return new ProviderError({
    code,
    message,
    provider,
    retryable,
    ...(effectiveStatus === undefined ? {} : { status: effectiveStatus }),
    ...(redactedBody === undefined ? {} : { body: redactedBody }),
    ...(info.providerCode === undefined ? {} : { providerCode: info.providerCode }),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(response.cause === undefined ? {} : { cause: response.cause }),
  });
}

const CONTEXT_LENGTH =
  /context[_ ]length|context window|maximum context|too many tokens|exceeds the maximum number of tokens|prompt is too long|input is too long|reduce the length of the (?:messages|prompt)/i;

function classify(status: number | undefined, info: ErrorBodyInfo): AigoErrorCode {
  const tokens = info.tokens;
  const has = (token: string): boolean => tokens.includes(token);
  const message = info.message ?? '';
  if (has('insufficient_quota')) return 'insufficient_quota';
  if (has('context_length_exceeded') || has('string_above_max_length'))
    return 'context_length_exceeded';
  if (has('invalid_api_key') || has('api_key_invalid') || has('incorrect_api_key'))
    return 'invalid_api_key';
  if (has('model_not_found')) return 'model_not_found';
  switch (status) {
    case 400:
    case 413:
    case 422:
      if (CONTEXT_LENGTH.test(message)) return 'context_length_exceeded';
      if (has('content_filter') || has('content_policy_violation')) return 'content_filter';
      return 'bad_request';
    case 401:
      return /api[ _-]?key/i.test(message) ? 'invalid_api_key' : 'authentication';
    case 403:
      return 'permission_denied';
    case 404:
      return has('model_not_found') || /\bmodels?\b/i.test(message)
        ? 'model_not_found'
        : 'not_found';
    case 409:
      return 'conflict';
    case 429:
      return 'rate_limited';
    case 503:
    case 529:
      return 'overloaded';
    case undefined:
      break;
    default:
      if (status >= 500) return 'server_error';
      return 'provider_error';
  }
  // No status (a stream's error frame): go by the body's words.
  if (has('rate_limit_exceeded') || has('rate_limit_error') || has('resource_exhausted'))
    return 'rate_limited';
  if (has('overloaded_error') || has('overloaded') || has('unavailable')) return 'overloaded';
  if (has('server_error') || has('api_error') || has('internal') || has('internal_error'))
    return 'server_error';
  if (CONTEXT_LENGTH.test(message)) return 'context_length_exceeded';
  return 'provider_error';
}

function bodyToText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body === '' ? undefined : body;
  try {
    return JSON.stringify(body);
  } catch {
    return undefined;
  }
}

/** Something readable from a body that is not a JSON error: an HTML `<title>` or the first line. */
function fallbackDetail(body: string | undefined): string | undefined {
  if (body === undefined) return undefined;
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
  if (title) return title;
  const text = body.replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : truncate(text, 200);
}

/** At most `max` characters, never ending inside a surrogate pair, marked when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}… [truncated, ${text.length} characters]`;
}
