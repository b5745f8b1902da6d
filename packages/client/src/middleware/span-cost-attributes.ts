import {
  type AttributeValue,
  type ChatRequest,
  type ChatResponse,
  computeModelCost,
  type PriceSource,
} from '@aigo/ai';
import type { CallPricer } from '../overview/call-pricer.js';

/**
 * The `aigo.cost.*`, `aigo.price.*` and `aigo.usage.*` attributes of a model call's span: what the
 * call cost by kind, in which currency, at which rates and from which price source — computed by
 * the overview's own pricing (`CallPricer`, `computeModelCost`), so a span and the run's
 * `Overview.costSummary()` always agree.
 */
export const ATTR_AIGO_COST = Object.freeze({
  /** The name the call is priced and summed under (the requested model, else the answering one). */
  model: 'aigo.cost.model',
  /** True on a priced call; an unpriced call has no `aigo.cost.*` attribute at all. */
  priced: 'aigo.cost.priced',
  total: 'aigo.cost.total',
  input: 'aigo.cost.input',
  cached: 'aigo.cost.cached',
  cacheWrite: 'aigo.cost.cache_write',
  output: 'aigo.cost.output',
  reasoning: 'aigo.cost.reasoning',
  currency: 'aigo.cost.currency',
  /** `application` or `provider`. */
  priceSource: 'aigo.cost.price_source',
  /** The price list's provider, its date and the entry the model matched (provider prices). */
  priceProvider: 'aigo.cost.price_provider',
  priceDate: 'aigo.cost.price_date',
  priceModel: 'aigo.cost.price_model',
  /** Rates per million tokens that applied (the tier's, when a tier applied). */
  inputRate: 'aigo.price.input_per_million',
  outputRate: 'aigo.price.output_per_million',
  cachedRate: 'aigo.price.cached_input_per_million',
  reasoningRate: 'aigo.price.reasoning_per_million',
  cacheWrite5mRate: 'aigo.price.cache_write_5m_per_million',
  cacheWrite1hRate: 'aigo.price.cache_write_1h_per_million',
  /** What a second of run time costs (the client's `computeCost`). */
  computeRate: 'aigo.price.compute_per_second',
  /**
   * True on a failed call whose tokens the provider billed (its error carried usage): its cost is in
   * the run's total like an answered call's.
   */
  billedFailure: 'aigo.cost.billed_failure',
  /** Token counts beside `gen_ai.usage.input_tokens` / `output_tokens`. */
  cachedTokens: 'aigo.usage.cached_tokens',
  cacheWriteTokens: 'aigo.usage.cache_write_tokens',
  reasoningTokens: 'aigo.usage.reasoning_tokens',
} as const);

type MutableAttributes = Record<string, AttributeValue>;

/**
 * Adds the cost attributes of one answered call to `attributes` (see {@link ATTR_AIGO_COST}). A
 * routed call (a fallback's entry) is priced and named by its `key` (`openai:gpt-4o`).
 */
export function addCostAttributes(
  attributes: MutableAttributes,
  pricer: CallPricer,
  request: ChatRequest,
  response: Pick<ChatResponse, 'model' | 'usage'>,
  key?: string,
): void {
  const requested = request.model;
  const answered = typeof response.model === 'string' ? response.model : '';
  const model = key ?? (requested !== '' ? requested : answered);
  const usage = response.usage;
  if (usage !== undefined) {
    if (usage.cachedTokens !== undefined) {
      attributes[ATTR_AIGO_COST.cachedTokens] = usage.cachedTokens;
    }
    if (usage.reasoningTokens !== undefined) {
      attributes[ATTR_AIGO_COST.reasoningTokens] = usage.reasoningTokens;
    }
    const writes = (usage.cacheWrite5mTokens ?? 0) + (usage.cacheWrite1hTokens ?? 0);
    if (writes > 0) attributes[ATTR_AIGO_COST.cacheWriteTokens] = writes;
  }
  const price =
    key === undefined
      ? pricer.price(model, answered === '' ? model : answered)
      : pricer.price(requested, answered === '' ? requested : answered, key);
  // Unpriced: nothing (an observer reads a missing `aigo.cost.priced` as "no price").
  if (price === undefined) return;
  attributes[ATTR_AIGO_COST.model] = model;
  attributes[ATTR_AIGO_COST.priced] = true;
  addSource(attributes, price.source);
  if (usage === undefined) return;
  const cost = computeModelCost(usage, price.cost);
  attributes[ATTR_AIGO_COST.total] = cost.totalCost;
  attributes[ATTR_AIGO_COST.input] = cost.inputCost;
  attributes[ATTR_AIGO_COST.cached] = cost.cachedCost;
  attributes[ATTR_AIGO_COST.cacheWrite] = cost.cacheWriteCost;
  attributes[ATTR_AIGO_COST.output] = cost.outputCost;
  attributes[ATTR_AIGO_COST.reasoning] = cost.reasoningCost;
  attributes[ATTR_AIGO_COST.currency] = cost.currency;
  const base = price.cost;
  const tier = cost.tier;
  attributes[ATTR_AIGO_COST.inputRate] = tier?.inputCostPerMillion ?? base.inputCostPerMillion;
  attributes[ATTR_AIGO_COST.outputRate] = tier?.outputCostPerMillion ?? base.outputCostPerMillion;
  const cached = tier?.cachedInputCostPerMillion ?? base.cachedInputCostPerMillion;
  if (cached !== undefined) attributes[ATTR_AIGO_COST.cachedRate] = cached;
  const reasoning = tier?.reasoningCostPerMillion ?? base.reasoningCostPerMillion;
  if (reasoning !== undefined) attributes[ATTR_AIGO_COST.reasoningRate] = reasoning;
  const write5m = tier?.cacheWrite5mCostPerMillion ?? base.cacheWrite5mCostPerMillion;
  if (write5m !== undefined) attributes[ATTR_AIGO_COST.cacheWrite5mRate] = write5m;
  const write1h = tier?.cacheWrite1hCostPerMillion ?? base.cacheWrite1hCostPerMillion;
  if (write1h !== undefined) attributes[ATTR_AIGO_COST.cacheWrite1hRate] = write1h;
}

function addSource(attributes: MutableAttributes, source: PriceSource): void {
  attributes[ATTR_AIGO_COST.priceSource] = source.source;
  if (source.source !== 'provider') return;
  attributes[ATTR_AIGO_COST.priceProvider] = source.provider;
  if (source.date !== undefined) attributes[ATTR_AIGO_COST.priceDate] = source.date;
  if (source.model !== undefined) attributes[ATTR_AIGO_COST.priceModel] = source.model;
}
