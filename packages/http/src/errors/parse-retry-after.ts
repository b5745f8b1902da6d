import { ValidationError } from '@aigo/ai';
import { describe } from '../options/validate.js';
import { headerValue, type ResponseHeaders } from './response-headers.js';

/**
 * The longest wait a provider can ask for, in milliseconds: 60 s. Longer `Retry-After` values are
 * clamped to it, so a retry loop never sleeps for an hour on one server's word; a caller that wants
 * to honour longer waits should treat `retryAfterMs === MAX_RETRY_AFTER_MS` as "at least this long".
 */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The wait a response asks for before a retry, in milliseconds, clamped to
 * {@link MAX_RETRY_AFTER_MS}; undefined when it asks for none. Reads, in order:
 * `retry-after-ms` (milliseconds, OpenAI), then `retry-after` as seconds (`"20"`, `"1.5"`) or as an
 * HTTP date (relative to `now`; a date in the past gives 0). Invalid or negative values are ignored.
 */
export function parseRetryAfter(
  headers: ResponseHeaders,
  now: number = Date.now(),
): number | undefined {
  if (headers === null || typeof headers !== 'object') {
    throw new ValidationError('headers', `must be a header object, got ${describe(headers)}`);
  }
  if (typeof now !== 'number' || !Number.isFinite(now)) {
    throw new ValidationError(
      'now',
      `must be a finite number of milliseconds, got ${describe(now)}`,
    );
  }
  const milliseconds = parseNumber(headerValue(headers, 'retry-after-ms'));
  if (milliseconds !== undefined) return clampRetryAfter(milliseconds);
  const retryAfter = headerValue(headers, 'retry-after')?.trim();
  if (retryAfter === undefined || retryAfter === '') return undefined;
  const seconds = parseNumber(retryAfter);
  if (seconds !== undefined) return clampRetryAfter(seconds * 1000);
  // An HTTP date has letters in it; a bare malformed number must not parse as a date.
  if (!/[a-z]/i.test(retryAfter)) return undefined;
  const date = Date.parse(retryAfter);
  if (Number.isNaN(date)) return undefined;
  return clampRetryAfter(Math.max(0, date - now));
}

/**
 * A protobuf `Duration` in its JSON form, as Google's `google.rpc.RetryInfo.retryDelay` sends it
 * (`"37s"`, `"1.5s"`, `"0.250s"`), in milliseconds clamped to {@link MAX_RETRY_AFTER_MS}.
 */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)s\s*$/.exec(value);
  if (match === null) return undefined;
  return clampRetryAfter(Number(match[1]) * 1000);
}

function parseNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (!/^\d+(?:\.\d+)?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

function clampRetryAfter(milliseconds: number): number | undefined {
  if (!Number.isFinite(milliseconds) || milliseconds < 0) return undefined;
  return Math.min(Math.round(milliseconds), MAX_RETRY_AFTER_MS);
}
