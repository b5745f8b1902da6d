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
 * What a model costs per million tokens. Cached prompt tokens are billed at the cached rate instead
 * of the input rate, and prompt tokens written to a cache at the cache-write rate of its lifetime
 * (5 minutes or 1 hour; the input rate when unset); reasoning tokens, part of the output, at the
 * reasoning rate when it is set. `tiers` pick other rates by each request's prompt size (Gemini's
 * long-context prices).
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
}

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

/** The cost of one model inside a run. */
export interface ModelCostBreakdown {
  readonly requests: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly cachedTokens: number;
  /** Prompt tokens written to a cache (both lifetimes). */
  readonly cacheWriteTokens: number;
  readonly reasoningTokens: number;
  readonly inputCost: number;
  readonly outputCost: number;
  readonly cachedCost: number;
  readonly cacheWriteCost: number;
  readonly reasoningCost: number;
  readonly totalCost: number;
  /** False when no price was known: the model contributes no cost. */
  readonly priced: boolean;
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
  /** Models used without a known price. */
  readonly unpricedModels: readonly string[];
  readonly computeCost: number;
  readonly executionDurationSeconds: number;
  readonly totalCost: number;
  readonly currency: string;
}
