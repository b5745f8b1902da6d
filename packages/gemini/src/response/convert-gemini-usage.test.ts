import { describe, expect, it } from 'vitest';
import { convertGeminiUsage } from './convert-gemini-usage.js';

describe('convertGeminiUsage', () => {
  it.each([
    {
      name: 'plain text answer',
      metadata: { promptTokenCount: 7, candidatesTokenCount: 22, totalTokenCount: 29 },
      usage: { promptTokens: 7, completionTokens: 22, totalTokens: 29 },
    },
    {
      name: 'thoughts are part of the completion and reported as reasoning',
      metadata: {
        promptTokenCount: 29,
        candidatesTokenCount: 15,
        totalTokenCount: 937,
        thoughtsTokenCount: 893,
      },
      usage: { promptTokens: 29, completionTokens: 908, totalTokens: 937, reasoningTokens: 893 },
    },
    {
      name: 'tool-use prompt tokens are part of the prompt',
      metadata: {
        promptTokenCount: 15,
        candidatesTokenCount: 102,
        totalTokenCount: 683,
        toolUsePromptTokenCount: 424,
        thoughtsTokenCount: 142,
      },
      usage: { promptTokens: 439, completionTokens: 244, totalTokens: 683, reasoningTokens: 142 },
    },
    {
      name: 'cached tokens are a subset of the prompt',
      metadata: {
        promptTokenCount: 424,
        candidatesTokenCount: 70,
        totalTokenCount: 781,
        cachedContentTokenCount: 287,
        thoughtsTokenCount: 287,
      },
      usage: {
        promptTokens: 424,
        completionTokens: 357,
        totalTokens: 781,
        reasoningTokens: 287,
        cachedTokens: 287,
      },
    },
    {
      name: 'cached tokens without thoughts',
      metadata: {
        promptTokenCount: 300,
        candidatesTokenCount: 20,
        totalTokenCount: 320,
        cachedContentTokenCount: 256,
      },
      usage: { promptTokens: 300, completionTokens: 20, totalTokens: 320, cachedTokens: 256 },
    },
    {
      name: 'a single count is enough; invalid counts are ignored',
      metadata: {
        cachedContentTokenCount: 5,
        promptTokenCount: -1,
        candidatesTokenCount: Number.NaN,
        totalTokenCount: '9',
      },
      usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, cachedTokens: 5 },
    },
    {
      name: 'no total: the sum',
      metadata: { promptTokenCount: 3, candidatesTokenCount: 4 },
      usage: { promptTokens: 3, completionTokens: 4, totalTokens: 7 },
    },
    {
      name: 'prompt only (a blocked answer)',
      metadata: { promptTokenCount: 14, totalTokenCount: 14 },
      usage: { promptTokens: 14, completionTokens: 0, totalTokens: 14 },
    },
    { name: 'no counts at all', metadata: { trafficType: 'ON_DEMAND' }, usage: undefined },
    { name: 'no metadata', metadata: undefined, usage: undefined },
  ])('$name', ({ metadata, usage }) => {
    // Some cases are what a server may send but the type does not allow (a count as a string).
    expect(convertGeminiUsage(metadata as Parameters<typeof convertGeminiUsage>[0])).toStrictEqual(
      usage,
    );
  });
});
