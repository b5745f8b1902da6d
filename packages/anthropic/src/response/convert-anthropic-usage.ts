import type { Usage } from '@aigo/ai';
import { isRecord, numberOf, recordOf } from '@aigo/http';

/**
 * Anthropic's `usage` as aigo's `Usage`. Anthropic's `input_tokens` counts only the prompt tokens
 * after the last cache breakpoint, so:
 *
 * - `promptTokens` = `input_tokens` + `cache_read_input_tokens` + `cache_creation_input_tokens`;
 * - `cachedTokens` = `cache_read_input_tokens`;
 * - `cacheWrite1hTokens` = `cache_creation.ephemeral_1h_input_tokens`, and `cacheWrite5mTokens` the
 *   rest of `cache_creation_input_tokens` (the breakdown is sometimes all zeros while the total is
 *   not; 5 minutes is the API's default lifetime);
 * - `completionTokens` = `output_tokens`, `reasoningTokens` = `output_tokens_details.thinking_tokens`
 *   when the API reports it.
 *
 * Each prompt token is in exactly one of input, cache read and cache write, so the cost prices each
 * once. Cache counts the answer did not report stay `undefined`; a cache count of 0 is kept.
 * Returns `undefined` when the value has neither input nor output tokens.
 */
export function convertAnthropicUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const input = numberOf(value.input_tokens);
  const output = numberOf(value.output_tokens);
  if (input === undefined && output === undefined) return undefined;
  const read = numberOf(value.cache_read_input_tokens);
  const written = numberOf(value.cache_creation_input_tokens);
  const breakdown = recordOf(value.cache_creation);
  const oneHour = Math.min(numberOf(breakdown?.ephemeral_1h_input_tokens) ?? 0, written ?? 0);
  const promptTokens = (input ?? 0) + (read ?? 0) + (written ?? 0);
  const completionTokens = output ?? 0;
  const usage: { -readonly [K in keyof Usage]: Usage[K] } = {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens + completionTokens,
  };
  const thinking = numberOf(recordOf(value.output_tokens_details)?.thinking_tokens);
  if (thinking !== undefined) usage.reasoningTokens = Math.min(thinking, completionTokens);
  if (read !== undefined) usage.cachedTokens = read;
  if (written !== undefined) {
    usage.cacheWrite5mTokens = written - oneHour;
    usage.cacheWrite1hTokens = oneHour;
  }
  return usage;
}

/**
 * The usage of a stream so far: `message_delta` repeats the cumulative output count and, in newer
 * API versions, the input and cache counts; a count it leaves out (or sends as null) keeps the
 * value `message_start` gave.
 */
export function mergeAnthropicUsage(
  start: Record<string, unknown> | undefined,
  delta: Record<string, unknown>,
): Record<string, unknown> {
  if (start === undefined) return delta;
  const merged: Record<string, unknown> = { ...start };
  for (const [key, value] of Object.entries(delta)) {
    if (value !== null && value !== undefined) merged[key] = value;
  }
  return merged;
}
