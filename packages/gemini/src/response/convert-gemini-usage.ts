import type { Usage } from '@aigo/ai';
import type { GeminiUsageMetadata } from '../wire/gemini-api.js';

/**
 * Converts `usageMetadata` to aigo's `Usage`, where cached tokens are part of the prompt and
 * reasoning tokens part of the completion, so cost never counts a token twice:
 *
 * - `promptTokens` = `promptTokenCount` + `toolUsePromptTokenCount` (what built-in tools fed in);
 * - `cachedTokens` = `cachedContentTokenCount` (already inside `promptTokenCount`);
 * - `reasoningTokens` = `thoughtsTokenCount`;
 * - `completionTokens` = `candidatesTokenCount` + `thoughtsTokenCount` (Gemini reports thoughts
 *   outside the candidates count);
 * - `totalTokens` = `totalTokenCount`, or the sum when Gemini sent none.
 *
 * @returns undefined when there is no usage metadata or it carries no count at all.
 */
export function convertGeminiUsage(metadata: GeminiUsageMetadata | undefined): Usage | undefined {
  if (metadata === undefined || metadata === null || typeof metadata !== 'object') return undefined;
  const prompt = count(metadata.promptTokenCount);
  const toolUse = count(metadata.toolUsePromptTokenCount);
  const candidates = count(metadata.candidatesTokenCount);
  const thoughts = count(metadata.thoughtsTokenCount);
  const cached = count(metadata.cachedContentTokenCount);
  const total = count(metadata.totalTokenCount);
  // Called for every stream chunk whose counts changed: no temporary arrays or closures here.
  if (
    prompt === undefined &&
    toolUse === undefined &&
    candidates === undefined &&
    thoughts === undefined &&
    cached === undefined &&
    total === undefined
  ) {
    return undefined;
  }
  const promptTokens = (prompt ?? 0) + (toolUse ?? 0);
  const completionTokens = (candidates ?? 0) + (thoughts ?? 0);
  const totalTokens = total ?? promptTokens + completionTokens;
  // One literal per shape, so each usage object is built with its final shape at once.
  if (thoughts === undefined) {
    return cached === undefined
      ? { promptTokens, completionTokens, totalTokens }
      : { promptTokens, completionTokens, totalTokens, cachedTokens: cached };
  }
  return cached === undefined
    ? { promptTokens, completionTokens, totalTokens, reasoningTokens: thoughts }
    : {
        promptTokens,
        completionTokens,
        totalTokens,
        reasoningTokens: thoughts,
        cachedTokens: cached,
      };
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
