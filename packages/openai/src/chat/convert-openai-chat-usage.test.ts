import { describe, expect, it } from 'vitest';
import { convertOpenAIChatUsage } from './convert-openai-chat-usage.js';
import { mapOpenAIFinishReason } from './map-openai-finish-reason.js';

describe('convertOpenAIChatUsage', () => {
  const cases: [string, unknown, unknown][] = [
    ['no usage', undefined, undefined],
    ['null usage', null, undefined],
    ['an empty object', {}, undefined],
    [
      'plain counts',
      { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
      { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
    ],
    [
      'a missing total',
      { prompt_tokens: 3, completion_tokens: 4 },
      { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
    ],
    [
      'OpenAI details, zeros kept',
      {
        prompt_tokens: 10,
        completion_tokens: 5,
        total_tokens: 15,
        prompt_tokens_details: { cached_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0 },
      },
      {
        promptTokens: 10,
        completionTokens: 5,
        totalTokens: 15,
        cachedTokens: 0,
        reasoningTokens: 0,
      },
    ],
    [
      'DeepSeek prompt_cache_hit_tokens',
      {
        prompt_tokens: 339,
        completion_tokens: 92,
        total_tokens: 431,
        prompt_cache_hit_tokens: 320,
      },
      { promptTokens: 339, completionTokens: 92, totalTokens: 431, cachedTokens: 320 },
    ],
    [
      'xAI reasoning reported beside completion',
      {
        prompt_tokens: 291,
        completion_tokens: 26,
        total_tokens: 506,
        completion_tokens_details: { reasoning_tokens: 189 },
      },
      { promptTokens: 291, completionTokens: 215, totalTokens: 506, reasoningTokens: 189 },
    ],
    [
      'nulls from compatible servers',
      {
        prompt_tokens: 1,
        completion_tokens: 2,
        total_tokens: 3,
        prompt_tokens_details: null,
        completion_tokens_details: { reasoning_tokens: null },
      },
      { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
    ],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => expect(convertOpenAIChatUsage(input)).toEqual(expected));
  }
});

describe('mapOpenAIFinishReason', () => {
  const cases: [string | null | undefined, boolean, string][] = [
    ['stop', false, 'stop'],
    ['stop', true, 'tool_calls'],
    ['length', false, 'length'],
    ['tool_calls', true, 'tool_calls'],
    ['function_call', true, 'tool_calls'],
    ['content_filter', false, 'content_filter'],
    ['something_new', false, 'other'],
    [null, false, 'other'],
    [undefined, true, 'tool_calls'],
  ];
  for (const [raw, hasToolCalls, expected] of cases) {
    it(`${String(raw)}${hasToolCalls ? ' with tool calls' : ''} → ${expected}`, () =>
      expect(mapOpenAIFinishReason(raw, hasToolCalls)).toBe(expected));
  }
});
