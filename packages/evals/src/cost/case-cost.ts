import type { CostSummary } from '@aigo/ai';

/** What one run cost, by model, tool and compute, in one currency. */
export interface CaseCost {
  readonly total: number;
  readonly currency: string;
  /** By model: what its calls cost. */
  readonly models: { readonly [model: string]: number };
  /** By tool: what its calls cost. */
  readonly tools: { readonly [tool: string]: number };
  readonly compute: number;
  /**
   * False when part of the run had no known price (an unpriced model, a call without usage, an
   * amount in another currency): `total` is then only a lower bound.
   */
  readonly complete: boolean;
}

/** The `CaseCost` of a run's cost summary. */
export function caseCost(summary: CostSummary): CaseCost {
  const models: Record<string, number> = {};
  for (const [model, breakdown] of Object.entries(summary.byModel))
    models[model] = breakdown.totalCost;
  return {
    total: summary.totalCost,
    currency: summary.currency,
    models,
    tools: { ...summary.toolCosts },
    compute: summary.computeCost,
    complete: summary.complete,
  };
}
