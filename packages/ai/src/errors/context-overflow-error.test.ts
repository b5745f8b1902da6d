import { describe, expect, it } from 'vitest';
import { checkMemoryWriteOptions } from '../memory/check-write-options.js';
import { AigoError } from './aigo-error.js';
import {
  ContextOverflowError,
  isContextOverflow,
  toContextOverflow,
} from './context-overflow-error.js';
import { ProviderError } from './provider-error.js';

const overflow = new ProviderError({
  code: 'context_length_exceeded',
  message:
    "openai request failed (HTTP 400): This model's maximum context length is 128000 tokens.",
  provider: 'openai',
  status: 400,
  providerCode: 'context_length_exceeded',
  retryable: false,
});

describe('ContextOverflowError', () => {
  it('is a non-retryable ProviderError with the code context_overflow', () => {
    const error = new ContextOverflowError({
      message: 'too long',
      provider: 'gemini',
      status: 400,
    });
    expect(error).toMatchObject({ code: 'context_overflow', retryable: false, status: 400 });
    expect(error.name).toBe('ContextOverflowError');
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(AigoError.isInstance(error)).toBe(true);
    expect(ContextOverflowError.isInstance(overflow)).toBe(false);
  });

  it('keeps its class when a stream attaches its progress', () => {
    const error = new ContextOverflowError({ message: 'too long', provider: 'openai' });
    const usage = { promptTokens: 1, completionTokens: 0, totalTokens: 1 };
    const withProgress = error.withProgress(undefined, usage);
    expect(ContextOverflowError.isInstance(withProgress)).toBe(true);
    expect(withProgress.usage).toEqual(usage);
  });

  it('toContextOverflow maps context_length_exceeded and leaves every other value alone', () => {
    const mapped = toContextOverflow(overflow);
    expect(ContextOverflowError.isInstance(mapped)).toBe(true);
    expect(mapped).toMatchObject({
      code: 'context_overflow',
      provider: 'openai',
      status: 400,
      providerCode: 'context_length_exceeded',
      message: overflow.message,
    });
    const other = new ProviderError({
      code: 'rate_limited',
      message: 'slow down',
      provider: 'openai',
      retryable: true,
    });
    expect(toContextOverflow(other)).toBe(other);
    const plain = new Error('x');
    expect(toContextOverflow(plain)).toBe(plain);
    expect(toContextOverflow(mapped)).toBe(mapped);
  });

  it('isContextOverflow recognises both codes', () => {
    expect(isContextOverflow(overflow)).toBe(true);
    expect(isContextOverflow(toContextOverflow(overflow))).toBe(true);
    expect(isContextOverflow(new Error('context_overflow'))).toBe(false);
    expect(isContextOverflow(undefined)).toBe(false);
  });
});

describe('checkMemoryWriteOptions tokenCounts', () => {
  it('accepts counts and names a bad one', () => {
    expect(checkMemoryWriteOptions({ tokenCounts: [3, 0] }).tokenCounts).toEqual([3, 0]);
    expect(() => checkMemoryWriteOptions({ tokenCounts: [1.5] })).toThrow(/options\.tokenCounts/);
    expect(() => checkMemoryWriteOptions({ tokenCounts: 'many' as unknown as number[] })).toThrow(
      /options\.tokenCounts/,
    );
  });
});
