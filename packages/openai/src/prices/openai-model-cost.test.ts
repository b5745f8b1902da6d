import { describe, expect, it } from 'vitest';
import { OPENAI_BASE_URL, OpenAIProvider, openai } from '../openai-provider.js';
import { OPENAI_PRICE_DATA } from './openai-prices.generated.js';

const provider = (baseURL: string, extra: { prices?: never } = {}) =>
  openai({ apiKey: 'k', baseURL, ...extra });

describe('openai().modelCost', () => {
  it("knows OpenAI's list prices at api.openai.com, dated names and aliases alike", () => {
    const official = openai({ apiKey: 'k' });
    expect(official.baseURL).toBe(OPENAI_BASE_URL);
    const alias = official.modelCost('gpt-4o-mini');
    expect(alias?.origin).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      date: OPENAI_PRICE_DATA.date,
    });
    expect(alias?.inputCostPerMillion).toBeGreaterThan(0);
    expect(official.modelCost('gpt-4o-mini-2024-07-18')).toBe(alias);
    expect(official.modelCost('no-such-model')).toBeUndefined();
  });

  it.each([
    ['https://api.deepseek.com/v1', 'deepseek-chat', 'deepseek'],
    ['https://api.groq.com/openai/v1', 'llama-3.3-70b-versatile', 'groq'],
    ['https://openrouter.ai/api/v1', 'openai/gpt-4o-mini', 'openrouter'],
    ['https://api.x.ai/v1', 'grok-3', 'x-ai'],
    ['https://api.mistral.ai/v1', 'mistral-large-latest', 'mistral'],
  ])('a server the price data knows gets its own list: %s', (baseURL, model, list) => {
    expect(provider(baseURL).modelCost(model)?.origin?.provider).toBe(list);
  });

  it("never gives OpenAI's prices to a server that is not OpenAI", () => {
    for (const baseURL of [
      'http://localhost:11434/v1',
      'http://127.0.0.1:8000/v1',
      'https://llm.internal.example/v1',
    ]) {
      expect(provider(baseURL).modelCost('gpt-4o-mini'), baseURL).toBeUndefined();
    }
    // DeepSeek's list has no gpt-4o-mini: the name does not fall through to OpenAI's list.
    expect(provider('https://api.deepseek.com').modelCost('gpt-4o-mini')).toBeUndefined();
  });

  it('reads the base URL from the environment like every other option', () => {
    const fromEnv = new OpenAIProvider({}, { OPENAI_BASE_URL: 'https://api.deepseek.com/v1' });
    expect(fromEnv.modelCost('deepseek-chat')?.origin?.provider).toBe('deepseek');
    expect(fromEnv.modelCost('gpt-4o-mini')).toBeUndefined();
  });

  it('takes a list by name for a gateway, or none', () => {
    const gateway = openai({
      apiKey: 'k',
      baseURL: 'https://gateway.example/v1',
      prices: 'openai',
    });
    expect(gateway.modelCost('gpt-4o-mini')?.origin?.provider).toBe('openai');
    expect(openai({ apiKey: 'k', prices: false }).modelCost('gpt-4o-mini')).toBeUndefined();
    expect(openai({ apiKey: 'k', prices: 'auto' }).modelCost('gpt-4o-mini')).toBeDefined();
  });

  it('validates its arguments', () => {
    expect(() => openai({ prices: 'acme' as never })).toThrow(/options\.prices.*"openai"/);
    expect(() => openai({ prices: true as never })).toThrow(/options\.prices/);
    expect(() => openai({ apiKey: 'k' }).modelCost(undefined as never)).toThrow(/model/);
  });

  it('keeps the context windows of the database', () => {
    const provider = openai({ apiKey: 'k' });
    expect(provider.modelLimits('gpt-4o-mini-2024-07-18')?.contextWindow).toBeGreaterThan(100_000);
    expect(provider.modelLimits('no-such-model')).toBeUndefined();
  });
});
