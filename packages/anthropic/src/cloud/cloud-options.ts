import { ValidationError } from '@aigo/ai';
import { checkProviderOptions, type ProviderConnectionOptions } from '@aigo/http';
import { isBetaList } from '../anthropic-options.js';

/** The options Claude on every cloud takes besides the cloud's own. */
export interface AnthropicCloudOptions extends Omit<ProviderConnectionOptions, 'apiKey'> {
  /** The model used when a request's `model` is empty (the cloud's model id). */
  readonly defaultModel?: string;
  /** Beta features for every request, e.g. `context-1m-2025-08-07`. */
  readonly betas?: readonly string[];
}

/**
 * Checks the options of a cloud factory: those of every adapter, the shared Claude options, then the
 * factory's own `known` keys (checked further by the caller).
 *
 * @throws ValidationError naming the first bad option.
 */
export function checkCloudOptions(
  options: unknown,
  factory: string,
  known: readonly string[],
  strings: readonly string[],
): void {
  checkProviderOptions(options, {
    factory,
    known: ['defaultModel', 'betas', ...known],
    strings: ['defaultModel', ...strings],
  });
  const betas = (options as { betas?: unknown }).betas;
  if (betas !== undefined && !isBetaList(betas)) {
    throw new ValidationError('options.betas', 'must be an array of beta names');
  }
}
