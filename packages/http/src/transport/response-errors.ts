import type { Readable } from 'node:stream';
import { ProviderError } from '@aigo/ai';
import type { Dispatcher } from 'undici';
import {
  errorFromResponse,
  MAX_ERROR_BODY_CHARS,
  truncate,
} from '../errors/error-from-response.js';
import { parseErrorBody } from '../errors/parse-error-body.js';
import { redactText, secretsOf } from '../errors/redact.js';
import type { PreparedRequest } from './prepared-request.js';
import { readBody } from './read-body.js';

/** How much of an error response is read to find its message and code: 64 KiB. */
export const ERROR_READ_BYTES = 64 * 1024;

/** The secrets to scrub from an error about this request (found only when an error happens). */
function secretsOfRequest(prepared: PreparedRequest, extra: readonly string[]): string[] {
  return secretsOf(prepared.url, prepared.headers, extra);
}

/** Reads (a bounded part of) an error response and maps it. */
export async function statusError(
  provider: string,
  response: Dispatcher.ResponseData,
  prepared: PreparedRequest,
  secrets: readonly string[],
): Promise<ProviderError> {
  let text = '';
  try {
    ({ text } = await readBody(response.body as Readable, ERROR_READ_BYTES));
  } catch {
    // The status is the error; a body that broke off adds nothing we can trust.
  }
  return errorFromResponse({
    provider,
    status: response.statusCode,
    headers: response.headers,
    body: text,
    secrets: secretsOfRequest(prepared, secrets),
    url: prepared.url,
  });
}

/** A 2xx answer to a streaming request that is JSON or HTML, not an event stream. */
export async function notAnEventStream(
  provider: string,
  response: Dispatcher.ResponseData,
  prepared: PreparedRequest,
  secrets: readonly string[],
  contentType: string,
): Promise<ProviderError> {
  let text = '';
  try {
    ({ text } = await readBody(response.body as Readable, ERROR_READ_BYTES));
  } catch {
    // Reported below as a response that is not an event stream.
  }
  const info = parseErrorBody(text);
  if (info.message !== undefined || info.providerCode !== undefined) {
    return errorFromResponse({
      provider,
      headers: response.headers,
      body: text,
      secrets: secretsOfRequest(prepared, secrets),
    });
  }
  return invalidResponse(
    provider,
    response.statusCode,
    text,
    prepared,
    secrets,
    `is ${contentType.split(';')[0]}, not an event stream`,
  );
}

/** A 2xx answer whose body is not what was asked for (`invalid_response`, with a redacted excerpt). */
export function invalidResponse(
  provider: string,
  status: number,
  text: string,
  prepared: PreparedRequest,
  secrets: readonly string[],
  problem: string,
): ProviderError {
  // Redact before cutting, so no prefix of a secret survives the cut.
  const head = redactText(
    text.length > ERROR_READ_BYTES ? text.slice(0, ERROR_READ_BYTES) : text,
    secretsOfRequest(prepared, secrets),
  );
  const excerpt = truncate(head.replace(/\s+/g, ' ').trim(), 200);
  return new ProviderError({
    code: 'invalid_response',
    message: `The ${provider} response (HTTP ${status}) ${problem}${excerpt === '' ? ' (empty body)' : `: ${excerpt}`}`,
    provider,
    status,
    body: truncate(head, MAX_ERROR_BODY_CHARS),
    retryable: false,
  });
}
