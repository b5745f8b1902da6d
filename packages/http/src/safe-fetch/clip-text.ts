import { ValidationError } from '@aigo/ai';
import { describe } from '../options/validate.js';

/**
 * Cuts `text` to at most `max` characters for a model to read, trailing whitespace of the cut
 * removed and `...` added when anything was cut; shorter text comes back as it is. What the search
 * tools use to keep each snippet of a summary short.
 *
 * @throws ValidationError naming `text` (not a string) or `max` (not an integer ≥ 0).
 */
export function clipText(text: string, max: number): string {
  if (typeof text !== 'string') {
    throw new ValidationError('text', `must be a string, got ${describe(text)}`);
  }
  if (typeof max !== 'number' || !Number.isInteger(max) || max < 0) {
    throw new ValidationError('max', `must be an integer ≥ 0, got ${describe(max)}`);
  }
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
