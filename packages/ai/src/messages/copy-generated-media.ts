import { ValidationError } from '../errors/validation-error.js';
import type { ProviderMetadata } from '../json.js';
import type { GeneratedMedia } from './media.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const TEXT_FIELDS = ['data', 'uri', 'id', 'revisedPrompt', 'transcript'] as const;

/**
 * A checked plain copy of a message's generated media (`validateMessage` stores it): each entry
 * needs a MIME type and its `data` or `uri`; `copyMetadata` copies its provider metadata.
 *
 * @throws ValidationError naming the bad field (`message.media[0].mimeType`).
 */
export function copyGeneratedMedia(
  value: unknown,
  path: string,
  copyMetadata: (value: unknown, path: string) => ProviderMetadata,
): GeneratedMedia[] {
  if (!Array.isArray(value)) throw new ValidationError(path, 'must be an array of generated media');
  return value.map((entry: unknown, index) => {
    const at = `${path}[${index}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new ValidationError(at, 'must be a generated media object ({ mimeType, data | uri })');
    }
    const source = entry as Record<string, unknown>;
    if (typeof source.mimeType !== 'string' || !source.mimeType.includes('/')) {
      throw new ValidationError(`${at}.mimeType`, 'must be a MIME type such as "image/png"');
    }
    const copy: Mutable<GeneratedMedia> = { mimeType: source.mimeType };
    for (const key of TEXT_FIELDS) {
      const field = source[key];
      if (field === undefined) continue;
      if (typeof field !== 'string') throw new ValidationError(`${at}.${key}`, 'must be a string');
      copy[key] = field;
    }
    if (copy.data === undefined && copy.uri === undefined && copy.id === undefined) {
      throw new ValidationError(at, 'needs its data, its uri or its id');
    }
    if (source.providerMetadata !== undefined) {
      copy.providerMetadata = copyMetadata(source.providerMetadata, `${at}.providerMetadata`);
    }
    return copy;
  });
}
