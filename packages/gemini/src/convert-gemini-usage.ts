import type { Usage } from '@aigo/ai';
import type { GeminiUsageMetadata } from './gemini-api.js';

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
  if ([prompt, toolUse, candidates, thoughts, cached, total].every((n) => n === undefined)) {
    return undefined;
  }
  const promptTokens = (prompt ?? 0) + (toolUse ?? 0);
  const completionTokens = (candidates ?? 0) + (thoughts ?? 0);
  const usage: {
    promptTokens: number;
    completionTokens: number;
    totalTokens: number;
    reasoningTokens?: number;
    cachedTokens?: number;
  } = {
    promptTokens,
    completionTokens,
    totalTokens: total ?? promptTokens + completionTokens,
  };
  if (thoughts !== undefined) usage.reasoningTokens = thoughts;
  if (cached !== undefined) usage.cachedTokens = cached;
  return usage;
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}
