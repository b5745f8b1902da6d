import { ValidationError } from '@aigo/ai';
import type { SafeNetworkOptions } from './safe-fetch.js';

/**
 * The address-check settings of an options object — `allowPrivateNetwork`, `allowedPrivateHosts`,
 * `lookup` — with the ones left unset left out, ready to spread into `safeFetch` options. What a tool
 * that fetches model-chosen URLs passes on from its own options (WebFetch, URLExtractor), so every
 * such tool forwards the same three settings the same way.
 *
 * @throws ValidationError naming `options` when it is not an object.
 */
export function pickSafeNetworkOptions(
  options:
    | { readonly [K in keyof SafeNetworkOptions]?: SafeNetworkOptions[K] | undefined }
    | undefined,
): SafeNetworkOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const { allowPrivateNetwork, allowedPrivateHosts, lookup } = options;
  return {
    ...(allowPrivateNetwork === undefined ? {} : { allowPrivateNetwork }),
    ...(allowedPrivateHosts === undefined ? {} : { allowedPrivateHosts }),
    ...(lookup === undefined ? {} : { lookup }),
  };
}
