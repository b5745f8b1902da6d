import { describe, expect, it } from 'vitest';
import { ChoiceError, chooseProvider } from './choose-provider.js';

describe('chooseProvider', () => {
  it.each([
    ['nothing set → offline', {}, {}, { kind: 'offline' }],
    [
      'OPENAI_API_KEY → OpenAI',
      {},
      { OPENAI_API_KEY: 'sk' },
      { kind: 'openai', model: 'gpt-4o-mini' },
    ],
    [
      'GEMINI_API_KEY → Gemini',
      {},
      { GEMINI_API_KEY: 'g' },
      { kind: 'gemini', model: 'gemini-2.5-flash' },
    ],
    [
      'ANTHROPIC_API_KEY → Anthropic',
      {},
      { ANTHROPIC_API_KEY: 'sk-ant' },
      { kind: 'anthropic', model: 'claude-haiku-4-5' },
    ],
    [
      'Gemini and Anthropic keys → Gemini first',
      {},
      { GEMINI_API_KEY: 'g', ANTHROPIC_API_KEY: 'sk-ant' },
      { kind: 'gemini', model: 'gemini-2.5-flash' },
    ],
    [
      '--provider anthropic with --model',
      { provider: 'anthropic', model: 'claude-sonnet-4-5' },
      { OPENAI_API_KEY: 'sk', ANTHROPIC_API_KEY: 'sk-ant' },
      { kind: 'anthropic', model: 'claude-sonnet-4-5' },
    ],
    [
      'both keys → OpenAI first',
      {},
      { OPENAI_API_KEY: 'sk', GEMINI_API_KEY: 'g' },
      { kind: 'openai', model: 'gpt-4o-mini' },
    ],
    [
      'GOOGLE_API_KEY or GOOGLE_GENERATIVE_AI_API_KEY → Gemini too',
      {},
      { GOOGLE_GENERATIVE_AI_API_KEY: 'g' },
      { kind: 'gemini', model: 'gemini-2.5-flash' },
    ],
    [
      'OPENAI_BASE_URL → that compatible server, with the model from AIGO_DEFAULT_LLM_MODEL',
      {},
      { OPENAI_BASE_URL: 'http://localhost:11434/v1', AIGO_DEFAULT_LLM_MODEL: 'qwen3' },
      { kind: 'compatible', model: 'qwen3', baseURL: 'http://localhost:11434/v1' },
    ],
    [
      'OPENAI_API_BASE_URL, the older name, still works',
      { model: 'qwen3' },
      { OPENAI_API_BASE_URL: 'http://localhost:11434/v1' },
      { kind: 'compatible', model: 'qwen3', baseURL: 'http://localhost:11434/v1' },
    ],
    [
      'OPENAI_BASE_URL wins over OPENAI_API_BASE_URL, as in openai()',
      { model: 'qwen3' },
      { OPENAI_BASE_URL: 'http://vllm:8000/v1', OPENAI_API_BASE_URL: 'http://localhost:11434/v1' },
      { kind: 'compatible', model: 'qwen3', baseURL: 'http://vllm:8000/v1' },
    ],
    [
      'a key and a compatible base URL → that server, with the key',
      { model: 'deepseek-chat' },
      { OPENAI_API_KEY: 'sk', OPENAI_BASE_URL: 'https://api.deepseek.com/v1' },
      { kind: 'compatible', model: 'deepseek-chat', baseURL: 'https://api.deepseek.com/v1' },
    ],
    [
      'a key and the OpenAI base URL → OpenAI',
      {},
      { OPENAI_API_KEY: 'sk', OPENAI_API_BASE_URL: 'https://api.openai.com/v1' },
      { kind: 'openai', model: 'gpt-4o-mini', baseURL: 'https://api.openai.com/v1' },
    ],
    [
      '--provider fake wins over keys',
      { provider: 'fake' },
      { OPENAI_API_KEY: 'sk' },
      { kind: 'offline' },
    ],
    [
      '--provider gemini wins over an OpenAI key; --model wins',
      { provider: 'gemini', model: 'gemini-2.5-pro' },
      { OPENAI_API_KEY: 'sk', GEMINI_API_KEY: 'g', AIGO_DEFAULT_LLM_MODEL: 'x' },
      { kind: 'gemini', model: 'gemini-2.5-pro' },
    ],
    [
      'blank values count as unset',
      {},
      { OPENAI_API_KEY: '  ', GEMINI_API_KEY: '', GOOGLE_API_KEY: ' ', OPENAI_BASE_URL: '' },
      { kind: 'offline' },
    ],
  ] as const)('%s', (_name, flags, env, expected) => {
    expect(chooseProvider(flags, env)).toEqual(expected);
  });

  it('names what is missing', () => {
    expect(() => chooseProvider({ provider: 'openai' }, {})).toThrow(
      new ChoiceError(
        '--provider openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a compatible server).',
      ),
    );
    expect(() => chooseProvider({ provider: 'gemini' }, { OPENAI_API_KEY: 'sk' })).toThrow(
      /needs GEMINI_API_KEY/,
    );
    expect(() => chooseProvider({ provider: 'anthropic' }, { OPENAI_API_KEY: 'sk' })).toThrow(
      new ChoiceError('--provider anthropic needs ANTHROPIC_API_KEY in the environment.'),
    );
    expect(() => chooseProvider({}, { OPENAI_API_BASE_URL: 'http://localhost:11434/v1' })).toThrow(
      /^OPENAI_API_BASE_URL points at .*pass the model it serves with --model/,
    );
    expect(() => chooseProvider({}, { OPENAI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(
      /^OPENAI_BASE_URL points at/,
    );
  });
});
