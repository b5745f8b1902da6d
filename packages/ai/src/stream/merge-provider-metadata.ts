import type { ProviderMetadata } from '../json.js';

/** Merges provider metadata one level deep: later keys of the same provider win. */
export function mergeProviderMetadata(
  base: ProviderMetadata | undefined,
  next: ProviderMetadata | undefined,
): ProviderMetadata | undefined {
  if (next === undefined) return base;
  if (base === undefined) return next;
  const merged: Record<string, { readonly [key: string]: unknown }> = { ...base };
  for (const [provider, values] of Object.entries(next)) {
    merged[provider] = { ...merged[provider], ...values };
  }
  return merged;
}
