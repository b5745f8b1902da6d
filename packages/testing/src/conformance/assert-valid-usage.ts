import { AssertionError } from 'node:assert';
import type { Usage } from '@aigo/ai';

/**
 * Throws an `AssertionError` unless `usage` is absent or holds non-negative integer counts (never
 * `NaN`), with `cachedTokens` ≤ `promptTokens` and `reasoningTokens` ≤ `completionTokens`.
 */
export function assertValidUsage(usage: Usage | undefined, where = 'usage'): void {
  if (usage === undefined) return;
  if (usage === null || typeof usage !== 'object') {
    throw new AssertionError({
      message: `${where} must be an object or undefined, got ${String(usage)}`,
    });
  }
  const count = (name: keyof Usage, optional: boolean) => {
    const value = usage[name];
    if (value === undefined && optional) return;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw new AssertionError({
        message: `${where}.${name} must be a non-negative integer${optional ? ' or undefined' : ''}, got ${String(value)}`,
      });
    }
  };
  count('promptTokens', false);
  count('completionTokens', false);
  count('totalTokens', false);
  count('cachedTokens', true);
  count('reasoningTokens', true);
  if (usage.cachedTokens !== undefined && usage.cachedTokens > usage.promptTokens) {
    throw new AssertionError({
      message: `${where}.cachedTokens (${usage.cachedTokens}) must be part of promptTokens (${usage.promptTokens})`,
    });
  }
  if (usage.reasoningTokens !== undefined && usage.reasoningTokens > usage.completionTokens) {
    throw new AssertionError({
      message: `${where}.reasoningTokens (${usage.reasoningTokens}) must be part of completionTokens (${usage.completionTokens})`,
    });
  }
}
