import { type ChatRequest, userMessage, ValidationError } from '@aigo/ai';
import { loadFixtureJson } from '@aigo/testing';
import { countTokens as gptCount } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { openai } from '../openai-provider.js';
import { encodingOf } from './load-gpt-tokenizer.js';

interface WireRequest {
  readonly model: string;
  readonly messages: { role: 'user' | 'system'; content: string }[];
}

const provider = openai({ apiKey: 'sk-test-0000', baseURL: 'http://127.0.0.1:9/v1' });

/** The recorded request as a ChatRequest, and the prompt tokens OpenAI reported for it. */
function recorded(name: string): { request: ChatRequest; promptTokens: number } {
  const wire = loadFixtureJson(`openai-chat/${name}.request.json`) as WireRequest;
  const response = loadFixtureJson(`openai-chat/${name}.json`) as {
    usage: { prompt_tokens: number };
  };
  return {
    request: { model: wire.model, messages: wire.messages.map((one) => userMessage(one.content)) },
    promptTokens: response.usage.prompt_tokens,
  };
}

describe('OpenAIProvider.countTokens', () => {
  it.each(['text-gpt-4o-mini', 'usage-reasoning-tokens'])(
    'counts %s exactly as OpenAI reported its prompt tokens',
    async (name) => {
      const { request, promptTokens } = recorded(name);
      const count = await provider.countTokens(request);
      expect(count).toMatchObject({
        tokens: promptTokens,
        exact: true,
        method: 'tokenizer',
        estimated: [],
      });
      expect(count.messages).toHaveLength(1);
      expect((count.fixed ?? 0) + (count.messages?.[0] ?? 0)).toBe(promptTokens);
    },
  );

  it('counts each message apart: text by the tokenizer plus the chat framing', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    const count = await provider.countTokens({
      model: 'gpt-4o-mini',
      messages: [userMessage(text), userMessage(text)],
    });
    expect(count.messages).toEqual([gptCount(text) + 4, gptCount(text) + 4]);
  });

  it('estimates tool schemas and media, and says so', async () => {
    const count = await provider.countTokens({
      model: 'gpt-4o',
      messages: [
        userMessage([
          { type: 'text', text: 'What is this?' },
          { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' },
        ]),
      ],
      tools: [{ name: 'lookup', description: 'Looks up', parameters: { type: 'object' } }],
    });
    expect(count.exact).toBe(false);
    expect(count.method).toBe('tokenizer');
    expect(count.estimated).toEqual(['tools', 'media']);
  });

  it('estimates a model of another family (a compatible server’s)', async () => {
    const count = await provider.countTokens({
      model: 'llama3.1:8b',
      messages: [userMessage('Hi')],
    });
    expect(count).toMatchObject({ exact: false, method: 'estimate' });
    expect(count.estimated).toContain('messages');
  });

  it('knows the encodings of the OpenAI families', () => {
    expect(encodingOf('gpt-4o-mini-2024-07-18')).toBe('o200k_base');
    expect(encodingOf('gpt-5-mini')).toBe('o200k_base');
    expect(encodingOf('o3')).toBe('o200k_base');
    expect(encodingOf('gpt-4-turbo')).toBe('cl100k_base');
    expect(encodingOf('gpt-3.5-turbo')).toBe('cl100k_base');
    expect(encodingOf('qwen3')).toBeUndefined();
  });

  it('names a bad request', async () => {
    await expect(provider.countTokens(null as never)).rejects.toThrow(ValidationError);
    await expect(
      provider.countTokens({ model: 'gpt-4o', messages: 'hi' } as never),
    ).rejects.toThrow(/request\.messages/);
  });
});

describe('OpenAIProvider.modelLimits', () => {
  it('reports the price database’s window and output limit, with the option over it', () => {
    const official = openai({ apiKey: 'sk-test-0000' });
    const limits = official.modelLimits('gpt-4o-mini');
    expect(limits?.contextWindow).toBeGreaterThanOrEqual(128_000);
    expect(official.modelLimits('no-such-model')).toBeUndefined();
    // A self-hosted server has no list, so no limits: its models are trimmed only on request.
    expect(provider.modelLimits('gpt-4o-mini')).toBeUndefined();
    const tuned = openai({
      apiKey: 'sk-test-0000',
      modelLimits: {
        'gpt-4o-mini': { contextWindow: 8_000 },
        'my-local': { contextWindow: 4_096 },
      },
    });
    expect(tuned.modelLimits('gpt-4o-mini')).toEqual({ ...limits, contextWindow: 8_000 });
    expect(tuned.modelLimits('my-local')).toEqual({ contextWindow: 4_096 });
  });

  it('names a bad modelLimits option', () => {
    expect(() => openai({ modelLimits: { m: { contextWindow: -1 } } })).toThrow(
      /options\.modelLimits\["m"\]\.contextWindow/,
    );
    expect(() => openai({ modelLimits: 5 as never })).toThrow(/options\.modelLimits/);
  });
});
