import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { toRequestOptions } from './request-options.js';

describe('toRequestOptions', () => {
  it('hands CallOptions over as they are, without a copy', () => {
    const signal = new AbortController().signal;
    const options = { signal, timeoutMs: 5, headers: { 'x-a': '1' }, span: undefined };
    expect(toRequestOptions(options)).toBe(options);
    expect(toRequestOptions(undefined)).toBeUndefined();
  });

  it('rejects options that are not an object, naming them', () => {
    for (const bad of [null, 'x', 42, []]) {
      expect(() => toRequestOptions(bad as never)).toThrow(ValidationError);
      expect(() => toRequestOptions(bad as never)).toThrow(/options/);
    }
  });
});
