import { ValidationError } from '../errors/validation-error.js';
import type { JsonObject } from '../json.js';
import type { FilterNode } from './metadata-filter.js';
import { parseMetadataFilter } from './parse-metadata-filter.js';
import type {
  DocumentRef,
  VectorMetric,
  VectorQueryOptions,
  VectorRecord,
} from './vector-store.js';

/** The metrics a store may measure with. */
export const VECTOR_METRICS: readonly VectorMetric[] = Object.freeze([
  'cosine',
  'inner_product',
  'l2',
]);

/** The default `topK` of a query. */
export const DEFAULT_TOP_K = 10;

/**
 * Checks a vector: an array of `dimensions` finite numbers.
 *
 * @throws ValidationError naming `where`.
 */
export function checkVector(
  vector: unknown,
  dimensions: number,
  where: string,
): asserts vector is readonly number[] {
  if (!Array.isArray(vector)) throw new ValidationError(where, 'must be an array of numbers');
  if (vector.length !== dimensions) {
    throw new ValidationError(where, `must have ${dimensions} dimensions, has ${vector.length}`);
  }
  for (let index = 0; index < vector.length; index++) {
    const item: unknown = vector[index];
    if (typeof item !== 'number' || !Number.isFinite(item)) {
      throw new ValidationError(`${where}[${index}]`, 'must be a finite number');
    }
  }
}

/**
 * Checks the records of an upsert: an array of objects with a non-empty string `id` (no id twice),
 * a vector of `dimensions` numbers (or, when `canEmbed`, a `text` to embed instead), an optional
 * string `text`, a JSON-object `metadata`, and a valid `document`, `position`, `context` and
 * `model` when set. `name` is how errors name the array.
 *
 * @throws ValidationError naming the record and field (`records[2].vector`).
 */
export function checkVectorRecords(
  records: unknown,
  dimensions: number,
  canEmbed: boolean,
  name = 'records',
): asserts records is readonly VectorRecord[] {
  if (!Array.isArray(records)) throw new ValidationError(name, 'must be an array of records');
  const seen = new Set<string>();
  records.forEach((record: unknown, index) => {
    const where = `${name}[${index}]`;
    if (record === null || typeof record !== 'object')
      throw new ValidationError(where, 'must be an object');
    const { id, vector, text, metadata, document, position, context, model } = record as Record<
      string,
      unknown
    >;
    if (typeof id !== 'string' || id === '')
      throw new ValidationError(`${where}.id`, 'must be a non-empty string');
    if (seen.has(id))
      throw new ValidationError(`${where}.id`, `"${id}" appears twice in one upsert`);
    seen.add(id);
    if (text !== undefined && typeof text !== 'string')
      throw new ValidationError(`${where}.text`, 'must be a string');
    if (vector === undefined) {
      if (!canEmbed || text === undefined) {
        throw new ValidationError(
          `${where}.vector`,
          canEmbed
            ? 'is required when there is no text to embed'
            : 'is required (the store has no embedder)',
        );
      }
    } else checkVector(vector, dimensions, `${where}.vector`);
    checkChunkFields({ metadata, document, position, context }, where);
    if (model !== undefined && (typeof model !== 'string' || model === ''))
      throw new ValidationError(`${where}.model`, 'must be a non-empty string');
  });
}

/**
 * Checks the fields a record of a chunk may have besides its id and text: `metadata` a JSON object,
 * `document` a {@link DocumentRef}, `position` an integer from 0, `context` a string (each when set).
 *
 * @throws ValidationError naming `where` and the field (`records[2].position`).
 */
export function checkChunkFields(
  fields: {
    readonly metadata: unknown;
    readonly document: unknown;
    readonly position: unknown;
    readonly context: unknown;
  },
  where: string,
): void {
  const { metadata, document, position, context } = fields;
  if (metadata !== undefined) checkMetadata(metadata, `${where}.metadata`);
  if (document !== undefined) checkDocumentRef(document, `${where}.document`);
  if (
    position !== undefined &&
    (typeof position !== 'number' || !Number.isInteger(position) || position < 0)
  ) {
    throw new ValidationError(`${where}.position`, 'must be an integer from 0');
  }
  if (context !== undefined && typeof context !== 'string')
    throw new ValidationError(`${where}.context`, 'must be a string');
}

/**
 * Checks a {@link DocumentRef}: a non-empty string `id`, and `title` and `source` strings when set.
 *
 * @throws ValidationError naming `where` and the field.
 */
export function checkDocumentRef(
  document: unknown,
  where: string,
): asserts document is DocumentRef {
  if (document === null || typeof document !== 'object' || Array.isArray(document))
    throw new ValidationError(where, 'must be an object');
  const { id, title, source } = document as Record<string, unknown>;
  if (typeof id !== 'string' || id === '')
    throw new ValidationError(`${where}.id`, 'must be a non-empty string');
  if (title !== undefined && typeof title !== 'string')
    throw new ValidationError(`${where}.title`, 'must be a string');
  if (source !== undefined && typeof source !== 'string')
    throw new ValidationError(`${where}.source`, 'must be a string');
}

/**
 * Checks record metadata: a plain JSON object (finite numbers, no functions, no cycles).
 *
 * @throws ValidationError naming `where`.
 */
export function checkMetadata(metadata: unknown, where: string): asserts metadata is JsonObject {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
    throw new ValidationError(where, 'must be a JSON object');
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(metadata, (_key, value: unknown) => {
      if (typeof value === 'number' && !Number.isFinite(value))
        throw new Error('a number that is not finite');
      if (typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol') {
        throw new Error(`a ${typeof value}`);
      }
      return value;
    });
  } catch (error) {
    throw new ValidationError(
      where,
      `must be JSON (${error instanceof Error ? error.message : 'unserialisable'})`,
    );
  }
  if (text === undefined) throw new ValidationError(where, 'must be a JSON object');
}

/** The checked options of a query. */
export interface CheckedQueryOptions {
  readonly topK: number;
  readonly minScore: number | undefined;
  readonly filter: FilterNode;
  /** The query vector's embedding model, when the query named one. */
  readonly model: string | undefined;
  readonly signal: AbortSignal | undefined;
}

/**
 * Checks a query's options: `topK` a positive integer (default 10), `minScore` a finite number,
 * `filter` a metadata filter, `signal` an `AbortSignal`.
 *
 * @throws ValidationError naming the option (`options.topK`).
 */
export function checkQueryOptions(
  options: VectorQueryOptions | undefined,
  maxTopK = 1000,
): CheckedQueryOptions {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  const topK = options?.topK ?? DEFAULT_TOP_K;
  if (typeof topK !== 'number' || !Number.isInteger(topK) || topK < 1 || topK > maxTopK) {
    throw new ValidationError('options.topK', `must be an integer from 1 to ${maxTopK}`);
  }
  const minScore = options?.minScore;
  if (minScore !== undefined && (typeof minScore !== 'number' || !Number.isFinite(minScore))) {
    throw new ValidationError('options.minScore', 'must be a finite number');
  }
  const signal = options?.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  }
  const model = options?.model;
  if (model !== undefined && (typeof model !== 'string' || model === '')) {
    throw new ValidationError('options.model', 'must be a non-empty string');
  }
  return { topK, minScore, filter: parseMetadataFilter(options?.filter), model, signal };
}

/**
 * Checks the ids of a `delete` or `get`: an array of non-empty strings.
 *
 * @throws ValidationError naming `ids[i]`.
 */
export function checkVectorIds(ids: unknown, where = 'ids'): asserts ids is readonly string[] {
  if (!Array.isArray(ids)) throw new ValidationError(where, 'must be an array of strings');
  ids.forEach((id: unknown, index) => {
    if (typeof id !== 'string' || id === '')
      throw new ValidationError(`${where}[${index}]`, 'must be a non-empty string');
  });
}
