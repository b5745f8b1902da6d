// Which model the examples pick from the environment (no call is made: providers are only built).
import { createFakeProvider } from '@aigo/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { geminiKeyVariable, pickModel } from '../src/shared/pick-model.js';

const offline = () => createFakeProvider();

function stubNoKeys(): void {
  for (const name of [
    'OPENAI_API_KEY',
    'GEMINI_API_KEY',
    'GOOGLE_API_KEY',
    'GOOGLE_GENERATIVE_AI_API_KEY',
    'ANTHROPIC_API_KEY',
    'AIGO_DEFAULT_LLM_MODEL',
  ]) {
    vi.stubEnv(name, '');
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('pickModel', () => {
  it('runs offline without a key', () => {
    stubNoKeys();
    expect(pickModel(offline)).toMatchObject({ online: false, model: 'offline-model' });
  });

  it('takes Gemini for any of the names gemini() reads its key from', async () => {
    for (const name of ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY']) {
      stubNoKeys();
      vi.stubEnv(name, 'AIzaSy-example-key');
      const picked = pickModel(offline);
      expect(picked.provider.id).toBe('gemini');
      expect(picked.label).toBe(`Gemini gemini-2.5-flash (${name} is set)`);
      await picked.provider.close?.();
    }
  });

  it('takes Anthropic when ANTHROPIC_API_KEY is set and no OpenAI or Gemini key is', async () => {
    stubNoKeys();
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-example');
    const picked = pickModel(offline);
    expect(picked.provider.id).toBe('anthropic');
    expect(picked.model).toBe('claude-haiku-4-5');
    expect(picked.label).toBe('Anthropic claude-haiku-4-5 (ANTHROPIC_API_KEY is set)');
    await picked.provider.close?.();
  });

  it('names the first Gemini variable set, in the order gemini() reads them', () => {
    expect(geminiKeyVariable({})).toBeUndefined();
    expect(geminiKeyVariable({ GEMINI_API_KEY: ' ', GOOGLE_GENERATIVE_AI_API_KEY: 'k' })).toBe(
      'GOOGLE_GENERATIVE_AI_API_KEY',
    );
    expect(geminiKeyVariable({ GOOGLE_API_KEY: 'k', GOOGLE_GENERATIVE_AI_API_KEY: 'k' })).toBe(
      'GOOGLE_API_KEY',
    );
    expect(geminiKeyVariable({ GEMINI_API_KEY: 'k', GOOGLE_API_KEY: 'k' })).toBe('GEMINI_API_KEY');
  });
});
