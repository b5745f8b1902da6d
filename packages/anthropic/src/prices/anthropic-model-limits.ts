import type { ModelLimits, PriceList } from '@aigo/ai';
import { claudeVersion, defaultMaxTokens } from '../shared/anthropic-model-support.js';

/** The window the `context-1m-…` beta gives the models that take it. */
const ONE_MILLION = 1_000_000;
/** The beta features that open a 1M-token window (`context-1m-2025-08-07`). */
const LONG_CONTEXT_BETA = /^context-1m-/;

/**
 * Whether `model` takes the 1M-token window of the `context-1m-…` beta: Claude Sonnet 4 and 4.5
 * (later models have that window without a beta, and the price data says so).
 */
function takesLongContextBeta(model: string): boolean {
  const claude = claudeVersion(model);
  return claude?.family === 'sonnet' && claude.version >= 4 && claude.version < 4.6;
}

/**
 * The context window and output limit of a Claude model from the price list (the same maintained
 * model data as the prices): the window the data gives — 1M when the provider sends a `context-1m-…`
 * beta and the model takes it — and the output limit of the model's family (the `max_tokens` sent
 * when a request sets none), since the data has no output limits for Claude. `undefined` for a model
 * the list does not know.
 */
export function claudeModelLimits(
  prices: PriceList | undefined,
  model: string,
  betas: readonly string[],
): ModelLimits | undefined {
  const listed = prices?.modelLimits(model);
  if (listed === undefined) return undefined;
  let contextWindow = listed.contextWindow;
  if (
    contextWindow !== undefined &&
    contextWindow < ONE_MILLION &&
    takesLongContextBeta(model) &&
    betas.some((beta) => LONG_CONTEXT_BETA.test(beta))
  ) {
    contextWindow = ONE_MILLION;
  }
  const maxOutputTokens =
    listed.maxOutputTokens ??
    (claudeVersion(model) === undefined ? undefined : defaultMaxTokens(model));
  return Object.freeze({
    ...(contextWindow === undefined ? {} : { contextWindow }),
    ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
  });
}
