import { type Provider, ValidationError } from '@aigo/ai';
import type { ModelRegistry } from './model-registry.js';
import type { RouteEntry } from './route-entry.js';

/** A fallback entry that names its model: `{ provider: anthropic(), model: 'claude-haiku-4-5' }`. */
export interface FallbackEntry {
  readonly provider: Provider;
  /** The model asked of `provider`; unset: the request's model. */
  readonly model?: string;
}

/**
 * One entry of `fallback(entries)`: a provider (asked for the request's model), a provider with a
 * model, or a model id or alias of the `registry` option (`'fast'`, `'anthropic:claude-haiku-4-5'`).
 */
export type FallbackEntryInput = Provider | FallbackEntry | string;

function isProvider(value: unknown): value is Provider {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Partial<Provider>).sendMessage === 'function'
  );
}

/**
 * Checks `entries` and makes them route entries.
 *
 * @throws ValidationError naming the bad entry (`entries[1]`): an empty list, an id without a
 * registry or unknown to it, an entry that is no provider, an empty model, an unknown key.
 */
export function readFallbackEntries(
  entries: unknown,
  registry: ModelRegistry | undefined,
): RouteEntry[] {
  if (!Array.isArray(entries) || entries.length === 0) {
    throw new ValidationError(
      'entries',
      'must be a non-empty array of providers, { provider, model } or model ids',
    );
  }
  return entries.map((entry: unknown, index) => {
    const argument = `entries[${index}]`;
    if (typeof entry === 'string') {
      if (registry === undefined) {
        throw new ValidationError(
          argument,
          `"${entry}" is a model id: pass the registry that knows it as options.registry`,
        );
      }
      const route = registry.resolve(entry, argument);
      return Object.freeze({
        provider: route.provider,
        model: route.model,
        index,
        label: route.id,
      });
    }
    if (isProvider(entry)) {
      return Object.freeze({ provider: entry, model: undefined, index, label: entry.id });
    }
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new ValidationError(argument, 'must be a provider, { provider, model? } or a model id');
    }
    for (const key of Object.keys(entry)) {
      if (key !== 'provider' && key !== 'model') {
        throw new ValidationError(`${argument}.${key}`, 'is not an entry option');
      }
    }
    const { provider, model } = entry as FallbackEntry;
    if (!isProvider(provider)) {
      throw new ValidationError(`${argument}.provider`, 'must be a provider (with sendMessage())');
    }
    if (model !== undefined && (typeof model !== 'string' || model === '')) {
      throw new ValidationError(`${argument}.model`, 'must be a non-empty string');
    }
    return Object.freeze({
      provider,
      model,
      index,
      label: model === undefined ? provider.id : `${provider.id}:${model}`,
    });
  });
}
