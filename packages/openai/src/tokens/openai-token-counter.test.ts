import { ValidationError } from '@aigo/ai';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { openAITokenCounter } from './openai-token-counter.js';

const TEXT =
  'Refunds are accepted within 30 days — ünïcode, emoji 🚀, and `code()`.\n\nA second paragraph.';

describe('openAITokenCounter', () => {
  it('counts as the model family’s encoding of gpt-tokenizer, synchronously', () => {
    expect(openAITokenCounter('gpt-4o-mini')(TEXT)).toBe(o200k(TEXT));
    expect(openAITokenCounter('text-embedding-3-small')(TEXT)).toBe(cl100k(TEXT));
    expect(openAITokenCounter('text-embedding-3-small')('')).toBe(0);
    expect(o200k(TEXT)).not.toBe(cl100k(TEXT));
  });

  it.each([
    ['a model of another family', 'llama-3.1-8b'],
    ['an empty name', ''],
  ])('rejects %s with a ValidationError naming model', (_label, model) => {
    expect(() => openAITokenCounter(model)).toThrow(ValidationError);
    try {
      openAITokenCounter(model);
    } catch (error) {
      expect((error as ValidationError).argument).toBe('model');
    }
  });
});
