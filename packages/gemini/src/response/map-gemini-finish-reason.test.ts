import { describe, expect, it } from 'vitest';
import { mapGeminiFinishReason } from './map-gemini-finish-reason.js';

describe('mapGeminiFinishReason', () => {
  it.each([
    ['STOP', false, 'stop'],
    ['STOP', true, 'tool_calls'],
    ['MAX_TOKENS', false, 'length'],
    ['MAX_TOKENS', true, 'length'],
    ['SAFETY', false, 'content_filter'],
    ['RECITATION', false, 'content_filter'],
    ['BLOCKLIST', false, 'content_filter'],
    ['PROHIBITED_CONTENT', false, 'content_filter'],
    ['SPII', false, 'content_filter'],
    ['IMAGE_SAFETY', false, 'content_filter'],
    ['IMAGE_PROHIBITED_CONTENT', false, 'content_filter'],
    ['IMAGE_RECITATION', false, 'content_filter'],
    ['MALFORMED_FUNCTION_CALL', false, 'error'],
    ['UNEXPECTED_TOOL_CALL', false, 'error'],
    ['TOO_MANY_TOOL_CALLS', true, 'error'],
    ['MISSING_THOUGHT_SIGNATURE', false, 'error'],
    ['LANGUAGE', false, 'other'],
    ['OTHER', false, 'other'],
    ['NO_IMAGE', false, 'other'],
    ['IMAGE_OTHER', false, 'other'],
    ['FINISH_REASON_UNSPECIFIED', false, 'other'],
    ['SOMETHING_NEW', false, 'other'],
    [undefined, false, 'other'],
    [undefined, true, 'tool_calls'],
  ] as const)('%s (tool calls: %s) → %s', (raw, hasToolCalls, expected) => {
    expect(mapGeminiFinishReason(raw, hasToolCalls)).toBe(expected);
  });
});
