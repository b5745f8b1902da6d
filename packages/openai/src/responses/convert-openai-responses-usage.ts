import type { Usage } from '@aigo/ai';
import { isRecord, numberOf } from '@aigo/http';

/**
 * The `Usage` of a Responses `usage` object: input/output/total tokens, `cachedTokens` from
 * `input_tokens_details.cached_tokens`, `reasoningTokens` from `output_tokens_details.reasoning_tokens`
 * (both subsets of their totals in this API). `undefined` when there is no usage.
 */
export function convertOpenAIResponsesUsage(usage: unknown): Usage | undefined {
  if (!isRecord(usage)) return undefined;
  const input = numberOf(usage.input_tokens);
  const output = numberOf(usage.output_tokens);
  const total = numberOf(usage.total_tokens);
  if (input === undefined && output === undefined && total === undefined) return undefined;
  const promptTokens = input ?? 0;
  const completionTokens = output ?? 0;
  const result: { -readonly [K in keyof Usage]: Usage[K] } = {
    promptTokens,
    completionTokens,
    totalTokens: total ?? promptTokens + completionTokens,
  };
  const cached = isRecord(usage.input_tokens_details)
    ? numberOf(usage.input_tokens_details.cached_tokens)
    : undefined;
  const reasoning = isRecord(usage.output_tokens_details)
    ? numberOf(usage.output_tokens_details.reasoning_tokens)
    : undefined;
  if (reasoning !== undefined) result.reasoningTokens = reasoning;
  if (cached !== undefined) result.cachedTokens = cached;
  return result;
}
