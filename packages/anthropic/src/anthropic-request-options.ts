import { type ChatRequest, ValidationError } from '@aigo/ai';
import { isRecord, readProviderRequestOptions } from '@aigo/http';
import { isBetaList } from './anthropic-options.js';

/**
 * Per-request settings for Anthropic, passed as `request.providerOptions.anthropic`. Every key is
 * optional; unknown keys are rejected so that a typo does not silently do nothing.
 *
 * ```ts
 * await provider.sendMessage({
 *   model: 'claude-sonnet-4-5',
 *   messages,
 *   providerOptions: { anthropic: { cache: { ttl: '1h' }, parallelToolCalls: false } },
 * });
 * ```
 */
export interface AnthropicRequestOptions {
  /**
   * Automatic prompt-cache breakpoints on the stable prefix: the tools, the system prompt, the
   * conversation up to its last turn and the last message (at most four breakpoints with the ones
   * set on parts). `false` sends none (explicit `cacheControl` on parts still goes); an object sets
   * the lifetime of the automatic ones. Default: on, 5 minutes.
   */
  readonly cache?: boolean | { readonly ttl?: '5m' | '1h' };
  /** `false` asks for at most one tool call per turn (`disable_parallel_tool_use`). */
  readonly parallelToolCalls?: boolean;
  /** Sample from the top K options only (`top_k`). */
  readonly topK?: number;
  /** An opaque id of the end user (`metadata.user_id`), for Anthropic's abuse detection. */
  readonly userId?: string;
  /** Beta features for this request, added to the provider's `anthropic-beta` header. */
  readonly betas?: readonly string[];
  /** Let the answer cite every document part of the request (`citations.enabled`). */
  readonly citations?: boolean;
  /**
   * How a JSON response format with a schema is asked for: `native` (`output_config.format`) or
   * `tool` (a forced tool whose input is the answer). Default: `native` for the models that take
   * it (Claude 4.5 and later, Opus 4.1), else `tool`.
   */
  readonly structuredOutput?: 'native' | 'tool';
  /** Reuse a code-execution container by id (`container`). */
  readonly container?: string;
  /** `service_tier`: `auto` or `standard_only`. */
  readonly serviceTier?: 'auto' | 'standard_only';
  /** Extra top-level body fields, merged last (a field this version does not know yet). */
  readonly extraBody?: { readonly [key: string]: unknown };
}

const KEYS: readonly string[] = [
  'cache',
  'parallelToolCalls',
  'topK',
  'userId',
  'betas',
  'citations',
  'structuredOutput',
  'container',
  'serviceTier',
  'extraBody',
];

const NONE: AnthropicRequestOptions = Object.freeze({});

/**
 * Reads and validates `request.providerOptions[providerId]`.
 *
 * @throws ValidationError naming the option (`request.providerOptions.anthropic.topK`).
 */
export function parseAnthropicRequestOptions(
  request: ChatRequest,
  providerId: string,
): AnthropicRequestOptions {
  const raw = readProviderRequestOptions(request, providerId, KEYS);
  if (raw === undefined) return NONE;
  const where = `request.providerOptions.${providerId}`;
  const cache = raw.cache;
  if (cache !== undefined && typeof cache !== 'boolean') {
    if (!isRecord(cache))
      throw new ValidationError(`${where}.cache`, 'must be a boolean or { ttl }');
    for (const key of Object.keys(cache)) {
      if (key !== 'ttl') throw new ValidationError(`${where}.cache.${key}`, 'is not an option');
    }
    if (cache.ttl !== undefined && cache.ttl !== '5m' && cache.ttl !== '1h') {
      throw new ValidationError(`${where}.cache.ttl`, 'must be "5m" or "1h"');
    }
  }
  for (const key of ['parallelToolCalls', 'citations'] as const) {
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean') {
      throw new ValidationError(`${where}.${key}`, 'must be a boolean');
    }
  }
  if (
    raw.topK !== undefined &&
    (typeof raw.topK !== 'number' || !Number.isInteger(raw.topK) || raw.topK < 1)
  ) {
    throw new ValidationError(`${where}.topK`, 'must be a positive integer');
  }
  for (const key of ['userId', 'container'] as const) {
    if (raw[key] !== undefined && (typeof raw[key] !== 'string' || raw[key] === '')) {
      throw new ValidationError(`${where}.${key}`, 'must be a non-empty string');
    }
  }
  if (raw.betas !== undefined && !isBetaList(raw.betas)) {
    throw new ValidationError(`${where}.betas`, 'must be an array of beta names');
  }
  if (
    raw.structuredOutput !== undefined &&
    raw.structuredOutput !== 'native' &&
    raw.structuredOutput !== 'tool'
  ) {
    throw new ValidationError(`${where}.structuredOutput`, 'must be "native" or "tool"');
  }
  if (
    raw.serviceTier !== undefined &&
    raw.serviceTier !== 'auto' &&
    raw.serviceTier !== 'standard_only'
  ) {
    throw new ValidationError(`${where}.serviceTier`, 'must be "auto" or "standard_only"');
  }
  if (raw.extraBody !== undefined && !isRecord(raw.extraBody)) {
    throw new ValidationError(`${where}.extraBody`, 'must be an object');
  }
  return raw as AnthropicRequestOptions;
}
