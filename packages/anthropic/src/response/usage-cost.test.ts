import { calculateModelCost } from '@aigo/client';
import { describe, expect, it } from 'vitest';
import { anthropic } from '../anthropic-provider.js';
import { convertAnthropicUsage } from './convert-anthropic-usage.js';

const provider = anthropic({ apiKey: 'k' });
/** claude-haiku-4-5: $1 input, $5 output, $0.10 cache read, $1.25 5-minute write, $2 1-hour write. */
const haiku = provider.modelCost('claude-haiku-4-5-20251001');

describe('usage and cost of cache reads and writes', () => {
  it('knows the cache-write rates of both lifetimes', () => {
    expect(haiku).toMatchObject({
      inputCostPerMillion: 1,
      outputCostPerMillion: 5,
      cachedInputCostPerMillion: 0.1,
      cacheWrite5mCostPerMillion: 1.25,
      cacheWrite1hCostPerMillion: 2,
      origin: { provider: 'anthropic', model: 'claude-haiku-4-5' },
    });
    expect(
      anthropic({ apiKey: 'k', baseURL: 'http://127.0.0.1:9' }).modelCost('claude-haiku-4-5'),
    ).toBeUndefined();
    expect(
      anthropic({ apiKey: 'k', baseURL: 'http://127.0.0.1:9', prices: 'anthropic' }).modelCost(
        'claude-haiku-4-5',
      ),
    ).toEqual(haiku);
  });

  it.each([
    [
      'a cache write (usage-cache-creation.json): 10 × $1 + 7,351 × $1.25 + 4 × $5',
      {
        input_tokens: 10,
        cache_creation_input_tokens: 7351,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 7351, ephemeral_1h_input_tokens: 0 },
        output_tokens: 4,
      },
      { promptTokens: 7361, cachedTokens: 0, cacheWrite5mTokens: 7351, cacheWrite1hTokens: 0 },
      0.00921875,
    ],
    [
      'a cache read (usage-cache-read.json): 10 × $1 + 7,351 × $0.10 + 4 × $5',
      {
        input_tokens: 10,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 7351,
        output_tokens: 4,
      },
      { promptTokens: 7361, cachedTokens: 7351, cacheWrite5mTokens: 0, cacheWrite1hTokens: 0 },
      0.0007651,
    ],
    [
      'both lifetimes and a read: 100 × $1 + 1,000 × $0.10 + 500 × $1.25 + 2,000 × $2 + 300 × $5',
      {
        input_tokens: 100,
        cache_read_input_tokens: 1000,
        cache_creation_input_tokens: 2500,
        cache_creation: { ephemeral_5m_input_tokens: 500, ephemeral_1h_input_tokens: 2000 },
        output_tokens: 300,
      },
      { promptTokens: 3600, cachedTokens: 1000, cacheWrite5mTokens: 500, cacheWrite1hTokens: 2000 },
      0.006325,
    ],
    [
      'a write total without its breakdown counts as 5-minute writes: 1 × $1 + 800 × $1.25',
      {
        input_tokens: 1,
        cache_creation_input_tokens: 800,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: 0,
      },
      { promptTokens: 801, cachedTokens: 0, cacheWrite5mTokens: 800, cacheWrite1hTokens: 0 },
      0.001001,
    ],
  ])('%s', (_, raw, expected, cost) => {
    const usage = convertAnthropicUsage(raw);
    expect(usage).toMatchObject(expected);
    if (usage === undefined || haiku === undefined) throw new Error('usage and price expected');
    expect(calculateModelCost(usage, haiku).totalCost).toBeCloseTo(cost, 12);
  });

  it('counts the API left out stay undefined; output-only usage is read', () => {
    expect(convertAnthropicUsage({ output_tokens: 7 })).toStrictEqual({
      promptTokens: 0,
      completionTokens: 7,
      totalTokens: 7,
    });
    expect(convertAnthropicUsage({})).toBeUndefined();
    expect(convertAnthropicUsage(null)).toBeUndefined();
  });
});
