import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_MS, parseDuration, parseRetryAfter } from './parse-retry-after.js';

const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('parseRetryAfter', () => {
  it('reads retry-after-ms first', () => {
    expect(parseRetryAfter({ 'retry-after-ms': '1500', 'retry-after': '9' }, NOW)).toBe(1500);
    expect(parseRetryAfter({ 'retry-after-ms': '12.6' }, NOW)).toBe(13);
  });

  it('reads retry-after in seconds, integer or decimal', () => {
    expect(parseRetryAfter({ 'retry-after': '20' }, NOW)).toBe(20_000);
    expect(parseRetryAfter({ 'retry-after': ' 1.5 ' }, NOW)).toBe(1500);
    expect(parseRetryAfter({ 'retry-after': '0' }, NOW)).toBe(0);
  });

  it('reads retry-after as an HTTP date relative to now', () => {
    expect(parseRetryAfter({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }, NOW)).toBe(30_000);
    expect(parseRetryAfter({ 'retry-after': 'Wed, 31 Dec 2025 23:00:00 GMT' }, NOW)).toBe(0);
  });

  it('clamps long waits to MAX_RETRY_AFTER_MS', () => {
    expect(MAX_RETRY_AFTER_MS).toBe(60_000);
    expect(parseRetryAfter({ 'retry-after': '3600' }, NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter({ 'retry-after': 'Fri, 02 Jan 2026 00:00:00 GMT' }, NOW)).toBe(
      MAX_RETRY_AFTER_MS,
    );
  });

  it('ignores missing, negative and malformed values', () => {
    expect(parseRetryAfter({}, NOW)).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after': '-5' }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after': 'soon' }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after': '12abc' }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after': '' }, NOW)).toBeUndefined();
    expect(parseRetryAfter({ 'retry-after-ms': 'NaN', 'retry-after': '2' }, NOW)).toBe(2000);
  });

  it('takes the first of repeated headers, and WHATWG Headers', () => {
    expect(parseRetryAfter({ 'retry-after': ['3', '9'] }, NOW)).toBe(3000);
    expect(parseRetryAfter(new Headers({ 'Retry-After': '4' }), NOW)).toBe(4000);
  });

  it('validates its arguments', () => {
    expect(() => parseRetryAfter(null as never)).toThrow(ValidationError);
    expect(() => parseRetryAfter({}, Number.NaN)).toThrow(/now/);
  });
});

describe('parseDuration (google.rpc.RetryInfo.retryDelay)', () => {
  it('reads protobuf JSON durations', () => {
    expect(parseDuration('37s')).toBe(37_000);
    expect(parseDuration('34.4s')).toBe(34_400);
    expect(parseDuration('0.250s')).toBe(250);
    expect(parseDuration('120s')).toBe(MAX_RETRY_AFTER_MS);
  });

  it('ignores anything else', () => {
    expect(parseDuration('37')).toBeUndefined();
    expect(parseDuration('-1s')).toBeUndefined();
    expect(parseDuration({ seconds: 3 })).toBeUndefined();
  });
});
