/**
 * Token counts of one model call. `cachedTokens` (prompt tokens read from the provider's cache) and
 * the cache-write counts (prompt tokens written to it, for 5 minutes or for 1 hour) are disjoint
 * subsets of `promptTokens`; `reasoningTokens` is a subset of `completionTokens`. So cost never
 * counts a token twice: each prompt token is billed once, at the input, cache-read or cache-write
 * rate. A count the provider did not report is `undefined`, never `NaN` and never a made-up 0.
 */
export interface Usage {
  readonly promptTokens: number;
  readonly completionTokens: number;
  readonly totalTokens: number;
  readonly reasoningTokens?: number;
  readonly cachedTokens?: number;
  /** Prompt tokens written to a cache that lives 5 minutes (Anthropic's default cache). */
  readonly cacheWrite5mTokens?: number;
  /** Prompt tokens written to a cache that lives 1 hour. */
  readonly cacheWrite1hTokens?: number;
  /** Prompt tokens that were audio (a subset of `promptTokens`). */
  readonly inputAudioTokens?: number;
  /** Prompt tokens that were images (a subset of `promptTokens`). */
  readonly inputImageTokens?: number;
  /** Completion tokens that were audio (a subset of `completionTokens`). */
  readonly outputAudioTokens?: number;
  /** Completion tokens that were images (a subset of `completionTokens`). */
  readonly outputImageTokens?: number;
}

type MutableUsage = { -readonly [K in keyof Usage]: Usage[K] };
const OPTIONAL_COUNTS = [
  'reasoningTokens',
  'cachedTokens',
  'cacheWrite5mTokens',
  'cacheWrite1hTokens',
  'inputAudioTokens',
  'inputImageTokens',
  'outputAudioTokens',
  'outputImageTokens',
] as const;

/** Adds two usages; optional counts stay `undefined` only when both sides lack them. */
export function addUsage(a: Usage | undefined, b: Usage | undefined): Usage | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const sum: MutableUsage = {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
  for (const key of OPTIONAL_COUNTS) {
    const left = a[key];
    const right = b[key];
    if (left !== undefined || right !== undefined) sum[key] = (left ?? 0) + (right ?? 0);
  }
  return sum;
}
