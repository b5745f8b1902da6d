import { describe, expect, it } from 'vitest';
import { invalidResponse, streamCutShort } from './invalid-response.js';

describe('invalidResponse', () => {
  it('is a ProviderError coded invalid_response, not retryable, naming the problem', () => {
    const cause = new SyntaxError('bad');
    const error = invalidResponse('acme', 'has no choices', cause);
    expect(error.code).toBe('invalid_response');
    expect(error.provider).toBe('acme');
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('The acme response has no choices');
    expect(error.cause).toBe(cause);
  });
});

describe('streamCutShort', () => {
  it('is a stream_error naming what the body ended before', () => {
    const error = streamCutShort('acme', '[DONE]');
    expect(error.code).toBe('stream_error');
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('The acme stream ended before [DONE]: the answer was cut short');
  });
});
