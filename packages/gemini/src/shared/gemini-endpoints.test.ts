import { ValidationError } from '@aigo/ai';
import { normalizeBaseURL } from '@aigo/http';
import { describe, expect, it } from 'vitest';
import {
  generateContentUrl,
  modelResourcePath,
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
    const base = normalizeBaseURL('https://generativelanguage.googleapis.com/v1beta//', 'baseURL');
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
});
