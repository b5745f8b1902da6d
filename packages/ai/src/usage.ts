/**
 * Token counts of one model call. `cachedTokens` is a subset of `promptTokens` and `reasoningTokens`
 * a subset of `completionTokens`, so cost never counts a token twice. A count the provider did not
 * report is `undefined`, never `NaN` and never a made-up 0.
 */
export interface Usage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
  readonly reasoningTokens?: number;
  readonly cachedTokens?: number;
}

/** Adds two usages; optional counts stay `undefined` only when both sides lack them. */
export function addUsage(a: Usage | undefined, b: Usage | undefined): Usage | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const sum: {
    promptTokens: number;
    completionTokens: number;
    totalTokens: number;
    reasoningTokens?: number;
    cachedTokens?: number;
  } = {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
  if (a.reasoningTokens !== undefined || b.reasoningTokens !== undefined) {
    sum.reasoningTokens = (a.reasoningTokens ?? 0) + (b.reasoningTokens ?? 0);
  }
  if (a.cachedTokens !== undefined || b.cachedTokens !== undefined) {
    sum.cachedTokens = (a.cachedTokens ?? 0) + (b.cachedTokens ?? 0);
  }
  return sum;
}
