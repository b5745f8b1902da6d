import { ValidationError } from '../errors/validation-error.js';
import type { ContentPart } from './content-part.js';

const MEDIA_TYPES = new Set(['image', 'audio', 'video', 'document']);

/**
 * Checks that `value` is a well-formed content part: a text part with a string `text`, or a media
 * part (image, audio, video, document) with a string-or-absent `mimeType` and `filename` and exactly
 * one of a base64 `data` string and a `uri` string. Provider metadata is not looked at.
 *
 * @throws ValidationError naming `path` or its bad field (`content[1].data`).
 */
export function checkContentPart(value: unknown, path: string): asserts value is ContentPart {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(path, 'must be a content part object');
  }
  const part = value as Record<string, unknown>;
  if (part.type === 'text') {
    if (typeof part.text !== 'string')
      throw new ValidationError(`${path}.text`, 'must be a string');
    return;
  }
  if (typeof part.type !== 'string' || !MEDIA_TYPES.has(part.type)) {
    throw new ValidationError(`${path}.type`, 'must be text, image, audio, video or document');
  }
  if (part.mimeType !== undefined && typeof part.mimeType !== 'string') {
    throw new ValidationError(`${path}.mimeType`, 'must be a string');
  }
  const hasData = part.data !== undefined;
  if (hasData === (part.uri !== undefined)) {
    throw new ValidationError(path, 'a media part needs exactly one of data and uri');
  }
  if (hasData && typeof part.data !== 'string') {
    throw new ValidationError(`${path}.data`, 'must be a base64 string');
  }
  if (!hasData && typeof part.uri !== 'string') {
    throw new ValidationError(`${path}.uri`, 'must be a string');
  }
  if (part.filename !== undefined && typeof part.filename !== 'string') {
    throw new ValidationError(`${path}.filename`, 'must be a string');
  }
}
