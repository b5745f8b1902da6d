import { checkModelLimitsOption, type ModelLimitsOption, ValidationError } from '@aigo/ai';
import type { HttpClientOptions } from '@aigo/http';
import { type AnthropicPrices, validateAnthropicPrices } from './prices/anthropic-price-list.js';
import { isRecord } from './shared/json-guards.js';

/**
 * Options of {@link anthropic}. Every option is optional: `anthropic()` alone talks to
 * api.anthropic.com with `ANTHROPIC_API_KEY`. Explicit options always win over the environment.
 */
export interface AnthropicProviderOptions {
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
  /** Extra headers sent with every request (a gateway's own header). */
  readonly headers?: { readonly [name: string]: string };
  /** The model used when a request's `model` is empty. */
  readonly defaultModel?: string;
  /** The default deadline of each call in milliseconds (10 minutes unless set). */
  readonly timeoutMs?: number;
  /**
   * Whose list prices `modelCost(model)` answers with: `'auto'` (the default) Anthropic's for
   * api.anthropic.com and none for any other server; `'anthropic'` Anthropic's (a gateway that
   * forwards to Anthropic); `false` none.
   */
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
  /**
   * An undici `Dispatcher` to send requests through (a `ProxyAgent`, a shared `Agent`). The provider
   * does not close a dispatcher it was given.
   */
  readonly dispatcher?: HttpClientOptions['dispatcher'];
}

/** A beta feature's name as the header takes it. */
export const BETA_NAME = /^[\w.-]+$/;

/**
 * Checks the options of `anthropic()`.
 *
 * @throws ValidationError naming the first option of the wrong kind (`options.betas`,
 * `options.headers.x-name`, …). The base URL is checked where it is resolved, with the environment.
 */
export function validateAnthropicProviderOptions(options: AnthropicProviderOptions): void {
  if (!isRecord(options as unknown)) throw new ValidationError('options', 'must be an object');
  for (const key of ['apiKey', 'baseURL', 'apiVersion', 'defaultModel'] as const) {
    const value = options[key];
    if (value !== undefined && typeof value !== 'string') {
      throw new ValidationError(`options.${key}`, 'must be a string');
    }
  }
  if (
    options.betas !== undefined &&
    (!Array.isArray(options.betas) ||
      options.betas.some((beta) => typeof beta !== 'string' || !BETA_NAME.test(beta)))
  ) {
    throw new ValidationError('options.betas', 'must be an array of beta names');
  }
  if (options.headers !== undefined) {
    if (!isRecord(options.headers as unknown)) {
      throw new ValidationError('options.headers', 'must be an object');
    }
    for (const [name, value] of Object.entries(options.headers)) {
      if (typeof value !== 'string') {
        throw new ValidationError(`options.headers.${name}`, 'must be a string');
      }
    }
  }
  validateAnthropicPrices(options.prices);
  checkModelLimitsOption(options.modelLimits);
  if (
    options.countTokens !== undefined &&
    options.countTokens !== 'estimate' &&
    options.countTokens !== 'endpoint'
  ) {
    throw new ValidationError('options.countTokens', "must be 'estimate' or 'endpoint'");
  }
  if (
    options.timeoutMs !== undefined &&
    (typeof options.timeoutMs !== 'number' || !(options.timeoutMs > 0))
  ) {
    throw new ValidationError('options.timeoutMs', 'must be a positive number of milliseconds');
  }
  const pauses = options.maxPauseContinuations;
  if (
    pauses !== undefined &&
    (typeof pauses !== 'number' || !Number.isInteger(pauses) || pauses < 0)
  ) {
    throw new ValidationError('options.maxPauseContinuations', 'must be a non-negative integer');
  }
}
