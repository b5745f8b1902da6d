import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import {
  generateContentUrl,
  modelResourcePath,
  normaliseBaseUrl,
  streamGenerateContentUrl,
} from './gemini-endpoints.js';

describe('Gemini endpoints', () => {
  it.each([
    ['gemini-2.5-flash', 'models/gemini-2.5-flash'],
    ['models/gemini-2.5-flash', 'models/gemini-2.5-flash'],
    ['tunedModels/my-model-123', 'tunedModels/my-model-123'],
    [' gemini-2.0-flash ', 'models/gemini-2.0-flash'],
    ['a b?c#d', 'models/a%20b%3Fc%23d'],
  ])('%j → %s', (model, path) => {
    expect(modelResourcePath(model)).toBe(path);
  });

  it.each(['', '  ', 'models/', 'a/b/c', 'models/..', '../x'])(
    'rejects the model id %j',
    (model) => {
      expect(() => modelResourcePath(model)).toThrow(ValidationError);
    },
  );

  it('builds the two endpoint URLs', () => {
    const base = normaliseBaseUrl('https://generativelanguage.googleapis.com/v1beta//', 'baseURL');
    expect(generateContentUrl(base, 'gemini-2.5-flash')).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent',
    );
    expect(streamGenerateContentUrl(base, 'gemini-2.5-flash', true)).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
    expect(streamGenerateContentUrl(base, 'gemini-2.5-flash', false)).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent',
    );
  });

  it('rejects a base URL that is not absolute http(s), naming the argument', () => {
    expect(() => normaliseBaseUrl('localhost:8080', 'options.baseURL')).toThrow(/options\.baseURL/);
  });
});
