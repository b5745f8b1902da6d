import type { Usage } from '@aigo/ai';

/**
 * The usage a failed attempt's error carries when the provider counted tokens before it failed (a
 * stream cut after its prompt was read): tokens the provider bills although no answer came.
 */
export function billedUsage(error: unknown): Usage | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const usage = (error as { usage?: Usage }).usage;
  if (usage === undefined || usage === null || typeof usage !== 'object') return undefined;
  return usage.promptTokens > 0 || usage.completionTokens > 0 ? usage : undefined;
}
