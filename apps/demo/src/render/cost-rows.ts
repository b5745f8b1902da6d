import type { CostSummary } from '@aigo/ai';

/** One line of the cost table. */
export type CostRow =
  | {
      readonly kind: 'model';
      readonly name: string;
      readonly requests: number;
      /** Prompt tokens, cached ones included. */
      readonly promptTokens: number;
      readonly cachedTokens: number;
      /** Completion tokens, reasoning ones included. */
      readonly completionTokens: number;
      readonly reasoningTokens: number;
      readonly cost: number;
      /** False when some call of the model had no known price: its cost is unknown and says so. */
      readonly priced: boolean;
    }
  | { readonly kind: 'tool'; readonly name: string; readonly calls: number; readonly cost: number }
  | { readonly kind: 'compute'; readonly seconds: number; readonly cost: number };

/**
 * The rows of the cost table, from a run's `CostSummary` (`overview.costSummary()`): one per model
 * (tokens, cached and reasoning included, and what they cost), one per tool (calls and cost), and
 * the compute time.
 */
export function costRows(summary: CostSummary): CostRow[] {
  const rows: CostRow[] = [];
  for (const [name, model] of Object.entries(summary.byModel)) {
    rows.push({
      kind: 'model',
      name,
      requests: model.requests,
      promptTokens: model.promptTokens,
      cachedTokens: model.cachedTokens,
      completionTokens: model.completionTokens,
      reasoningTokens: model.reasoningTokens,
      cost: model.totalCost,
      priced: model.priced,
    });
  }
  for (const [name, calls] of Object.entries(summary.toolExecutionCount)) {
    rows.push({ kind: 'tool', name, calls, cost: summary.toolCosts[name] ?? 0 });
  }
  rows.push({
    kind: 'compute',
    seconds: summary.executionDurationSeconds,
    cost: summary.computeCost,
  });
  return rows;
}
