import {
  type ChatRequest,
  type ChatResponse,
  type ComputeCost,
  type CostSummary,
  computeModelCost,
  DEFAULT_CURRENCY,
  type SubRunCost,
  totalOfModelCostParts,
  type Usage,
  ValidationError,
} from '@aigo/ai';
import { AttemptLog, type CallAttempts } from './call-attempts.js';
import { type CallPrice, CallPricer, type PriceProvider, sourceKey } from './call-pricer.js';
import type { CallRoute } from './call-route.js';
import { addParts } from './cost-parts.js';
import { configuredCurrency } from './currency-amounts.js';
import { type ModelRecord, ModelRecords } from './model-records.js';
import type { OtherCurrencyCost } from './other-currency-cost.js';
import { checkOverviewOptions, type OverviewOptions } from './overview-options.js';
import { SubRuns } from './sub-runs.js';
import { type ToolCallRecord, ToolRecords } from './tool-records.js';
import { UsageTotals } from './usage-totals.js';

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
  readonly #modelCost: OverviewOptions['modelCost'];
  /** Pricers of routed calls, by the entry's provider. */
  #routePricers: Map<PriceProvider, CallPricer> | undefined;
  /** Which entry answered each routed response ({@link recordRoute}). */
  #routes: WeakMap<ChatResponse, CallRoute> | undefined;
  readonly #computeCost: ComputeCost | undefined;
  readonly #now: () => number;
  #currency: string | undefined;
  readonly #requests: ChatRequest[] = [];
  readonly #responses: ChatResponse[] = [];
  #lastResponse: ChatResponse | undefined;
  readonly #usage = new UsageTotals();
  readonly #models = new ModelRecords();
  readonly #tools = new ToolRecords();
  readonly #attempts = new AttemptLog();
  readonly #subRuns = new SubRuns();
  readonly #agent: string;
  readonly #start: number;
  #end: number | undefined;
  /** Run time of earlier parts of this execution (a run continued step by step), in ms. */
  #prior = 0;

  /** @throws ValidationError for invalid prices or clock. */
  constructor(options: OverviewOptions = {}) {
    checkOverviewOptions(options);
    this.#pricer = new CallPricer(options.modelCost, options.provider);
    this.#modelCost = options.modelCost;
    this.#computeCost = options.computeCost;
    this.#now = options.now ?? Date.now;
    this.#currency = configuredCurrency(options.modelCost);
    this.#agent = options.agent ?? 'run';
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
    const route = this.#routes?.get(response);
    const requested = request?.model;
    const model =
      route?.key ?? (requested !== undefined && requested !== '' ? requested : response.model);
    const record = this.#models.of(model);
    record.requests++;
    const answered = typeof response.model === 'string' ? response.model : '';
    this.#bill(record, response.usage, this.#price(model, answered, route));
  }

  /**
   * Records an image, speech or transcription call (`generateImage`, `generateSpeech`, `transcribe`
   * of `@aigo/client` record theirs): its usage, and its cost at the model's price, like a model
   * response. A call without usage or price adds nothing and is counted, so the summary says its
   * cost is unknown (`complete: false`) rather than 0.
   *
   * @throws ValidationError for a call that is not `{ model, usage? }`.
   */
  recordMediaCall(call: { readonly model: string; readonly usage?: Usage | undefined }): void {
    if (call === null || typeof call !== 'object' || typeof call.model !== 'string') {
      throw new ValidationError('call', 'must be { model, usage? }');
    }
    const record = this.#models.of(call.model);
    record.requests++;
    this.#bill(record, call.usage, this.#price(call.model, call.model, undefined));
  }

  /**
   * Says which provider and model answered `response`, a routed call's (a fallback's entry):
   * {@link recordResponse} then records it under `route.key` (`openai:gpt-4o`) and prices it at that
   * provider's rates. The client records the route of every call it sends through `fallback`.
   */
  recordRoute(response: ChatResponse, route: CallRoute): void {
    if (response === null || typeof response !== 'object') {
      throw new ValidationError('response', 'must be a ChatResponse');
    }
    if (
      route === null ||
      typeof route !== 'object' ||
      typeof route.key !== 'string' ||
      typeof route.model !== 'string' ||
      route.provider === null ||
      typeof route.provider !== 'object'
    ) {
      throw new ValidationError('route', 'must be { key, model, provider }');
    }
    this.#routes ??= new WeakMap();
    this.#routes.set(response, route);
  }

  /**
   * Records the tokens a failed attempt was billed for (its error carried usage: a stream that
   * failed after the provider counted its prompt, say), under `model` — or the route's key — at its
   * price. The attempt is not a response: `requests` does not count it; its usage and cost do.
   */
  recordBilledAttempt(model: string, usage: Usage, route?: CallRoute): void {
    if (typeof model !== 'string') throw new ValidationError('model', 'must be a string');
    if (usage === null || typeof usage !== 'object') {
      throw new ValidationError('usage', 'must be a Usage');
    }
    const name = route?.key ?? model;
    this.#bill(this.#models.of(name), usage, this.#price(name, '', route));
  }

  #price(model: string, answered: string, route: CallRoute | undefined): CallPrice | undefined {
    if (route === undefined) return this.#pricer.price(model, answered === '' ? model : answered);
    this.#routePricers ??= new Map();
    let pricer = this.#routePricers.get(route.provider);
    if (pricer === undefined) {
      pricer = new CallPricer(this.#modelCost, route.provider);
      this.#routePricers.set(route.provider, pricer);
    }
    return pricer.price(route.model, answered === '' ? route.model : answered, route.key);
  }

  #bill(record: ModelRecord, usage: Usage | undefined, price: CallPrice | undefined): void {
    if (usage !== undefined) {
      this.#usage.add(usage);
      record.usage.add(usage);
    }
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
    addParts(record.costs, cost.currency, cost);
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
    const currency = this.#tools.record(call);
    if (currency !== undefined) this.#currency ??= currency;
  }

  /**
   * Counts `durationMs` of run time spent before this overview was made, in other parts of the same
   * execution — the earlier steps of a ReAct run driven with `agent.step`, or its part before a
   * suspension — in {@link executionDuration} and the compute cost. The time the run waited between
   * its parts is not run time: it is never counted.
   *
   * @throws ValidationError unless `durationMs` is a finite, non-negative number.
   */
  addPriorDuration(durationMs: number): void {
    if (typeof durationMs !== 'number' || !Number.isFinite(durationMs) || durationMs < 0) {
      throw new ValidationError('durationMs', 'must be a finite, non-negative number');
    }
    this.#prior += durationMs;
  }

  /**
   * Adds a sub-run — an agent this execution called as a tool (`agentTool`, a remote agent) — whose
   * usage and cost then count in {@link totalUsage} and {@link costSummary} (`byAgent` breaks the
   * summary down). An unknown cost (`cost: undefined`) adds nothing and makes the summary not
   * `complete`.
   *
   * @throws ValidationError unless `part` names its agent.
   */
  addSubRun(part: SubRunCost): void {
    this.#subRuns.add(part);
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
    this.#models.merge(other.#models);
    this.#tools.merge(other.#tools);
    this.#attempts.merge(other.#attempts);
    this.#subRuns.merge(other.#subRuns);
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
    const own = this.#usage.toUsage();
    return this.#subRuns.size === 0 ? own : this.#subRuns.usage(own);
  }

  /** Tool calls by tool name (failed ones included). */
  get toolCallStats(): Readonly<Record<string, number>> {
    return this.#tools.counts();
  }

  /** What each tool's successful calls cost, in the summary currency. */
  get toolCosts(): Readonly<Record<string, number>> {
    return this.#tools.costsIn(this.currency);
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

  /**
   * Milliseconds from the start to the end — or to now, before {@link end} — plus the run time of
   * earlier parts ({@link addPriorDuration}).
   */
  executionDuration(): number {
    return Math.max(0, (this.#end ?? this.#now()) - this.#start) + this.#prior;
  }

  /**
   * What the execution cost so far, by kind and by model, in {@link currency}; with its sub-runs
   * ({@link addSubRun}) added and broken down by agent (`byAgent`).
   */
  costSummary(): CostSummary {
    const own = this.#ownCostSummary();
    return this.#subRuns.size === 0
      ? own
      : this.#subRuns.compose(own, this.#usage.toUsage(), this.#agent);
  }

  #ownCostSummary(): CostSummary {
    const currency = this.currency;
    const models = this.#models.costsIn(currency);
    const toolCosts = this.toolCosts;
    let totalToolCost = 0;
    for (const amount of Object.values(toolCosts)) totalToolCost += amount;
    const totalModelCost = totalOfModelCostParts(models);
    const executionDurationSeconds = this.executionDuration() / 1000;
    const computeCost =
      this.#computeCost === undefined
        ? 0
        : executionDurationSeconds * this.#computeCost.costPerSecond;
    return {
      toolCosts,
      toolExecutionCount: this.toolCallStats,
      totalToolCost,
      modelInputCost: models.inputCost,
      modelOutputCost: models.outputCost,
      modelCachedCost: models.cachedCost,
      modelCacheWriteCost: models.cacheWriteCost,
      modelReasoningCost: models.reasoningCost,
      totalModelCost,
      byModel: models.byModel,
      unpricedModels: models.unpricedModels,
      unpricedCalls: models.unpricedCalls,
      callsWithoutUsage: models.callsWithoutUsage,
      complete:
        models.unpricedCalls === 0 &&
        models.callsWithoutUsage === 0 &&
        this.#ownOtherCurrencies(currency).length === 0,
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
    const others = this.#ownOtherCurrencies(currency);
    this.#subRuns.otherCurrencies(currency, others);
    return others;
  }

  #ownOtherCurrencies(currency: string): OtherCurrencyCost[] {
    const others: OtherCurrencyCost[] = [];
    this.#models.otherCurrencies(currency, others);
    this.#tools.otherCurrencies(currency, others);
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
}
