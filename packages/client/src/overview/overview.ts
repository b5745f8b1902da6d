import {
  type ChatRequest,
  type ChatResponse,
  type ComputeCost,
  type CostSummary,
  type ModelCostBreakdown,
  type ModelCosts,
  type PriceSource,
  type ToolMetrics,
  type Usage,
  ValidationError,
} from '@aigo/ai';
import { computeModelCost, DEFAULT_CURRENCY } from '../cost/calculate-model-cost.js';
import {
  validateComputeCost,
  validateModelCosts,
  validateToolMetrics,
} from '../cost/validate-cost.js';
import { AttemptLog, type CallAttempts } from './call-attempts.js';
import { CallPricer, type PriceProvider, sourceKey } from './call-pricer.js';
import { addParts, type CostParts, noCost, partsOf, totalOf } from './cost-parts.js';
import { addAmount, configuredCurrency } from './currency-amounts.js';
import { UsageTotals } from './usage-totals.js';

/** Options of the {@link Overview} constructor. */
export interface OverviewOptions {
  /** Prices of the models used: one `ModelCost` for all, or a map by model name. */
  readonly modelCost?: ModelCosts;
  /**
   * The provider whose list prices (`provider.modelCost(model)`) price the calls of models that
   * `modelCost` has no price for. `createClient`'s overviews pass the client's provider.
   */
  readonly provider?: PriceProvider;
  /** What a second of wall-clock run time costs. */
  readonly computeCost?: ComputeCost;
  /** The clock, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
}

/** One tool execution, as {@link Overview.recordToolCall} takes it. */
export interface ToolCallRecord {
  readonly name: string;
  readonly durationMs: number;
  /** The tool's metrics; `amount` is what one call costs. */
  readonly metrics?: ToolMetrics;
  /** A failed call is counted but not billed. */
  readonly failed?: boolean;
}

/** An amount left out of the cost summary because it is in another currency than the summary's. */
export interface OtherCurrencyCost {
  readonly source: 'model' | 'tool';
  /** The model or tool name. */
  readonly name: string;
  readonly currency: string;
  readonly amount: number;
}

interface ModelRecord {
  requests: number;
  readonly usage: UsageTotals;
  unpricedRequests: number;
  /** Priced calls whose response reported no usage. */
  withoutUsage: number;
  /** Where the prices came from, by {@link sourceKey}. */
  readonly sources: Map<string, PriceSource>;
  /** Costs by currency (one currency unless overviews with different prices were merged). */
  readonly costs: Map<string, CostParts>;
}

/**
 * What one execution did and cost: the requests and responses, total token usage, tool calls and
 * their costs, start and end time, and the money spent on models (priced per request, with that
 * request's tier), tools and compute.
 *
 * Prices: the application's (`modelCost`) first, then the provider's list price
 * (`provider.modelCost`); each priced call records where its price came from (`priceSources` of
 * the summary's `byModel`). A call without a price, or whose response reported no usage, adds
 * nothing and is counted (`unpricedCalls`, `callsWithoutUsage`): the summary is then not
 * `complete`, and its `totalCost` is only a lower bound.
 *
 * One overview per execution (a conversation turn, a ReAct run, a graph run). Every `record…`
 * method is synchronous, so parallel work (concurrent tool calls, graph nodes) recording into one
 * overview never loses a record.
 *
 * Currency: the summary is in the currency of the configured model prices (`ModelCost.currency`,
 * default USD; for a map, its first entry's), or, without model prices, in the currency of the first
 * tool cost recorded, else USD. Amounts in any other currency are never converted or added to
 * the totals: they are listed by {@link Overview.costsInOtherCurrencies}.
 */
export class Overview {
  readonly #pricer: CallPricer;
  readonly #computeCost: ComputeCost | undefined;
  readonly #now: () => number;
  #currency: string | undefined;
  readonly #requests: ChatRequest[] = [];
  readonly #responses: ChatResponse[] = [];
  #lastResponse: ChatResponse | undefined;
  readonly #usage = new UsageTotals();
  readonly #models = new Map<string, ModelRecord>();
  readonly #toolCounts = new Map<string, number>();
  readonly #toolCosts = new Map<string, Map<string, number>>();
  readonly #attempts = new AttemptLog();
  readonly #start: number;
  #end: number | undefined;

  /** @throws ValidationError for invalid prices or clock. */
  constructor(options: OverviewOptions = {}) {
    if (options === null || typeof options !== 'object') {
      throw new ValidationError('options', 'must be an object');
    }
    if (options.modelCost !== undefined) validateModelCosts(options.modelCost, 'modelCost');
    if (options.computeCost !== undefined) validateComputeCost(options.computeCost, 'computeCost');
    if (options.now !== undefined && typeof options.now !== 'function') {
      throw new ValidationError('now', 'must be a function returning milliseconds');
    }
    const provider = options.provider;
    if (
      provider !== undefined &&
      (provider === null ||
        typeof provider !== 'object' ||
        (provider.modelCost !== undefined && typeof provider.modelCost !== 'function'))
    ) {
      throw new ValidationError('provider', 'must be a Provider (modelCost, when set, a function)');
    }
    this.#pricer = new CallPricer(options.modelCost, provider);
    this.#computeCost = options.computeCost;
    this.#now = options.now ?? Date.now;
    this.#currency = configuredCurrency(options.modelCost);
    this.#start = this.#now();
  }

  /** Records a request sent to a model. */
  recordRequest(request: ChatRequest): void {
    if (request === null || typeof request !== 'object') {
      throw new ValidationError('request', 'must be a ChatRequest');
    }
    this.#requests.push(request);
  }

  /**
   * Records a model's response: its usage, and its cost at the price of its model, with the tier
   * chosen by this call's prompt size. The call is recorded under the request's model when
   * `request` is given, else the response's; the application's price is looked up by that name
   * (then the response's), the provider's by the response's (then the request's). `request` is used
   * for pricing only; record it with {@link recordRequest}.
   */
  recordResponse(response: ChatResponse, request?: ChatRequest): void {
    if (response === null || typeof response !== 'object') {
      throw new ValidationError('response', 'must be a ChatResponse');
    }
    if (request !== undefined && (request === null || typeof request !== 'object')) {
      throw new ValidationError('request', 'must be a ChatRequest');
    }
    this.#responses.push(response);
    this.#lastResponse = response;
    const requested = request?.model;
    const model = requested !== undefined && requested !== '' ? requested : response.model;
    const record = this.#model(model);
    record.requests++;
    const usage = response.usage;
    if (usage !== undefined) {
      this.#usage.add(usage);
      record.usage.add(usage);
    }
    const answered = typeof response.model === 'string' ? response.model : '';
    const price = this.#pricer.price(model, answered === '' ? model : answered);
    if (price === undefined) {
      record.unpricedRequests++;
      return;
    }
    const key = sourceKey(price.source);
    if (!record.sources.has(key)) record.sources.set(key, price.source);
    if (usage === undefined) {
      record.withoutUsage++;
      return;
    }
    const cost = computeModelCost(usage, price.cost);
    this.#currency ??= cost.currency;
    addParts(record.costs, cost.currency, partsOf(cost));
  }

  /**
   * Records the attempts of one model call: how many times its request was sent and why each failed
   * attempt failed. The client records every call it makes with this overview.
   */
  recordAttempts(call: CallAttempts): void {
    this.#attempts.record(call);
  }

  /** Records one tool execution: counted always, billed (`metrics.amount`) unless it failed. */
  recordToolCall(call: ToolCallRecord): void {
    if (call === null || typeof call !== 'object') {
      throw new ValidationError('call', 'must be an object with name and durationMs');
    }
    if (typeof call.name !== 'string' || call.name === '') {
      throw new ValidationError('call.name', 'must be a non-empty string');
    }
    if (typeof call.durationMs !== 'number' || !(call.durationMs >= 0)) {
      throw new ValidationError('call.durationMs', 'must be a number of at least 0');
    }
    if (call.metrics !== undefined) validateToolMetrics(call.metrics, 'call.metrics');
    this.#toolCounts.set(call.name, (this.#toolCounts.get(call.name) ?? 0) + 1);
    if (call.metrics === undefined || call.failed === true) return;
    const currency = call.metrics.currency || DEFAULT_CURRENCY;
    this.#currency ??= currency;
    addAmount(this.#toolCosts, call.name, currency, call.metrics.amount);
  }

  /** Marks the end of the execution. Only the first call counts. */
  end(): void {
    this.#end ??= this.#now();
  }

  /**
   * Adds another overview's records to this one (a graph node's into the graph's): requests,
   * responses, usage, per-model costs, tool counts and costs, call attempts. This overview keeps its
   * own start and end time, compute price and currency; the other's last response becomes the last
   * response.
   */
  merge(other: Overview): void {
    if (!(other instanceof Overview)) throw new ValidationError('other', 'must be an Overview');
    if (other === this) throw new ValidationError('other', 'cannot merge an overview into itself');
    this.#requests.push(...other.#requests);
    this.#responses.push(...other.#responses);
    if (other.#lastResponse !== undefined) this.#lastResponse = other.#lastResponse;
    this.#usage.merge(other.#usage);
    for (const [model, theirs] of other.#models) {
      const ours = this.#model(model);
      ours.requests += theirs.requests;
      ours.usage.merge(theirs.usage);
      ours.unpricedRequests += theirs.unpricedRequests;
      ours.withoutUsage += theirs.withoutUsage;
      for (const [key, source] of theirs.sources) {
        if (!ours.sources.has(key)) ours.sources.set(key, source);
      }
      for (const [currency, parts] of theirs.costs) addParts(ours.costs, currency, parts);
    }
    for (const [name, calls] of other.#toolCounts) {
      this.#toolCounts.set(name, (this.#toolCounts.get(name) ?? 0) + calls);
    }
    for (const [name, amounts] of other.#toolCosts) {
      for (const [currency, amount] of amounts) addAmount(this.#toolCosts, name, currency, amount);
    }
    this.#attempts.merge(other.#attempts);
    this.#currency ??= other.#currency;
  }

  /** Every request recorded, in order (a live, read-only view). */
  get requests(): readonly ChatRequest[] {
    return this.#requests;
  }

  /** Every response recorded, in order (a live, read-only view). */
  get responses(): readonly ChatResponse[] {
    return this.#responses;
  }

  /** How many requests the recorded model calls sent, retries included. */
  get attempts(): number {
    return this.#attempts.total;
  }

  /** The attempts of each recorded model call, in the order the calls ended (a live, read-only view). */
  get callAttempts(): readonly CallAttempts[] {
    return this.#attempts.calls;
  }

  /** The most recent response. */
  get lastResponse(): ChatResponse | undefined {
    return this.#lastResponse;
  }

  /**
   * The sum of every response's usage; cached, cache-write and reasoning counts only when some were
   * reported.
   */
  get totalUsage(): Usage {
    return this.#usage.toUsage();
  }

  /** Tool calls by tool name (failed ones included). */
  get toolCallStats(): Readonly<Record<string, number>> {
    return Object.fromEntries(this.#toolCounts);
  }

  /** What each tool's successful calls cost, in the summary currency. */
  get toolCosts(): Readonly<Record<string, number>> {
    const currency = this.currency;
    const costs: Record<string, number> = {};
    for (const [name, amounts] of this.#toolCosts) {
      const amount = amounts.get(currency);
      if (amount !== undefined) costs[name] = amount;
    }
    return costs;
  }

  /** The currency of {@link costSummary} (see the class documentation). */
  get currency(): string {
    return this.#currency ?? DEFAULT_CURRENCY;
  }

  /** When the overview was created. */
  get executionStartTime(): Date {
    return new Date(this.#start);
  }

  /** When {@link end} was first called, if it was. */
  get executionEndTime(): Date | undefined {
    return this.#end === undefined ? undefined : new Date(this.#end);
  }

  /** Milliseconds from the start to the end — or to now, before {@link end}. */
  executionDuration(): number {
    return Math.max(0, (this.#end ?? this.#now()) - this.#start);
  }

  /** What the execution cost so far, by kind and by model, in {@link currency}. */
  costSummary(): CostSummary {
    const currency = this.currency;
    let modelInputCost = 0;
    let modelOutputCost = 0;
    let modelCachedCost = 0;
    let modelCacheWriteCost = 0;
    let modelReasoningCost = 0;
    const byModel: Record<string, ModelCostBreakdown> = {};
    const unpricedModels: string[] = [];
    let unpricedCalls = 0;
    let callsWithoutUsage = 0;
    for (const [model, record] of this.#models) {
      const parts = record.costs.get(currency) ?? noCost();
      modelInputCost += parts.input;
      modelOutputCost += parts.output;
      modelCachedCost += parts.cached;
      modelCacheWriteCost += parts.cacheWrite;
      modelReasoningCost += parts.reasoning;
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
        inputCost: parts.input,
        outputCost: parts.output,
        cachedCost: parts.cached,
        cacheWriteCost: parts.cacheWrite,
        reasoningCost: parts.reasoning,
        totalCost: totalOf(parts),
        priced,
        unpricedRequests: record.unpricedRequests,
        priceSources: [...record.sources.values()],
      };
    }
    const toolCosts = this.toolCosts;
    let totalToolCost = 0;
    for (const amount of Object.values(toolCosts)) totalToolCost += amount;
    const totalModelCost =
      modelInputCost + modelCachedCost + modelCacheWriteCost + modelOutputCost + modelReasoningCost;
    const executionDurationSeconds = this.executionDuration() / 1000;
    const computeCost =
      this.#computeCost === undefined
        ? 0
        : executionDurationSeconds * this.#computeCost.costPerSecond;
    return {
      toolCosts,
      toolExecutionCount: this.toolCallStats,
      totalToolCost,
      modelInputCost,
      modelOutputCost,
      modelCachedCost,
      modelCacheWriteCost,
      modelReasoningCost,
      totalModelCost,
      byModel,
      unpricedModels,
      unpricedCalls,
      callsWithoutUsage,
      complete:
        unpricedCalls === 0 &&
        callsWithoutUsage === 0 &&
        this.costsInOtherCurrencies().length === 0,
      computeCost,
      executionDurationSeconds,
      totalCost: totalToolCost + totalModelCost + computeCost,
      currency,
    };
  }

  /**
   * The summary's `totalCost`: models, tools and compute — a lower bound when the summary is not
   * `complete` (a call without a price or usage).
   */
  totalCost(): number {
    return this.costSummary().totalCost;
  }

  /** Costs recorded in a currency other than {@link currency}, left out of the summary. */
  costsInOtherCurrencies(): readonly OtherCurrencyCost[] {
    const currency = this.currency;
    const others: OtherCurrencyCost[] = [];
    for (const [name, record] of this.#models) {
      for (const [other, parts] of record.costs) {
        if (other === currency) continue;
        const amount = totalOf(parts);
        others.push({ source: 'model', name, currency: other, amount });
      }
    }
    for (const [name, amounts] of this.#toolCosts) {
      for (const [other, amount] of amounts) {
        if (other !== currency) others.push({ source: 'tool', name, currency: other, amount });
      }
    }
    return others;
  }

  /** A plain JSON view: the records, the usage and the cost summary. */
  toJSON(): Record<string, unknown> {
    return {
      requests: this.#requests,
      responses: this.#responses,
      lastResponse: this.#lastResponse,
      totalUsage: this.totalUsage,
      toolCallStats: this.toolCallStats,
      toolCosts: this.toolCosts,
      attempts: this.attempts,
      callAttempts: this.callAttempts,
      executionStartTime: this.executionStartTime.toISOString(),
      executionEndTime: this.executionEndTime?.toISOString(),
      costSummary: this.costSummary(),
    };
  }

  #model(model: string): ModelRecord {
    let record = this.#models.get(model);
    if (record === undefined) {
      record = {
        requests: 0,
        usage: new UsageTotals(),
        unpricedRequests: 0,
        withoutUsage: 0,
        sources: new Map(),
        costs: new Map(),
      };
      this.#models.set(model, record);
    }
    return record;
  }
}
