import { ValidationError } from '../errors/validation-error.js';
import type { EmbedderSettings, EmbedRequest } from './embedding-provider.js';

/**
 * Checks an embedding request before any call: `model` a non-empty string, `values` an array of
 * strings, `dimensions` a positive integer, `purpose` `'query'` or `'document'`.
 *
 * @throws ValidationError naming the field (`request.values[3]`).
 */
export function checkEmbedRequest(request: unknown): asserts request is EmbedRequest {
  if (request === null || typeof request !== 'object') {
    throw new ValidationError('request', 'must be an object { model, values }');
  }
  const { model, values, dimensions, purpose, providerOptions } = request as Record<
    string,
    unknown
  >;
  if (typeof model !== 'string' || model.trim() === '') {
    throw new ValidationError('request.model', 'must be a non-empty string');
  }
  if (!Array.isArray(values)) {
    throw new ValidationError('request.values', 'must be an array of strings');
  }
  for (let index = 0; index < values.length; index++) {
    if (typeof values[index] !== 'string') {
      throw new ValidationError(`request.values[${index}]`, 'must be a string');
    }
  }
  if (
    dimensions !== undefined &&
    (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions <= 0)
  ) {
    throw new ValidationError('request.dimensions', 'must be a positive integer');
  }
  if (purpose !== undefined && purpose !== 'query' && purpose !== 'document') {
    throw new ValidationError('request.purpose', 'must be "query" or "document"');
  }
  if (
    providerOptions !== undefined &&
    (providerOptions === null ||
      typeof providerOptions !== 'object' ||
      Array.isArray(providerOptions))
  ) {
    throw new ValidationError('request.providerOptions', 'must be an object keyed by provider id');
  }
}

/**
 * Checks the embedder settings a store or a retriever is given: a provider with `embed`, a
 * non-empty model, an optional positive integer `dimensions`.
 *
 * @throws ValidationError naming `where` and the field (`options.embedder.model`).
 */
export function checkEmbedderSettings(
  settings: unknown,
  where: string,
): asserts settings is EmbedderSettings {
  if (settings === null || typeof settings !== 'object') {
    throw new ValidationError(where, 'must be an object { provider, model, dimensions? }');
  }
  const { provider, model, dimensions } = settings as Record<string, unknown>;
  if (
    provider === null ||
    typeof provider !== 'object' ||
    typeof (provider as { embed?: unknown }).embed !== 'function'
  ) {
    throw new ValidationError(`${where}.provider`, 'must be an EmbeddingProvider (with embed)');
  }
  if (typeof model !== 'string' || model.trim() === '') {
    throw new ValidationError(`${where}.model`, 'must be a non-empty string');
  }
  if (
    dimensions !== undefined &&
    (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions <= 0)
  ) {
    throw new ValidationError(`${where}.dimensions`, 'must be a positive integer');
  }
}
