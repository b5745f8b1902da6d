import { AigoError, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { loadApiKey } from './load-api-key.js';

const base = { envVar: 'OPENAI_API_KEY', description: 'OpenAI' } as const;

describe('loadApiKey', () => {
  it('prefers the explicit option over the environment', () => {
    expect(loadApiKey({ ...base, apiKey: 'sk-explicit', env: { OPENAI_API_KEY: 'sk-env' } })).toBe(
      'sk-explicit',
    );
  });

  it('reads the environment variable when no option is given, trimmed', () => {
    expect(loadApiKey({ ...base, env: { OPENAI_API_KEY: '  sk-env\n' } })).toBe('sk-env');
    expect(loadApiKey({ ...base, apiKey: '   ', env: { OPENAI_API_KEY: 'sk-env' } })).toBe(
      'sk-env',
    );
  });

  it('reads process.env by default', () => {
    const name = 'AIGO_HTTP_TEST_KEY_VARIABLE';
    process.env[name] = 'from-process-env';
    try {
      expect(loadApiKey({ envVar: name, description: 'Test' })).toBe('from-process-env');
    } finally {
      delete process.env[name];
    }
  });

  it('throws missing_api_key naming the variable when the key is required and absent', () => {
    let caught: unknown;
    try {
      loadApiKey({ ...base, env: { OPENAI_API_KEY: '' } });
    } catch (error) {
      caught = error;
    }
    expect(AigoError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({ code: 'missing_api_key' });
    expect((caught as Error).message).toContain('OPENAI_API_KEY');
    expect((caught as Error).message).toContain('OpenAI');
  });

  it('reads the fallback variables in order after envVar, skipping blank ones', () => {
    const gemini = {
      envVar: 'GEMINI_API_KEY',
      fallbackEnvVars: ['GOOGLE_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY'],
      description: 'Gemini',
    } as const;
    const all = {
      GEMINI_API_KEY: 'first',
      GOOGLE_API_KEY: 'second',
      GOOGLE_GENERATIVE_AI_API_KEY: 'third',
    };
    expect(loadApiKey({ ...gemini, env: all })).toBe('first');
    expect(loadApiKey({ ...gemini, env: { ...all, GEMINI_API_KEY: ' ' } })).toBe('second');
    expect(loadApiKey({ ...gemini, env: { GOOGLE_GENERATIVE_AI_API_KEY: ' third\n' } })).toBe(
      'third',
    );
    expect(loadApiKey({ ...gemini, apiKey: 'explicit', env: all })).toBe('explicit');
    expect(loadApiKey({ ...gemini, required: false, env: { GOOGLE_API_KEY: '' } })).toBeUndefined();
  });

  it('names every variable when none of them is set', () => {
    expect(() =>
      loadApiKey({
        envVar: 'GEMINI_API_KEY',
        fallbackEnvVars: ['GOOGLE_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY'],
        description: 'Gemini',
        env: {},
      }),
    ).toThrowError(
      'Gemini API key is missing: pass the apiKey option or set one of the environment variables ' +
        'GEMINI_API_KEY, GOOGLE_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY (read in that order)',
    );
  });

  it('returns undefined when the key is optional and absent', () => {
    expect(loadApiKey({ ...base, required: false, env: {} })).toBeUndefined();
  });

  it('validates its arguments', () => {
    expect(() => loadApiKey(undefined as never)).toThrow(ValidationError);
    expect(() => loadApiKey({ description: 'x' } as never)).toThrow(/options.envVar/);
    expect(() => loadApiKey({ envVar: 'BAD NAME', description: 'x' })).toThrow(/options.envVar/);
    expect(() => loadApiKey({ envVar: 'OK', description: '' })).toThrow(/options.description/);
    expect(() => loadApiKey({ ...base, apiKey: 42 as never })).toThrow(/options.apiKey/);
    expect(() => loadApiKey({ ...base, required: 'yes' as never })).toThrow(/options.required/);
    expect(() => loadApiKey({ ...base, env: 'x' as never })).toThrow(/options.env/);
    expect(() => loadApiKey({ ...base, fallbackEnvVars: 'KEY' as never })).toThrow(
      /options.fallbackEnvVars/,
    );
    expect(() => loadApiKey({ ...base, fallbackEnvVars: ['OK', 'NOT OK'] })).toThrow(
      /options.fallbackEnvVars\[1\]/,
    );
  });

  it('never puts the key in an error about another argument', () => {
    try {
      loadApiKey({ apiKey: 'sk-never-shown-123456', envVar: '1BAD', description: 'x' });
    } catch (error) {
      expect(String(error)).not.toContain('sk-never-shown');
      return;
    }
    expect.unreachable();
  });
});
