import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { checkProviderOptions, type ProviderOptionsSpec } from './check-provider-options.js';

const SPEC: ProviderOptionsSpec = {
  factory: 'acme',
  known: ['defaultModel', 'store'],
  strings: ['defaultModel'],
  booleans: ['store'],
};

function argumentOf(options: unknown): string | undefined {
  try {
    checkProviderOptions(options, SPEC);
  } catch (error) {
    if (ValidationError.isInstance(error)) return error.argument;
    throw error;
  }
  return undefined;
}

describe('checkProviderOptions', () => {
  it('takes the connection options and the known ones', () => {
    expect(
      argumentOf({
        apiKey: 'k',
        baseURL: 'http://h',
        headers: { a: 'b' },
        timeoutMs: 5,
        dispatcher: undefined,
        defaultModel: 'm',
        store: true,
      }),
    ).toBeUndefined();
    expect(argumentOf({})).toBeUndefined();
  });

  it.each([
    [null, 'options'],
    [[], 'options'],
    [{ defaultModle: 'm' }, 'options.defaultModle'],
    [{ apiKey: 1 }, 'options.apiKey'],
    [{ baseURL: {} }, 'options.baseURL'],
    [{ defaultModel: 2 }, 'options.defaultModel'],
    [{ store: 'yes' }, 'options.store'],
    [{ headers: [] }, 'options.headers'],
    [{ headers: { 'x-a': 1 } }, 'options.headers.x-a'],
    [{ timeoutMs: 0 }, 'options.timeoutMs'],
    [{ timeoutMs: '5' }, 'options.timeoutMs'],
  ])('refuses %j, naming %s', (options, argument) => {
    expect(argumentOf(options)).toBe(argument);
  });

  it('names the factory for an option it does not take', () => {
    expect(() => checkProviderOptions({ baseUrl: 'http://h' }, SPEC)).toThrow(
      /is not an option of acme\(\)/,
    );
  });

  it('suggests the valid name for a near miss (baseUrl → baseURL)', () => {
    expect(() => checkProviderOptions({ baseUrl: 'http://h' }, SPEC)).toThrow(
      'Invalid options.baseUrl: is not an option of acme() — did you mean baseURL?',
    );
  });
});
