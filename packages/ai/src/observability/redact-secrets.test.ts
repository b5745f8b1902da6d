import { describe, expect, it } from 'vitest';
import { REDACTED } from '../redaction/secret-patterns.js';
import { redactAttribute } from './redact-secrets.js';

describe('redactAttribute', () => {
  it('hides values of secret names, redacts strings and string arrays, keeps other values', () => {
    expect(redactAttribute('authorization', 'Bearer x')).toBe(REDACTED);
    expect(redactAttribute('api_key', ['a', 'b'])).toEqual([REDACTED, REDACTED]);
    expect(redactAttribute('http.url', 'https://h.test/?key=abc')).toBe(
      `https://h.test/?key=${REDACTED}`,
    );
    expect(redactAttribute('stop', ['Bearer abcdefghijk', 'END'])).toEqual([
      `Bearer ${REDACTED}`,
      'END',
    ]);
    expect(redactAttribute('gen_ai.usage.input_tokens', 12)).toBe(12);
    expect(redactAttribute('token', 7)).toBe(7);
    expect(redactAttribute('flags', [true, false])).toEqual([true, false]);
  });

  it('gives the same array back when nothing changed', () => {
    const stop = ['END', 'STOP'];
    expect(redactAttribute('gen_ai.request.stop_sequences', stop)).toBe(stop);
  });
});
