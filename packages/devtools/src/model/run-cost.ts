import {
  type AttributeValue,
  addModelCostParts,
  DEFAULT_CURRENCY,
  type ModelCostParts,
  totalOfModelCostParts,
} from '@aigo/ai';
import type { MutableSpan } from './recorded-run.js';
import type { CostPoint, ModelCostRow, RunCost, ToolCostRow } from './run-model.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface ModelSums extends Mutable<ModelCostParts> {
  requests: number;
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  cacheWriteTokens: number;
  reasoningTokens: number;
  unpricedRequests: number;
  rates: { input?: number; output?: number; cached?: number; reasoning?: number };
  readonly sources: Set<string>;
}

/**
 * What a run cost, from its spans' `aigo.cost.*` attributes (set by `@aigo/client` with the
 * overview's own pricing): per model summed part by part in the order the calls ended, as
 * `Overview.costSummary()` sums them, so the figures are the overview's; per tool; compute as the
 * run's duration times the client's `aigo.price.compute_per_second`. Amounts in another currency
 * than the run's first are left out (and the cost is then not `complete`), as the overview does.
 */
export function runCost(spans: readonly MutableSpan[], runStart: number, runEnd: number): RunCost {
  const models = new Map<string, ModelSums>();
  const tools = new Map<string, { calls: number; cost: number }>();
  let currency: string | undefined;
  let complete = true;
  let computeRate: number | undefined;
  const ended = spans
    .filter((span) => span.end !== undefined && (span.kind === 'model' || span.kind === 'tool'))
    .sort((a, b) => (a.end as number) - (b.end as number));
  const steps: { at: number; amount: number }[] = [];
  for (const span of ended) {
    const a = span.attributes;
    const spanCurrency = str(a['aigo.cost.currency']);
    if (span.kind === 'model') {
      computeRate ??= num(a['aigo.price.compute_per_second']);
      // A failed call is in the overview only when the provider billed its tokens (its error
      // carried usage: `aigo.cost.billed_failure`), and then as tokens and cost, not as a request.
      const billed = a['aigo.cost.billed_failure'] === true;
      if (span.status === 'error' && !billed) continue;
      const model = str(a['aigo.cost.model']) ?? str(a['gen_ai.request.model']) ?? span.name;
      const sums = models.get(model) ?? newSums();
      models.set(model, sums);
      if (!billed) sums.requests++;
      sums.promptTokens += num(a['gen_ai.usage.input_tokens']) ?? 0;
      sums.completionTokens += num(a['gen_ai.usage.output_tokens']) ?? 0;
      sums.cachedTokens += num(a['aigo.usage.cached_tokens']) ?? 0;
      sums.cacheWriteTokens += num(a['aigo.usage.cache_write_tokens']) ?? 0;
      sums.reasoningTokens += num(a['aigo.usage.reasoning_tokens']) ?? 0;
      if (a['aigo.cost.priced'] !== true) {
        sums.unpricedRequests++;
        complete = false;
        continue;
      }
      const source = sourceLabel(a);
      if (source !== undefined) sums.sources.add(source);
      const total = num(a['aigo.cost.total']);
      if (total === undefined) {
        complete = false;
        continue;
      }
      currency ??= spanCurrency ?? DEFAULT_CURRENCY;
      if ((spanCurrency ?? DEFAULT_CURRENCY) !== currency) {
        complete = false;
        continue;
      }
      addModelCostParts(sums, {
        inputCost: num(a['aigo.cost.input']) ?? 0,
        cachedCost: num(a['aigo.cost.cached']) ?? 0,
        cacheWriteCost: num(a['aigo.cost.cache_write']) ?? 0,
        outputCost: num(a['aigo.cost.output']) ?? 0,
        reasoningCost: num(a['aigo.cost.reasoning']) ?? 0,
      });
      sums.rates = rates(a);
      steps.push({ at: span.end as number, amount: total });
    } else {
      const tool = str(a['gen_ai.tool.name']) ?? span.name;
      const row = tools.get(tool) ?? { calls: 0, cost: 0 };
      tools.set(tool, row);
      row.calls++;
      const amount = num(a['aigo.cost.total']);
      if (amount === undefined) continue;
      currency ??= spanCurrency ?? DEFAULT_CURRENCY;
      if ((spanCurrency ?? DEFAULT_CURRENCY) !== currency) {
        complete = false;
        continue;
      }
      row.cost += amount;
      steps.push({ at: span.end as number, amount });
    }
  }
  const byModel: ModelCostRow[] = [];
  const allModels: Mutable<ModelCostParts> = {
    inputCost: 0,
    cachedCost: 0,
    cacheWriteCost: 0,
    outputCost: 0,
    reasoningCost: 0,
  };
  for (const [model, sums] of models) {
    addModelCostParts(allModels, sums);
    const { sources, ...rest } = sums;
    byModel.push({
      model,
      ...rest,
      totalCost: totalOfModelCostParts(sums),
      priceSources: [...sources],
    });
  }
  const totalModelCost = totalOfModelCostParts(allModels);
  const byTool: ToolCostRow[] = [...tools].map(([tool, row]) => ({ tool, ...row }));
  let totalToolCost = 0;
  for (const row of byTool) totalToolCost += row.cost;
  const durationSeconds = Math.max(0, runEnd - runStart) / 1000;
  const computeCost = computeRate === undefined ? 0 : durationSeconds * computeRate;
  return {
    currency: currency ?? DEFAULT_CURRENCY,
    byModel,
    byTool,
    totalModelCost,
    totalToolCost,
    computeCost,
    totalCost: totalToolCost + totalModelCost + computeCost,
    complete,
    timeline: timeline(steps, runStart, runEnd, computeRate ?? 0),
  };
}

/** Cumulative cost over the run's time: a point per priced call, compute accruing in between. */
function timeline(
  steps: readonly { at: number; amount: number }[],
  start: number,
  end: number,
  computeRate: number,
): CostPoint[] {
  const points: CostPoint[] = [{ atMs: 0, total: 0 }];
  let calls = 0;
  for (const step of steps) {
    calls += step.amount;
    const atMs = Math.max(0, step.at - start);
    points.push({ atMs, total: calls + (atMs / 1000) * computeRate });
  }
  const atMs = Math.max(0, end - start);
  points.push({ atMs, total: calls + (atMs / 1000) * computeRate });
  return points;
}

function newSums(): ModelSums {
  return {
    requests: 0,
    promptTokens: 0,
    completionTokens: 0,
    cachedTokens: 0,
    cacheWriteTokens: 0,
    reasoningTokens: 0,
    inputCost: 0,
    cachedCost: 0,
    cacheWriteCost: 0,
    outputCost: 0,
    reasoningCost: 0,
    unpricedRequests: 0,
    rates: {},
    sources: new Set(),
  };
}

function rates(a: { readonly [name: string]: AttributeValue }): ModelSums['rates'] {
  const found: ModelSums['rates'] = {};
  const input = num(a['aigo.price.input_per_million']);
  const output = num(a['aigo.price.output_per_million']);
  const cached = num(a['aigo.price.cached_input_per_million']);
  const reasoning = num(a['aigo.price.reasoning_per_million']);
  if (input !== undefined) found.input = input;
  if (output !== undefined) found.output = output;
  if (cached !== undefined) found.cached = cached;
  if (reasoning !== undefined) found.reasoning = reasoning;
  return found;
}

function sourceLabel(a: { readonly [name: string]: AttributeValue }): string | undefined {
  const source = str(a['aigo.cost.price_source']);
  if (source !== 'provider') return source;
  const parts = [
    'provider',
    str(a['aigo.cost.price_provider']),
    str(a['aigo.cost.price_date']),
    str(a['aigo.cost.price_model']) === undefined ? undefined : `(${a['aigo.cost.price_model']})`,
  ];
  return parts.filter((part) => part !== undefined).join(' ');
}

function num(value: AttributeValue | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function str(value: AttributeValue | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
