import { describe, expect, it } from 'vitest';
import { checkOptionKeys, closestName } from './check-option-keys.js';
import { ValidationError } from './validation-error.js';

const KNOWN = ['apiKey', 'baseURL', 'headers', 'timeoutMs', 'defaultModel'];

function errorOf(run: () => void): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('no error thrown');
}

describe('checkOptionKeys', () => {
  it('accepts known keys and an empty object', () => {
    expect(() =>
      checkOptionKeys({ apiKey: 'k', baseURL: 'x' }, KNOWN, { owner: 'openai()' }),
    ).not.toThrow();
    expect(() => checkOptionKeys({}, KNOWN, { owner: 'openai()' })).not.toThrow();
  });

  it('names the option and suggests the valid name for baseUrl', () => {
    const error = errorOf(() =>
      checkOptionKeys({ baseUrl: 'http://localhost:8080/v1' }, KNOWN, { owner: 'openai()' }),
    );
    expect(error.argument).toBe('options.baseUrl');
    expect(error.message).toBe(
      'Invalid options.baseUrl: is not an option of openai() — did you mean baseURL?',
    );
  });

  it('suggests for a small typo and stays silent for an unrelated name', () => {
    expect(
      errorOf(() => checkOptionKeys({ defaultModle: 'm' }, KNOWN, { owner: 'f' })).message,
    ).toContain('did you mean defaultModel?');
    const unrelated = errorOf(() =>
      checkOptionKeys({ colour: 'red' }, KNOWN, { owner: 'f', where: 'spec' }),
    );
    expect(unrelated.argument).toBe('spec.colour');
    expect(unrelated.message).toBe('Invalid spec.colour: is not an option of f');
  });
});

describe('closestName', () => {
  it.each([
    ['baseurl', 'baseURL'],
    ['timeoutMS', 'timeoutMs'],
    ['header', 'headers'],
    ['apikey', 'apiKey'],
    ['aipKey', 'apiKey'],
    ['model', undefined],
    ['x', undefined],
  ])('%s → %s', (name, expected) => {
    expect(closestName(name, KNOWN)).toBe(expected);
  });
});
