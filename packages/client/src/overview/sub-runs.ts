import {
  type AgentCostBreakdown,
  addUsage,
  type CostSummary,
  type ModelCostBreakdown,
  type PriceSource,
  type SubRunCost,
  type Usage,
  ValidationError,
} from '@aigo/ai';
import type { OtherCurrencyCost } from './other-currency-cost.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The sub-runs of an execution — agents it called as tools (`agentTool`, a graph made an agent, a
 * remote agent) — and how their cost and usage add into its own: every amount summed, the models
 * merged, and `byAgent` giving each agent's own part under its path (`writer/researcher`). A
 * sub-run whose cost is unknown adds nothing and makes the summary not `complete`; one in another
 * currency is listed with the other currencies, never converted.
 */
export class SubRuns {
  readonly #parts: SubRunCost[] = [];

  /** @throws ValidationError unless `part` names its agent. */
  add(part: SubRunCost): void {
    if (
      part === null ||
      typeof part !== 'object' ||
      typeof part.agent !== 'string' ||
      part.agent === ''
    ) {
      throw new ValidationError('part', 'must be a SubRunCost { agent, usage, cost }');
    }
    this.#parts.push(part);
  }

  /** Adds another execution's sub-runs (a graph node's into the graph's). */
  merge(other: SubRuns): void {
    this.#parts.push(...other.#parts);
  }

  get size(): number {
    return this.#parts.length;
  }

  /** `own` plus the usage every sub-run reported. */
  usage(own: Usage): Usage {
    let total = own;
    for (const part of this.#parts) total = addUsage(total, part.usage) as Usage;
    return total;
  }

  /** The sub-runs' amounts in other currencies than `currency`. */
  otherCurrencies(currency: string, into: OtherCurrencyCost[]): void {
    for (const part of this.#parts) {
      const cost = part.cost;
      if (cost !== undefined && cost.currency !== currency && cost.totalCost !== 0) {
        into.push({
          source: 'agent',
          name: part.agent,
          currency: cost.currency,
          amount: cost.totalCost,
        });
      }
    }
  }

  /**
   * `own` (the execution's own summary) with every sub-run added, and `byAgent` — the execution's
   * own part under `agent`, each sub-run's under `agent/<its path>`.
   */
  compose(own: CostSummary, ownUsage: Usage, agent: string): CostSummary {
    const sum: Mutable<CostSummary> = {
      ...own,
      toolCosts: { ...own.toolCosts },
      toolExecutionCount: { ...own.toolExecutionCount },
      byModel: { ...own.byModel },
      unpricedModels: [...own.unpricedModels],
    };
    const byAgent: Record<string, AgentCostBreakdown> = {};
    addEntry(byAgent, {
      path: [agent],
      usage: ownUsage,
      totalModelCost: own.totalModelCost,
      totalToolCost: own.totalToolCost,
      computeCost: own.computeCost,
      totalCost: own.totalCost,
      complete: own.complete,
    });
    for (const part of this.#parts) {
      const cost = part.cost;
      if (cost === undefined || cost.currency !== own.currency) {
        sum.complete = false;
        addEntry(byAgent, unknownPart([agent, part.agent], part.usage));
        continue;
      }
      addSummary(sum, cost);
      const entries = cost.byAgent;
      if (entries === undefined) {
        addEntry(byAgent, {
          path: [agent, part.agent],
          usage: part.usage,
          totalModelCost: cost.totalModelCost,
          totalToolCost: cost.totalToolCost,
          computeCost: cost.computeCost,
          totalCost: cost.totalCost,
          complete: cost.complete,
        });
      } else {
        // Its own entries are named from the sub-run's agent down, whatever it calls itself.
        for (const entry of Object.values(entries)) {
          addEntry(byAgent, { ...entry, path: [agent, part.agent, ...entry.path.slice(1)] });
        }
      }
    }
    sum.byAgent = byAgent;
    return sum;
  }
}

function unknownPart(path: readonly string[], usage: Usage | undefined): AgentCostBreakdown {
  return {
    path,
    usage,
    totalModelCost: 0,
    totalToolCost: 0,
    computeCost: 0,
    totalCost: 0,
    complete: false,
  };
}

/** Adds an agent's part under its path, summed with what that path already has. */
function addEntry(byAgent: Record<string, AgentCostBreakdown>, entry: AgentCostBreakdown): void {
  const key = entry.path.join('/');
  const before = byAgent[key];
  byAgent[key] =
    before === undefined
      ? entry
      : {
          path: entry.path,
          usage:
            before.usage === undefined || entry.usage === undefined
              ? undefined
              : addUsage(before.usage, entry.usage),
          totalModelCost: before.totalModelCost + entry.totalModelCost,
          totalToolCost: before.totalToolCost + entry.totalToolCost,
          computeCost: before.computeCost + entry.computeCost,
          totalCost: before.totalCost + entry.totalCost,
          complete: before.complete && entry.complete,
        };
}

/** Adds a sub-run's summary (same currency) into `sum`, kind by kind and model by model. */
function addSummary(sum: Mutable<CostSummary>, cost: CostSummary): void {
  const toolCosts = sum.toolCosts as Record<string, number>;
  for (const [name, amount] of Object.entries(cost.toolCosts)) {
    toolCosts[name] = (toolCosts[name] ?? 0) + amount;
  }
  const counts = sum.toolExecutionCount as Record<string, number>;
  for (const [name, amount] of Object.entries(cost.toolExecutionCount)) {
    counts[name] = (counts[name] ?? 0) + amount;
  }
  const models = sum.byModel as Record<string, ModelCostBreakdown>;
  for (const [model, breakdown] of Object.entries(cost.byModel)) {
    const before = models[model];
    models[model] = before === undefined ? breakdown : addBreakdown(before, breakdown);
  }
  const unpriced = sum.unpricedModels as string[];
  for (const model of cost.unpricedModels) if (!unpriced.includes(model)) unpriced.push(model);
  sum.totalToolCost += cost.totalToolCost;
  sum.modelInputCost += cost.modelInputCost;
  sum.modelOutputCost += cost.modelOutputCost;
  sum.modelCachedCost += cost.modelCachedCost;
  sum.modelCacheWriteCost += cost.modelCacheWriteCost;
  sum.modelReasoningCost += cost.modelReasoningCost;
  sum.totalModelCost += cost.totalModelCost;
  sum.unpricedCalls += cost.unpricedCalls;
  sum.callsWithoutUsage += cost.callsWithoutUsage;
  sum.complete &&= cost.complete;
  sum.computeCost += cost.computeCost;
  sum.totalCost += cost.totalCost;
}

function addBreakdown(a: ModelCostBreakdown, b: ModelCostBreakdown): ModelCostBreakdown {
  const sources: PriceSource[] = [...a.priceSources];
  const seen = new Set(sources.map((source) => JSON.stringify(source)));
  for (const source of b.priceSources) {
    if (!seen.has(JSON.stringify(source))) sources.push(source);
  }
  return {
    requests: a.requests + b.requests,
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    cachedTokens: a.cachedTokens + b.cachedTokens,
    cacheWriteTokens: a.cacheWriteTokens + b.cacheWriteTokens,
    reasoningTokens: a.reasoningTokens + b.reasoningTokens,
    inputCost: a.inputCost + b.inputCost,
    cachedCost: a.cachedCost + b.cachedCost,
    cacheWriteCost: a.cacheWriteCost + b.cacheWriteCost,
    outputCost: a.outputCost + b.outputCost,
    reasoningCost: a.reasoningCost + b.reasoningCost,
    totalCost: a.totalCost + b.totalCost,
    priced: a.priced && b.priced,
    unpricedRequests: a.unpricedRequests + b.unpricedRequests,
    priceSources: sources,
  };
}
