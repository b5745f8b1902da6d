import {
  checkModelLimitsOption,
  type ModelLimitsOption,
  type PriceListChoice,
  ValidationError,
} from '@aigo/ai';
import { checkProviderOptions, type ProviderConnectionOptions } from '@aigo/http';
import type { AnthropicPriceListId } from './prices/anthropic-prices.generated.js';

/**
 * Whose list prices `modelCost(model)` answers with: `'auto'` (the default) Anthropic's for
 * api.anthropic.com and none for any other server; `'anthropic'` Anthropic's (a gateway that
 * forwards to Anthropic); `false` none.
 */
export type AnthropicPrices = PriceListChoice<AnthropicPriceListId>;

/**
 * Options of {@link anthropic}. Every option is optional: `anthropic()` alone talks to
 * api.anthropic.com with `ANTHROPIC_API_KEY`. Explicit options always win over the environment;
 * `headers`, `timeoutMs` and `dispatcher` are those of every adapter.
 */
export interface AnthropicOptions extends ProviderConnectionOptions {
  /**
   * The API key, sent as `x-api-key`. Default: the `ANTHROPIC_API_KEY` environment variable, read at
   * the first call; a missing key fails that call before any request, with an error naming it.
   */
  readonly apiKey?: string;
  /**
   * The API's base URL, to which `/v1/messages` is appended. Default: `ANTHROPIC_BASE_URL` (the
   * official SDKs' variable), then `https://api.anthropic.com`.
   */
  readonly baseURL?: string;
  /** The `anthropic-version` header. Default `2023-06-01`, the current version of the API. */
  readonly apiVersion?: string;
  /** Beta features for every request (`anthropic-beta`, comma-joined), e.g. `context-1m-2025-08-07`. */
  readonly betas?: readonly string[];
  /** The model used when a request's `model` is empty. */
  readonly defaultModel?: string;
  /** Whose list prices `modelCost(model)` answers with: see {@link AnthropicPrices}. */
  readonly prices?: AnthropicPrices;
  /**
   * Context windows and output limits by model name, over those of the price list `prices` picked
   * (`modelLimits(model)`; a client fits its requests into them). For a model neither knows, a
   * client trims nothing unless the application sets a budget.
   */
  readonly modelLimits?: ModelLimitsOption;
  /**
   * How `countTokens(request)` counts: `'estimate'` (the default) without a request — about 3.5
   * characters a token, each message apart; `'endpoint'` with Anthropic's
   * `POST /v1/messages/count_tokens` (exact; one request per request not counted before — counts are
   * kept per request prefix).
   */
  readonly countTokens?: 'estimate' | 'endpoint';
  /**
   * How many times `sendMessage` continues a turn the API paused (`stop_reason: pause_turn`, a
   * long server-tool turn) before it returns the paused answer. Default 5.
   */
  readonly maxPauseContinuations?: number;
}

/** A beta feature's name as the header takes it. */
const BETA_NAME = /^[\w.-]+$/;

/** True for an array of beta feature names. */
export function isBetaList(value: unknown): value is readonly string[] {
  return (
    Array.isArray(value) && value.every((beta) => typeof beta === 'string' && BETA_NAME.test(beta))
  );
}

/**
 * Checks the options of `anthropic()`: those of every adapter (`checkProviderOptions`), then
 * Anthropic's own. The base URL and `prices` are checked where they are resolved.
 *
 * @throws ValidationError naming the first option of the wrong kind (`options.betas`,
 * `options.headers.x-name`, …), or one `anthropic()` does not take.
 */
export function validateAnthropicOptions(options: AnthropicOptions): void {
  checkProviderOptions(options, {
    factory: 'anthropic',
    known: [
      'apiVersion',
      'betas',
      'defaultModel',
      'prices',
      'modelLimits',
      'countTokens',
      'maxPauseContinuations',
    ],
    strings: ['apiVersion', 'defaultModel'],
  });
  if (options.betas !== undefined && !isBetaList(options.betas)) {
    throw new ValidationError('options.betas', 'must be an array of beta names');
  }
  checkModelLimitsOption(options.modelLimits);
  if (
    options.countTokens !== undefined &&
    options.countTokens !== 'estimate' &&
    options.countTokens !== 'endpoint'
  ) {
    throw new ValidationError('options.countTokens', "must be 'estimate' or 'endpoint'");
  }
  const pauses = options.maxPauseContinuations;
  if (
    pauses !== undefined &&
    (typeof pauses !== 'number' || !Number.isInteger(pauses) || pauses < 0)
  ) {
    throw new ValidationError('options.maxPauseContinuations', 'must be a non-negative integer');
  }
}
