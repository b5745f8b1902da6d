import type { CostSummary, Usage } from '@aigo/ai';

/** The usage of a result or an error's overview that has `totalUsage`. */
export function usageOf(value: unknown): Usage | undefined {
  const usage = (value as { totalUsage?: unknown } | null)?.totalUsage;
  return usage !== null && typeof usage === 'object' ? (usage as Usage) : undefined;
}

/** The cost summary of a result (or an error's overview) that has `costSummary()`. */
export function costOf(value: unknown): CostSummary | undefined {
  const summary = (value as { costSummary?: unknown } | null)?.costSummary;
  if (typeof summary !== 'function') return undefined;
  return (summary as () => CostSummary).call(value);
}

/** The overview an error carries (`AgentStoppedError.overview`, `GraphStoppedError.overview`). */
export function overviewOfError(error: unknown): unknown {
  return (error as { overview?: unknown } | null)?.overview;
}
