import { ContextOverflowError, ProviderError } from '@aigo/ai';
import { errorFromResponse } from '@aigo/http';
import { describe, expect, it } from 'vitest';
import { toAnthropicContextOverflow } from './anthropic-context-overflow.js';

const answer = (message: string, status = 400) =>
  errorFromResponse({
    provider: 'anthropic',
    status,
    body: JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message } }),
  });

describe('toAnthropicContextOverflow', () => {
  it.each([
    'prompt is too long: 208310 tokens > 200000 maximum',
    'prompt is too long: 1017198 tokens > 1000000 maximum',
    'input length and `max_tokens` exceed context limit: 199759 + 8192 > 200000, decrease input length or `max_tokens` and try again',
  ])('"%s" is a ContextOverflowError with the same fields', (message) => {
    const error = answer(message);
    const mapped = toAnthropicContextOverflow(error);
    expect(ContextOverflowError.isInstance(mapped)).toBe(true);
    expect(mapped).toMatchObject({
      code: 'context_overflow',
      status: 400,
      provider: 'anthropic',
      providerCode: 'invalid_request_error',
      body: error.body,
      retryable: false,
    });
    expect((mapped as Error).message).toContain(message);
  });

  it('leaves every other error as it is', () => {
    const invalid = answer('messages.0: Input does not match the expected shape.');
    expect(toAnthropicContextOverflow(invalid)).toBe(invalid);
    const elsewhere = answer('prompt is too long: 1 tokens > 0 maximum', 500);
    expect(toAnthropicContextOverflow(elsewhere)).toBe(elsewhere);
    const plain = new Error('prompt is too long');
    expect(toAnthropicContextOverflow(plain)).toBe(plain);
    expect(ProviderError.isInstance(toAnthropicContextOverflow(invalid))).toBe(true);
  });
});
