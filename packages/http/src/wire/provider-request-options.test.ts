import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { readProviderRequestOptions, withRequestHeaders } from './provider-request-options.js';

const KEYS = ['user', 'extraBody'];

function argumentOf(providerOptions: unknown): string | undefined {
  try {
    readProviderRequestOptions({ providerOptions }, 'acme', KEYS);
  } catch (error) {
    if (ValidationError.isInstance(error)) return error.argument;
    throw error;
  }
  return undefined;
}

describe('readProviderRequestOptions', () => {
  it("returns the provider's own options, or undefined when there are none", () => {
    const own = { user: 'u-1' };
    expect(readProviderRequestOptions({ providerOptions: { acme: own } }, 'acme', KEYS)).toBe(own);
    expect(readProviderRequestOptions({}, 'acme', KEYS)).toBeUndefined();
    expect(
      readProviderRequestOptions({ providerOptions: { other: { x: 1 } } }, 'acme', KEYS),
    ).toBeUndefined();
  });

  it.each([
    ['no object', 'request.providerOptions'],
    [{ acme: [] }, 'request.providerOptions.acme'],
    [{ acme: { usr: 'u' } }, 'request.providerOptions.acme.usr'],
  ])('refuses %j, naming %s', (providerOptions, argument) => {
    expect(argumentOf(providerOptions)).toBe(argument);
  });
});

describe('withRequestHeaders', () => {
  it("adds headers over the call's own, without changing the call's options", () => {
    const call = { headers: { a: '1', b: '2' }, timeoutMs: 5 };
    expect(withRequestHeaders(call, { b: '3' })).toEqual({
      headers: { a: '1', b: '3' },
      timeoutMs: 5,
    });
    expect(call.headers.b).toBe('2');
    expect(withRequestHeaders(undefined, { b: '3' })).toEqual({ headers: { b: '3' } });
  });
});
