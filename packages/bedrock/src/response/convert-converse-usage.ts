import type { Usage } from '@aigo/ai';
import { isRecord, numberOf } from '@aigo/http';

/**
 * Converse `usage` as aigo's: Bedrock's `inputTokens` leaves out the tokens read from and written
 * to the cache, so the prompt is the sum of the three, with `cachedTokens` the tokens read
 * (cached ⊆ prompt) and `cacheWrite5mTokens` those written (Bedrock's cache points live five
 * minutes). `undefined` when the answer has no counts.
 */
export function convertConverseUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const input = numberOf(value.inputTokens);
  const output = numberOf(value.outputTokens);
  if (input === undefined && output === undefined) return undefined;
  const read = numberOf(value.cacheReadInputTokens);
  const written = numberOf(value.cacheWriteInputTokens);
  const promptTokens = (input ?? 0) + (read ?? 0) + (written ?? 0);
  const completionTokens = output ?? 0;
  return {
    promptTokens,
    completionTokens,
    totalTokens: promptTokens + completionTokens,
    ...(read === undefined ? {} : { cachedTokens: read }),
    ...(written === undefined ? {} : { cacheWrite5mTokens: written }),
  };
}
