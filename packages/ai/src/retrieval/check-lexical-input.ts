import { ValidationError } from '../errors/validation-error.js';
import { checkChunkFields, DEFAULT_TOP_K } from '../vectors/check-vector-input.js';
import type { FilterNode } from '../vectors/metadata-filter.js';
import { parseMetadataFilter } from '../vectors/parse-metadata-filter.js';
import type { LexicalRecord, LexicalSearchOptions } from './lexical-index.js';

/** The checked options of a keyword search. */
export interface CheckedLexicalSearch {
  readonly k: number;
  readonly filter: FilterNode;
  readonly signal: AbortSignal | undefined;
}

/**
 * Checks a count option: a whole number from 1 to `max` (default `fallback`).
 *
 * @throws ValidationError naming `where`.
 */
export function checkCount(value: unknown, where: string, fallback: number, max = 1000): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max)
    throw new ValidationError(where, `must be an integer from 1 to ${max}`);
  return value;
}

/**
 * Checks a keyword search: `query` a string with something besides white space, `k` from 1 to
 * 1,000 (default 10), `filter` a metadata filter, `signal` an `AbortSignal`.
 *
 * @throws ValidationError naming `query` or the option (`options.k`).
 */
export function checkLexicalSearch(
  query: unknown,
  options: LexicalSearchOptions | undefined,
): CheckedLexicalSearch {
  if (typeof query !== 'string' || query.trim() === '')
    throw new ValidationError('query', 'must be a non-empty string');
  if (options !== undefined && (options === null || typeof options !== 'object'))
    throw new ValidationError('options', 'must be an object');
  const signal = options?.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal))
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  return {
    k: checkCount(options?.k, 'options.k', DEFAULT_TOP_K),
    filter: parseMetadataFilter(options?.filter),
    signal,
  };
}

/**
 * Checks the records of a keyword index's upsert: objects with a non-empty string `id` (no id
 * twice) and a string `text`, a JSON-object `metadata`, a valid `document`, `position` and
 * `context` when set.
 *
 * @throws ValidationError naming the record and field (`records[2].text`).
 */
export function checkLexicalRecords(
  records: unknown,
  name = 'records',
): asserts records is readonly LexicalRecord[] {
  if (!Array.isArray(records)) throw new ValidationError(name, 'must be an array of records');
  const seen = new Set<string>();
  records.forEach((record: unknown, index) => {
    const where = `${name}[${index}]`;
    if (record === null || typeof record !== 'object')
      throw new ValidationError(where, 'must be an object');
    const { id, text, metadata, document, position, context } = record as Record<string, unknown>;
    if (typeof id !== 'string' || id === '')
      throw new ValidationError(`${where}.id`, 'must be a non-empty string');
    if (seen.has(id))
      throw new ValidationError(`${where}.id`, `"${id}" appears twice in one upsert`);
    seen.add(id);
    if (typeof text !== 'string') throw new ValidationError(`${where}.text`, 'must be a string');
    checkChunkFields({ metadata, document, position, context }, where);
  });
}
