import { describe, expect, it } from 'vitest';
import { AigoError } from './aigo-error.js';
import { AgentStoppedError, ParseError, RetryExhaustedError } from './higher-layer-errors.js';
import { AbortError, TimeoutError } from './interruption-errors.js';
import { ProviderError } from './provider-error.js';
import { ValidationError } from './validation-error.js';

describe('error classes', () => {
  it('carry a code, a name and a cause', () => {
    const cause = new Error('low level');
    const error = new ProviderError({
      code: 'rate_limited',
      message: 'Too many requests',
      provider: 'openai',
      status: 429,
      retryable: true,
      retryAfterMs: 2000,
      cause,
    });
    expect(error).toBeInstanceOf(AigoError);
    expect(error.name).toBe('ProviderError');
    expect(error.code).toBe('rate_limited');
    expect(error.cause).toBe(cause);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(AigoError.isInstance(error)).toBe(true);
    expect(TimeoutError.isInstance(error)).toBe(false);
    expect(AigoError.isInstance(new Error('plain'))).toBe(false);
    expect(AigoError.isInstance(null)).toBe(false);
  });

  it('serialise to secret-free JSON without the cause chain', () => {
    const error = new ProviderError({
      code: 'invalid_api_key',
      message: 'Incorrect API key provided',
      provider: 'openai',
      status: 401,
      retryable: false,
      cause: new Error('inner'),
    });
    const json = JSON.parse(JSON.stringify(error));
    expect(json).toMatchObject({
      name: 'ProviderError',
      code: 'invalid_api_key',
      status: 401,
      provider: 'openai',
      retryable: false,
      cause: { name: 'Error', message: 'inner' },
    });
  });

  it('ValidationError names the argument', () => {
    const error = new ValidationError('temperature', 'must be between 0 and 2');
    expect(error.message).toBe('Invalid temperature: must be between 0 and 2');
    expect(error.argument).toBe('temperature');
    expect(error.code).toBe('validation');
  });

  it('names an error after its marker, whatever a bundler renamed the class to', () => {
    // esbuild turns `class ProviderError` that refers to itself into `var ProviderError = class _ProviderError`.
    const Renamed = class _Renamed extends AigoError {
      static override readonly marker: symbol = Symbol.for('@aigo/ai/SomeError');
    };
    expect(new Renamed('unsupported', 'm').name).toBe('SomeError');
    class UserError extends AigoError {}
    expect(new UserError('unsupported', 'm').name).toBe('UserError');
  });

  it('AbortError.fromSignal keeps the reason as cause and a TimeoutError as itself', () => {
    const controller = new AbortController();
    controller.abort(new Error('stop now'));
    const error = AbortError.fromSignal(controller.signal);
    expect(AbortError.isInstance(error)).toBe(true);
    expect((error.cause as Error).message).toBe('stop now');

    const timeout = new TimeoutError('took too long', { timeoutMs: 5 });
    const timed = new AbortController();
    timed.abort(timeout);
    expect(AbortError.fromSignal(timed.signal)).toBe(timeout);
  });

  it('RetryExhaustedError keeps every attempt', () => {
    const errors = [new Error('a'), new Error('b')];
    const error = new RetryExhaustedError(errors);
    expect(error.errors).toEqual(errors);
    expect(error.message).toBe('All 2 attempts failed: b');
    expect(error.cause).toBe(errors[1]);
  });

  it('ParseError and AgentStoppedError carry their state; the overview stays out of JSON', () => {
    const parse = new ParseError('not JSON', {
      text: 'hello',
      issues: [{ path: '/a', message: 'x' }],
    });
    expect(parse.text).toBe('hello');
    expect(parse.issues).toHaveLength(1);
    expect(parse.partialOutput).toBeUndefined();
    const cut = new ParseError('cut', { text: '{"a": "he', partialOutput: { a: 'he' } });
    expect(cut.partialOutput).toEqual({ a: 'he' });
    expect(cut.toJSON().partialOutput).toEqual({ a: 'he' });
    const stopped = new AgentStoppedError('max_iterations', 'stopped', { requests: 10 });
    expect(stopped.stopReason).toBe('max_iterations');
    expect(stopped.overview).toEqual({ requests: 10 });
    expect(JSON.stringify(stopped)).not.toContain('requests');
  });
});
