import type { JsonObject, JsonValue } from '../json.js';
import { type FilterNode, valueAtPath } from './metadata-filter.js';

/** Deep equality of JSON values: objects by keys and values (any order), arrays in order. */
export function jsonEqual(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEqual(item, b[index]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
}

function matchField(actual: JsonValue | undefined, op: string, operand: JsonValue): boolean {
  switch (op) {
    case '$eq':
      return actual !== undefined && jsonEqual(actual, operand);
    case '$ne':
      return !jsonEqual(actual, operand);
    case '$in':
      return (
        actual !== undefined && (operand as JsonValue[]).some((item) => jsonEqual(actual, item))
      );
    case '$nin':
      return !(operand as JsonValue[]).some((item) => jsonEqual(actual, item));
    case '$exists':
      return (actual !== undefined) === operand;
    default: {
      if (typeof actual !== 'number') return false;
      const bound = operand as number;
      if (op === '$gt') return actual > bound;
      if (op === '$gte') return actual >= bound;
      if (op === '$lt') return actual < bound;
      return actual <= bound;
    }
  }
}

/**
 * Whether `metadata` matches a filter tree of `parseMetadataFilter` — the reference semantics that
 * every store's translation (SQL, a vector database's own filters) must agree with.
 */
export function matchesMetadataFilter(metadata: JsonObject, node: FilterNode): boolean {
  if (node.kind === 'and')
    return node.nodes.every((child) => matchesMetadataFilter(metadata, child));
  if (node.kind === 'or') return node.nodes.some((child) => matchesMetadataFilter(metadata, child));
  return matchField(valueAtPath(metadata, node.path), node.op, node.value);
}
