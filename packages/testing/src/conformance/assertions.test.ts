import { AssertionError } from 'node:assert';
import { ProviderError, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { assertNoSecretLeak } from './assert-no-secret-leak.js';
import { assertValidUsage } from './assert-valid-usage.js';

const SECRET = 'sk-live-abcdef123456';

describe('assertNoSecretLeak', () => {
  it('passes for an error that does not show the secret', () => {
    const error = new ProviderError({
      code: 'invalid_api_key',
      message: 'Incorrect API key provided: sk-l****3456',
      provider: 'openai',
      status: 401,
      body: '{"error":{"message":"Incorrect API key provided: sk-l****3456"}}',
      retryable: false,
    });
    expect(() => assertNoSecretLeak(error, SECRET)).not.toThrow();
    expect(() => assertNoSecretLeak(undefined, SECRET)).not.toThrow();
  });

  it.each<[string, () => unknown, RegExp]>([
    ['the message', () => new Error(`bad key ${SECRET}`), /error\.message/],
    [
      'a redacted message but a raw body',
      () =>
        new ProviderError({
          code: 'authentication',
          message: 'denied',
          provider: 'p',
          body: `key=${SECRET}`,
          retryable: false,
        }),
      /error\.body/,
    ],
    [
      'the stack only',
      () => {
        const error = new Error('clean');
        error.stack = `Error: clean\n    at fetch (https://api.example.com/?key=${SECRET})`;
        return error;
      },
      /error\.stack/,
    ],
    [
      'a cause',
      () => new Error('outer', { cause: new Error(`inner ${SECRET}`) }),
      /error\.cause\.message/,
    ],
    ['a string thrown as is', () => `failed with ${SECRET}`, /String\(error\)/],
    [
      'an own property',
      () =>
        Object.assign(new Error('x'), {
          request: { headers: { authorization: `Bearer ${SECRET}` } },
        }),
      /JSON\.stringify\(error\)/,
    ],
  ])('finds the secret in %s, and names the place, not the secret', (_label, make, place) => {
    let failure: unknown;
    try {
      assertNoSecretLeak(make(), SECRET);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(AssertionError);
    expect((failure as Error).message).toMatch(place);
    expect((failure as Error).message).not.toContain(SECRET);
  });

  it('survives a cause cycle and a toJSON that throws', () => {
    const a = new Error('a') as Error & { cause?: unknown; toJSON?: () => never };
    const b = new Error('b', { cause: a });
    a.cause = b;
    a.toJSON = () => {
      throw new Error('no JSON');
    };
    expect(() => assertNoSecretLeak(a, SECRET)).not.toThrow();
  });

  it('needs a real secret', () => {
    expect(() => assertNoSecretLeak(new Error('x'), '')).toThrow(ValidationError);
  });
});

describe('assertValidUsage', () => {
  it('accepts absent usage and sane counts', () => {
    expect(() => assertValidUsage(undefined)).not.toThrow();
    expect(() =>
      assertValidUsage({
        promptTokens: 10,
        completionTokens: 5,
        totalTokens: 15,
        cachedTokens: 10,
        reasoningTokens: 0,
      }),
    ).not.toThrow();
  });

  it.each<[string, unknown, RegExp]>([
    [
      'NaN',
      { promptTokens: Number.NaN, completionTokens: 1, totalTokens: 1 },
      /promptTokens .* NaN/,
    ],
    ['a missing count', { promptTokens: 1, totalTokens: 1 }, /completionTokens/],
    [
      'a negative count',
      { promptTokens: 1, completionTokens: -1, totalTokens: 0 },
      /completionTokens/,
    ],
    ['a fraction', { promptTokens: 1, completionTokens: 1, totalTokens: 2.5 }, /totalTokens/],
    [
      'cached > prompt',
      { promptTokens: 1, completionTokens: 1, totalTokens: 2, cachedTokens: 2 },
      /cachedTokens/,
    ],
    [
      'reasoning > completion',
      { promptTokens: 1, completionTokens: 1, totalTokens: 2, reasoningTokens: 3 },
      /reasoningTokens/,
    ],
    [
      'null optional count',
      { promptTokens: 1, completionTokens: 1, totalTokens: 2, cachedTokens: null },
      /cachedTokens/,
    ],
  ])('rejects %s', (_label, usage, message) => {
    expect(() => assertValidUsage(usage as never)).toThrow(message);
  });
});

describe('assertNoSecretLeak and what console.log prints', () => {
  it('finds a secret only util.inspect shows (the errors of an AggregateError)', () => {
    const error = new AggregateError([new Error(`attempt with ${SECRET}`)], 'all attempts failed');
    expect(JSON.stringify(error)).not.toContain(SECRET);
    expect(() => assertNoSecretLeak(error, SECRET)).toThrow(/util\.inspect\(error\)/);
  });
});
