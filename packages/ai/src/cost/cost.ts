import type { Usage } from '../chat/usage.js';

/** A price step: from `aboveTokens` prompt tokens on, these rates apply instead. */
export interface ModelCostTier {
  /** The tier applies when a request's prompt has more than this many tokens. */
  readonly aboveTokens: number;
  readonly inputCostPerMillion: number;
  readonly outputCostPerMillion: number;
  readonly cachedInputCostPerMillion?: number;
  readonly reasoningCostPerMillion?: number;
  readonly cacheWrite5mCostPerMillion?: number;
  readonly cacheWrite1hCostPerMillion?: number;
}

/**
 * Where a price table's rates come from: the price list, its entry for the model, and the date of
 * the data. Set on the `ModelCost` values a provider's `modelCost(model)` returns.
 */
export interface PriceOrigin {
  /**
   * Whose list price it is, as the price database names the provider: `openai`, `google`,
   * `deepseek`, `openrouter`, …
   */
  readonly provider: string;
  /** The list's entry the model name matched (`gpt-4o-mini` for `gpt-4o-mini-2024-07-18`). */
  readonly model: string;
  /** The date of the price data, `YYYY-MM-DD`. */
  readonly date: string;
}

/**
 * What a model costs per million tokens. Cached prompt tokens are billed at the cached rate instead
 * of the input rate, and prompt tokens written to a cache at the cache-write rate of its lifetime
 * (5 minutes or 1 hour; the input rate when unset); reasoning tokens, part of the output, at the
 * reasoning rate when it is set. `tiers` pick other rates by each request's prompt size (long-context
 * prices).
 */
export interface ModelCost {
  readonly inputCostPerMillion: number;
  readonly outputCostPerMillion: number;
  readonly cachedInputCostPerMillion?: number;
  readonly reasoningCostPerMillion?: number;
  readonly cacheWrite5mCostPerMillion?: number;
  readonly cacheWrite1hCostPerMillion?: number;
  readonly tiers?: readonly ModelCostTier[];
  /** ISO currency code; default `USD`. */
  readonly currency?: string;
  /** Where the rates come from, when a provider's price table supplied them. */
  readonly origin?: PriceOrigin;
}

/**
 * Where the price of a call came from: the application (`modelCost` of the client, or the
 * `AIGO_MODEL_*` environment variables), or the provider's price table (`Provider.modelCost`), with
 * the list it came from and the date of its data.
 */
export type PriceSource =
  | { readonly source: 'application' }
  | {
      readonly source: 'provider';
      /** The price list's provider (`openai`, `google`, `deepseek`, …), or the provider's `id`. */
      readonly provider: string;
      /** The date of the price data (`YYYY-MM-DD`), when the provider gave one. */
      readonly date?: string;
      /** The price list's entry the model matched, when the provider gave one. */
      readonly model?: string;
    };

/** A client's prices: one for every model, or one per model name. */
export type ModelCosts = ModelCost | { readonly [model: string]: ModelCost };

/** What a second of wall-clock run time costs (the machine the agent runs on). */
export interface ComputeCost {
  readonly costPerSecond: number;
}

/** What one call of a tool costs and how good and fast it is; optional on every tool. */
export interface ToolMetrics {
  /** Cost of one call. */
  readonly amount: number;
  /** ISO currency code, e.g. `USD`. */
  readonly currency: string;
  readonly costDescription?: string;
  /** 0–1, how often the tool's answer is right. */
  readonly accuracy?: number;
  readonly averageDurationInMillis?: number;
}

/** A model's cost by kind, in one currency: every token billed exactly once. */
export interface ModelCostParts {
  /** Prompt tokens neither read from nor written to a cache, at the input rate. */
  readonly inputCost: number;
  /** Cached prompt tokens at the cached rate (0 when the model has no cached rate). */
  readonly cachedCost: number;
  /**
   * Prompt tokens written to a cache at the cache-write rate of their lifetime (5 minutes, 1 hour;
   * 0 when the model has no such rate: they are billed at the input rate then).
   */
  readonly cacheWriteCost: number;
  /** Completion tokens other than reasoning at the output rate (all of them without a reasoning rate). */
  readonly outputCost: number;
  /** Reasoning tokens at the reasoning rate (0 when the model has no reasoning rate). */
  readonly reasoningCost: number;
}

/** The cost of one model inside a run: its calls' costs summed kind by kind. */
export interface ModelCostBreakdown extends ModelCostParts {
  readonly requests: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cachedTokens: number;
  /** Prompt tokens written to a cache (both lifetimes). */
  readonly cacheWriteTokens: number;
  readonly reasoningTokens: number;
  readonly totalCost: number;
  /** False when some call of this model had no known price: those calls add no cost. */
  readonly priced: boolean;
  /** Calls of this model that had no known price. */
  readonly unpricedRequests: number;
  /**
   * Where this model's prices came from, one entry per distinct source, in the order first seen
   * (empty when no call was priced).
   */
  readonly priceSources: readonly PriceSource[];
}

/**
 * One agent's own part of a run's cost (`CostSummary.byAgent`): its model calls, tool calls and
 * compute, without the sub-agents it called (they have their own entries).
 */
export interface AgentCostBreakdown {
  /** The agents from the run's own down to this one, outermost first. */
  readonly path: readonly string[];
  /** Tokens of this agent's model calls; `undefined` when unknown (a remote agent). */
  readonly usage: Usage | undefined;
  readonly totalModelCost: number;
  readonly totalToolCost: number;
  readonly computeCost: number;
  /** Models, tools and compute; a lower bound when `complete` is false. */
  readonly totalCost: number;
  /** False when some of this agent's cost is unknown (unpriced calls, a remote agent that reported none). */
  readonly complete: boolean;
}

/** Everything a run cost, by kind and by model. */
export interface CostSummary {
  readonly toolCosts: { readonly [toolName: string]: number };
  readonly toolExecutionCount: { readonly [toolName: string]: number };
  readonly totalToolCost: number;
  /** Prompt tokens neither read from nor written to a cache. */
  readonly modelInputCost: number;
  /** Completion tokens other than reasoning (all of them when no reasoning rate is set). */
  readonly modelOutputCost: number;
  readonly modelCachedCost: number;
  /** Prompt tokens written to a cache, at the cache-write rates. */
  readonly modelCacheWriteCost: number;
  readonly modelReasoningCost: number;
  readonly totalModelCost: number;
  readonly byModel: { readonly [model: string]: ModelCostBreakdown };
  /** Models used without a known price (for some or all of their calls). */
  readonly unpricedModels: readonly string[];
  /** Model calls that had no known price: they add nothing to the totals. */
  readonly unpricedCalls: number;
  /** Model calls whose response reported no usage: their cost is unknown, so they add nothing. */
  readonly callsWithoutUsage: number;
  /**
   * True when `totalCost` is the whole cost of what was recorded: every call was priced and
   * reported its usage, and no amount is in another currency (`costsInOtherCurrencies()`). When
   * false, `totalCost` is only a lower bound — say "cost unknown for …", never show it as the cost.
   */
  readonly complete: boolean;
  readonly computeCost: number;
  readonly executionDurationSeconds: number;
  readonly totalCost: number;
  readonly currency: string;
  /**
   * The run's cost by agent, when it called agents as tools (`agentTool`, remote agents): one entry
   * per agent path (`writer`, `writer/researcher`), each the agent's own part. The entries add up to
   * the summary's totals; the summary's totals include every sub-run's.
   */
  readonly byAgent?: { readonly [agentPath: string]: AgentCostBreakdown };
}
