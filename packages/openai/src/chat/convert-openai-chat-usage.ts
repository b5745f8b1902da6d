import type { Usage } from '@aigo/ai';
import { isRecord, numberOf } from '@aigo/http';

/**
 * The `Usage` of a Chat Completions `usage` object, or `undefined` when there is none.
 *
 * - `cachedTokens` from `prompt_tokens_details.cached_tokens`, else DeepSeek's
 *   `prompt_cache_hit_tokens`; `reasoningTokens` from `completion_tokens_details.reasoning_tokens`.
 *   A count the server did not send stays `undefined`; a reported 0 is 0.
 * - xAI reports reasoning tokens beside the completion tokens rather than inside them (prompt +
 *   completion + reasoning = total). Then they are added to `completionTokens`, so that reasoning ⊆
 *   completion holds and cost never misses or double-counts a token.
 * - `totalTokens` is the server's total, else prompt + completion.
 */
export function convertOpenAIChatUsage(usage: unknown): Usage | undefined {
  if (!isRecord(usage)) return undefined;
  const prompt = numberOf(usage.prompt_tokens);
  let completion = numberOf(usage.completion_tokens);
  const reported = numberOf(usage.total_tokens);
  if (prompt === undefined && completion === undefined && reported === undefined) return undefined;
  const promptDetails = isRecord(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const completionDetails = isRecord(usage.completion_tokens_details)
    ? usage.completion_tokens_details
    : {};
  const cached = numberOf(promptDetails.cached_tokens) ?? numberOf(usage.prompt_cache_hit_tokens);
  const reasoning = numberOf(completionDetails.reasoning_tokens);
  const promptTokens = prompt ?? 0;
  if (
    reasoning !== undefined &&
    reasoning > 0 &&
    completion !== undefined &&
    reported !== undefined &&
    promptTokens + completion + reasoning === reported
  ) {
    completion += reasoning;
  }
  const completionTokens = completion ?? 0;
  const result: { -readonly [K in keyof Usage]: Usage[K] } = {
    promptTokens,
    completionTokens,
    totalTokens: reported ?? promptTokens + completionTokens,
  };
  if (reasoning !== undefined) result.reasoningTokens = reasoning;
  if (cached !== undefined) result.cachedTokens = cached;
  const inputAudio = numberOf(promptDetails.audio_tokens);
  const outputAudio = numberOf(completionDetails.audio_tokens);
  if (inputAudio !== undefined && inputAudio > 0) result.inputAudioTokens = inputAudio;
  if (outputAudio !== undefined && outputAudio > 0) result.outputAudioTokens = outputAudio;
  return result;
}
