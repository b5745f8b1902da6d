import { describe, expect, it } from 'vitest';
import { convertOpenAIResponsesUsage } from './convert-openai-responses-usage.js';
import { mapOpenAIResponsesFinishReason } from './map-openai-responses-finish-reason.js';

describe('convertOpenAIResponsesUsage', () => {
  it('reads input, output, cached and reasoning tokens', () => {
    expect(
      convertOpenAIResponsesUsage({
        input_tokens: 19681,
        input_tokens_details: { cached_tokens: 3712 },
        output_tokens: 3773,
        output_tokens_details: { reasoning_tokens: 3136 },
        total_tokens: 23454,
      }),
    ).toEqual({
      promptTokens: 19681,
      completionTokens: 3773,
      totalTokens: 23454,
      cachedTokens: 3712,
      reasoningTokens: 3136,
    });
  });
  it('leaves unreported details undefined and computes a missing total', () => {
    expect(convertOpenAIResponsesUsage({ input_tokens: 2, output_tokens: 3 })).toEqual({
      promptTokens: 2,
      completionTokens: 3,
      totalTokens: 5,
    });
    expect(convertOpenAIResponsesUsage(null)).toBeUndefined();
  });
});

describe('mapOpenAIResponsesFinishReason', () => {
  const cases: [string | undefined, string | undefined, boolean, string, string | undefined][] = [
    ['completed', undefined, false, 'stop', 'completed'],
    ['completed', undefined, true, 'tool_calls', 'completed'],
    ['incomplete', 'max_output_tokens', false, 'length', 'max_output_tokens'],
    ['incomplete', 'content_filter', false, 'content_filter', 'content_filter'],
    ['incomplete', undefined, false, 'other', 'incomplete'],
    ['failed', undefined, false, 'error', 'failed'],
    [undefined, undefined, false, 'other', undefined],
  ];
  for (const [status, reason, calls, finishReason, raw] of cases) {
    it(`${String(status)}/${String(reason)} → ${finishReason}`, () =>
      expect(mapOpenAIResponsesFinishReason(status, reason, calls)).toEqual({
        finishReason,
        rawFinishReason: raw,
      }));
  }
});
