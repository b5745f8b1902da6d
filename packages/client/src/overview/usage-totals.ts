import type { Usage } from '@aigo/ai';

const OPTIONAL = [
  'cachedTokens',
  'cacheWrite5mTokens',
  'cacheWrite1hTokens',
  'reasoningTokens',
  'inputAudioTokens',
  'inputImageTokens',
  'outputAudioTokens',
  'outputImageTokens',
] as const;
type OptionalCount = (typeof OPTIONAL)[number];

/**
 * Running token totals. Optional counts (cached, cache writes, reasoning) stay absent from
 * {@link toUsage} until some usage reported them; invalid counts (negative, `NaN`) are read as 0.
 */
export class UsageTotals {
  promptTokens = 0;
  completionTokens = 0;
  totalTokens = 0;
  readonly #optional: { [K in OptionalCount]?: number } = {};

  add(usage: Usage): void {
    this.promptTokens += count(usage.promptTokens);
    this.completionTokens += count(usage.completionTokens);
    this.totalTokens += count(usage.totalTokens);
    for (const key of OPTIONAL) {
      const value = usage[key];
      if (value !== undefined) this.#optional[key] = (this.#optional[key] ?? 0) + count(value);
    }
  }

  merge(other: UsageTotals): void {
    this.add(other.toUsage());
  }

  /** A count, 0 when never reported. */
  get(key: OptionalCount): number {
    return this.#optional[key] ?? 0;
  }

  toUsage(): Usage {
    const usage: { -readonly [K in keyof Usage]: Usage[K] } = {
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
      totalTokens: this.totalTokens,
    };
    // Reasoning first, then cached, as the usage objects of earlier versions were written.
    for (const key of [
      'reasoningTokens',
      'cachedTokens',
      'cacheWrite5mTokens',
      'cacheWrite1hTokens',
      'inputAudioTokens',
      'inputImageTokens',
      'outputAudioTokens',
      'outputImageTokens',
    ] as const) {
      const value = this.#optional[key];
      if (value !== undefined) usage[key] = value;
    }
    return usage;
  }
}

/** A token count as a non-negative finite number (anything else is 0). */
export function count(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}
