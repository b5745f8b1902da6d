import { type ModelLimits, type Provider, ValidationError } from '@aigo/ai';
import type { ContextStrategy } from './context-strategy.js';
import { slidingWindow } from './sliding-window.js';

/**
 * The `context` option of `createClient` (and `createReAct`): the input budget of every request and
 * the strategies that fit a request into it.
 */
export interface ContextOptions {
  /**
   * The budget of a request's input: a number of tokens (an integer ≥ 1), or a fraction of the
   * model's context window (a number in (0, 1)). Default: the window minus the requested output
   * (`maxOutputTokens`, else the model's maximum output). A fraction or the default with a model
   * whose window the provider does not know trims nothing.
   */
  readonly maxTokens?: number;
  /** The strategies, in order (default: `[slidingWindow()]`). Each runs only while over budget. */
  readonly strategies?: readonly ContextStrategy[];
}

/** The checked `context` option. */
export interface CheckedContextOptions {
  /** Tokens (≥ 1), a fraction of the window (< 1), or `undefined`: the window minus the output. */
  readonly maxTokens: number | undefined;
  readonly strategies: readonly ContextStrategy[];
  /** Whether the application set `context` (else it is the default of a client with a memory). */
  readonly explicit: boolean;
}

/** The default policy: a sliding window at the window minus the requested output. */
export const DEFAULT_CONTEXT: CheckedContextOptions = Object.freeze({
  maxTokens: undefined,
  strategies: Object.freeze([slidingWindow()]),
  explicit: false,
});

/**
 * Checks the `context` option.
 *
 * @throws ValidationError naming `context`, `context.maxTokens` or `context.strategies[i]`.
 */
export function checkContextOptions(
  options: ContextOptions | undefined,
  argument = 'context',
): CheckedContextOptions | undefined {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError(argument, 'must be an object { maxTokens?, strategies? }');
  }
  for (const key of Object.keys(options)) {
    if (key !== 'maxTokens' && key !== 'strategies') {
      throw new ValidationError(`${argument}.${key}`, 'is not a context option');
    }
  }
  const { maxTokens, strategies } = options;
  if (
    maxTokens !== undefined &&
    (typeof maxTokens !== 'number' ||
      !Number.isFinite(maxTokens) ||
      maxTokens <= 0 ||
      (maxTokens >= 1 && !Number.isSafeInteger(maxTokens)))
  ) {
    throw new ValidationError(
      `${argument}.maxTokens`,
      `must be a whole number of tokens (≥ 1) or a fraction of the window in (0, 1), got ${String(maxTokens)}`,
    );
  }
  if (strategies !== undefined && !Array.isArray(strategies)) {
    throw new ValidationError(`${argument}.strategies`, 'must be an array of context strategies');
  }
  (strategies ?? []).forEach((strategy: unknown, index) => {
    const candidate = strategy as Partial<ContextStrategy> | null;
    if (
      candidate === null ||
      typeof candidate !== 'object' ||
      typeof candidate.apply !== 'function' ||
      typeof candidate.name !== 'string'
    ) {
      throw new ValidationError(
        `${argument}.strategies[${index}]`,
        'must be a context strategy (slidingWindow(), compactToolResults(), summarize() or { name, apply })',
      );
    }
  });
  return Object.freeze({
    maxTokens,
    strategies: Object.freeze([...(strategies ?? DEFAULT_CONTEXT.strategies)]),
    explicit: true,
  });
}

/** The limits of `model` as the provider knows them; a provider that throws knows none. */
export function providerModelLimits(provider: Provider, model: string): ModelLimits | undefined {
  if (typeof provider.modelLimits !== 'function') return undefined;
  try {
    return provider.modelLimits(model);
  } catch {
    return undefined;
  }
}

/**
 * A request's input budget in tokens, or `undefined` when nothing is to be trimmed: a number of
 * tokens as given; a fraction of a known window; by default the window minus the requested output.
 */
export function resolveBudget(
  options: CheckedContextOptions,
  limits: ModelLimits | undefined,
  maxOutputTokens: number | undefined,
): number | undefined {
  const { maxTokens } = options;
  if (maxTokens !== undefined && maxTokens >= 1) return maxTokens;
  const window = limits?.contextWindow;
  if (window === undefined || !(window > 0)) return undefined;
  if (maxTokens !== undefined) return Math.max(1, Math.floor(window * maxTokens));
  const output = maxOutputTokens ?? limits?.maxOutputTokens ?? 0;
  return output < window ? window - output : Math.max(1, Math.floor(window / 2));
}
