import { ValidationError } from '@aigo/ai';
import type { RequestOptions } from '../options/request-options.js';
import { isRecord, type JsonRecord } from './json-guards.js';

/**
 * The per-request options of one provider, `request.providerOptions[providerId]` (of a `ChatRequest`
 * or an `EmbedRequest`), checked for shape:
 * `undefined` when there are none, else the object, every key of it among `known` (a typo must not
 * silently do nothing). The adapter checks each value's kind and reads what it needs.
 *
 * @throws ValidationError naming `request.providerOptions`, `request.providerOptions.<id>` or the
 *   unknown key (`request.providerOptions.openai.usr`).
 */
export function readProviderRequestOptions(
  request: { readonly providerOptions?: unknown },
  providerId: string,
  known: readonly string[],
): JsonRecord | undefined {
  const all = request.providerOptions;
  if (all === undefined) return undefined;
  if (!isRecord(all)) {
    throw new ValidationError('request.providerOptions', 'must be an object keyed by provider id');
  }
  const raw = all[providerId];
  if (raw === undefined) return undefined;
  const where = `request.providerOptions.${providerId}`;
  if (!isRecord(raw)) throw new ValidationError(where, 'must be an object');
  for (const key of Object.keys(raw)) {
    if (!known.includes(key)) {
      throw new ValidationError(`${where}.${key}`, `is not an option; known: ${known.join(', ')}`);
    }
  }
  return raw;
}

/**
 * A call's options with `headers` added (a request's beta features, say): the call's own headers
 * are kept and these win on a clash. `options` itself is not changed.
 */
export function withRequestHeaders(
  options: RequestOptions | undefined,
  headers: Readonly<Record<string, string>>,
): RequestOptions {
  return { ...options, headers: { ...options?.headers, ...headers } };
}
