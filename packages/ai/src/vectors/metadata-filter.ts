import type { JsonObject, JsonValue } from '../json.js';

/**
 * Conditions on one metadata field. Range operators compare numbers only (a field that is not a
 * number never matches them); `$eq`, `$ne`, `$in` and `$nin` compare JSON values (objects by their
 * keys and values, numbers by value); `$ne` and `$nin` match a record without the field.
 */
export interface FieldCondition {
  readonly $eq?: JsonValue;
  readonly $ne?: JsonValue;
  readonly $in?: readonly JsonValue[];
  readonly $nin?: readonly JsonValue[];
  readonly $gt?: number;
  readonly $gte?: number;
  readonly $lt?: number;
  readonly $lte?: number;
  /** `true`: the field is present (also when `null`); `false`: it is absent. */
  readonly $exists?: boolean;
}

/**
 * A filter on records' JSON metadata, in the style of MongoDB's query language (the one most
 * vector databases copied):
 *
 * ```ts
 * { topic: 'billing' }                                  // field equals a JSON value
 * { 'author.name': 'Ada' }                              // dotted path into nested objects
 * { year: { $gte: 2020, $lt: 2025 }, lang: { $in: ['en', 'it'] } }
 * { $or: [{ topic: 'billing' }, { pinned: true }] }     // $and / $or of filters
 * ```
 *
 * Every key of an object must hold (AND). A field given a plain value (or an array, or an object
 * without `$` keys) must equal it. An empty filter matches every record.
 */
export type MetadataFilter = {
  readonly $and?: readonly MetadataFilter[];
  readonly $or?: readonly MetadataFilter[];
} & {
  readonly [field: string]: JsonValue | FieldCondition | readonly MetadataFilter[] | undefined;
};

/** One condition of a checked filter: what both the in-memory matcher and SQL translators read. */
export type FilterNode =
  | { readonly kind: 'and'; readonly nodes: readonly FilterNode[] }
  | { readonly kind: 'or'; readonly nodes: readonly FilterNode[] }
  | {
      readonly kind: 'field';
      /** The path into the metadata (`['author', 'name']`). */
      readonly path: readonly string[];
      readonly op: FieldOperator;
      /** The operand (a JSON value, an array for `$in`/`$nin`, a number for ranges, a boolean for `$exists`). */
      readonly value: JsonValue;
    };

/** The operators of {@link FieldCondition}. */
export type FieldOperator =
  | '$eq'
  | '$ne'
  | '$in'
  | '$nin'
  | '$gt'
  | '$gte'
  | '$lt'
  | '$lte'
  | '$exists';

/** The value of metadata at `path`, or `undefined` when absent. */
export function valueAtPath(metadata: JsonObject, path: readonly string[]): JsonValue | undefined {
  let value: JsonValue | undefined = metadata;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = Object.hasOwn(value, key) ? value[key] : undefined;
    if (value === undefined) return undefined;
  }
  return value;
}
