import { priceListOption } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { claudeModelLimits } from './anthropic-model-limits.js';
import { ANTHROPIC_PRICE_DATA } from './anthropic-prices.generated.js';

const list = priceListOption(ANTHROPIC_PRICE_DATA, 'anthropic', '');

describe('claudeModelLimits', () => {
  it('reads the window from the price data and gives the family’s output limit', () => {
    expect(claudeModelLimits(list, 'claude-3-5-haiku-20241022', [])).toEqual({
      contextWindow: 200_000,
      maxOutputTokens: 8_192,
    });
    expect(claudeModelLimits(list, 'claude-opus-4-1', [])).toEqual({
      contextWindow: 200_000,
      maxOutputTokens: 32_000,
    });
    expect(claudeModelLimits(list, 'claude-sonnet-4-6', [])).toEqual({
      contextWindow: 1_000_000,
      maxOutputTokens: 64_000,
    });
  });

  it('opens the 1M window of Sonnet 4 and 4.5 with a context-1m beta, and of no other model', () => {
    const betas = ['interleaved-thinking-2025-05-14', 'context-1m-2025-08-07'];
    expect(claudeModelLimits(list, 'claude-sonnet-4-5-20250929', betas)?.contextWindow).toBe(
      1_000_000,
    );
    expect(claudeModelLimits(list, 'claude-sonnet-4-0', betas)?.contextWindow).toBe(1_000_000);
    expect(claudeModelLimits(list, 'claude-opus-4-5', betas)?.contextWindow).toBe(200_000);
    expect(claudeModelLimits(list, 'claude-3-7-sonnet-latest', betas)?.contextWindow).toBe(200_000);
    expect(claudeModelLimits(list, 'claude-sonnet-4-5', ['other-beta'])?.contextWindow).toBe(
      200_000,
    );
  });

  it('knows nothing without a list or of a model the list does not know', () => {
    expect(claudeModelLimits(undefined, 'claude-sonnet-4-5', [])).toBeUndefined();
    expect(claudeModelLimits(list, 'gpt-4o', [])).toBeUndefined();
  });
});
