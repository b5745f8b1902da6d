import {
  addModelCostParts,
  type ModelCostBreakdown,
  type ModelCostParts,
  type PriceSource,
  totalOfModelCostParts,
} from '@aigo/ai';
import { addParts, type CostParts, noCost } from './cost-parts.js';
import type { OtherCurrencyCost } from './other-currency-cost.js';
import { UsageTotals } from './usage-totals.js';

/** What an overview keeps of one model's calls. */
export interface ModelRecord {
  requests: number;
  readonly usage: UsageTotals;
  unpricedRequests: number;
  /** Priced calls whose response reported no usage. */
  withoutUsage: number;
  /** Where the prices came from, by `sourceKey`. */
  readonly sources: Map<string, PriceSource>;
  /** Costs by currency (one currency unless overviews with different prices were merged). */
  readonly costs: Map<string, CostParts>;
}

/** The model part of a cost summary, in one currency. */
export interface ModelCostTotals extends ModelCostParts {
  readonly byModel: Record<string, ModelCostBreakdown>;
  readonly unpricedModels: string[];
  readonly unpricedCalls: number;
  readonly callsWithoutUsage: number;
}

/** An overview's model calls, by model name in the order first recorded. */
export class ModelRecords {
  readonly #records = new Map<string, ModelRecord>();

  /** The record of `model`, made empty at its first call. */
  of(model: string): ModelRecord {
    let record = this.#records.get(model);
    if (record === undefined) {
      record = {
        requests: 0,
        usage: new UsageTotals(),
        unpricedRequests: 0,
        withoutUsage: 0,
        sources: new Map(),
        costs: new Map(),
      };
      this.#records.set(model, record);
    }
    return record;
  }

  /** Adds another overview's model records. */
  merge(other: ModelRecords): void {
    for (const [model, theirs] of other.#records) {
      const ours = this.of(model);
      ours.requests += theirs.requests;
      ours.usage.merge(theirs.usage);
      ours.unpricedRequests += theirs.unpricedRequests;
      ours.withoutUsage += theirs.withoutUsage;
      for (const [key, source] of theirs.sources) {
        if (!ours.sources.has(key)) ours.sources.set(key, source);
      }
      for (const [currency, parts] of theirs.costs) addParts(ours.costs, currency, parts);
    }
  }

  /** What the models cost in `currency`, by kind and by model. */
  costsIn(currency: string): ModelCostTotals {
    const totals = noCost();
    const byModel: Record<string, ModelCostBreakdown> = {};
    const unpricedModels: string[] = [];
    let unpricedCalls = 0;
    let callsWithoutUsage = 0;
    for (const [model, record] of this.#records) {
      const parts = record.costs.get(currency) ?? noCost();
      addModelCostParts(totals, parts);
      const priced = record.unpricedRequests === 0;
      if (!priced) unpricedModels.push(model);
      unpricedCalls += record.unpricedRequests;
      callsWithoutUsage += record.withoutUsage;
      byModel[model] = {
        requests: record.requests,
        promptTokens: record.usage.promptTokens,
        completionTokens: record.usage.completionTokens,
        cachedTokens: record.usage.get('cachedTokens'),
        cacheWriteTokens:
          record.usage.get('cacheWrite5mTokens') + record.usage.get('cacheWrite1hTokens'),
        reasoningTokens: record.usage.get('reasoningTokens'),
        inputCost: parts.inputCost,
        outputCost: parts.outputCost,
        cachedCost: parts.cachedCost,
        cacheWriteCost: parts.cacheWriteCost,
        reasoningCost: parts.reasoningCost,
        totalCost: totalOfModelCostParts(parts),
        priced,
        unpricedRequests: record.unpricedRequests,
        priceSources: [...record.sources.values()],
      };
    }
    return {
      ...totals,
      byModel,
      unpricedModels,
      unpricedCalls,
      callsWithoutUsage,
    };
  }

  /** Adds to `others` the model costs in a currency other than `currency`. */
  otherCurrencies(currency: string, others: OtherCurrencyCost[]): void {
    for (const [name, record] of this.#records) {
      for (const [other, parts] of record.costs) {
        if (other === currency) continue;
        others.push({
          source: 'model',
          name,
          currency: other,
          amount: totalOfModelCostParts(parts),
        });
      }
    }
  }
}
