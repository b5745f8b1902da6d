import { ValidationError } from '../errors/validation-error.js';
import type { JsonValue } from '../json.js';
import type { FieldOperator, FilterNode } from './metadata-filter.js';

const OPERATORS: ReadonlySet<string> = new Set<FieldOperator>([
  '$eq',
  '$ne',
  '$in',
  '$nin',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$exists',
]);
const RANGE: ReadonlySet<string> = new Set(['$gt', '$gte', '$lt', '$lte']);

/** The deepest nesting of `$and`/`$or` and objects a filter may have. */
const MAX_DEPTH = 16;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function checkJson(value: unknown, where: string, depth: number): asserts value is JsonValue {
  if (depth > MAX_DEPTH) throw new ValidationError(where, `nests deeper than ${MAX_DEPTH} levels`);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ValidationError(where, 'must be a finite number');
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      checkJson(item, `${where}[${index}]`, depth + 1);
    });
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) checkJson(item, `${where}.${key}`, depth + 1);
    return;
  }
  throw new ValidationError(where, 'must be a JSON value');
}

function parsePath(field: string, where: string): string[] {
  const path = field.split('.');
  if (path.some((part) => part === '' || part.startsWith('$'))) {
    throw new ValidationError(where, `"${field}" is not a field path (dot-separated names)`);
  }
  return path;
}

function parseCondition(
  path: string[],
  condition: Record<string, unknown>,
  where: string,
): FilterNode[] {
  const nodes: FilterNode[] = [];
  for (const [op, value] of Object.entries(condition)) {
    const at = `${where}.${op}`;
    if (!OPERATORS.has(op)) {
      throw new ValidationError(at, `is not an operator; known: ${[...OPERATORS].join(', ')}`);
    }
    if (RANGE.has(op)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new ValidationError(at, 'must be a finite number');
      }
    } else if (op === '$in' || op === '$nin') {
      if (!Array.isArray(value)) throw new ValidationError(at, 'must be an array of JSON values');
      checkJson(value, at, 0);
    } else if (op === '$exists') {
      if (typeof value !== 'boolean') throw new ValidationError(at, 'must be a boolean');
    } else {
      if (value === undefined) throw new ValidationError(at, 'must be a JSON value');
      checkJson(value, at, 0);
    }
    nodes.push({ kind: 'field', path, op: op as FieldOperator, value: value as JsonValue });
  }
  if (nodes.length === 0) throw new ValidationError(where, 'must name at least one operator');
  return nodes;
}

function parseLevel(filter: unknown, where: string, depth: number): FilterNode {
  if (depth > MAX_DEPTH) throw new ValidationError(where, `nests deeper than ${MAX_DEPTH} levels`);
  if (!isPlainObject(filter)) throw new ValidationError(where, 'must be an object');
  const nodes: FilterNode[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    const at = `${where}.${key}`;
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0) {
        throw new ValidationError(at, 'must be a non-empty array of filters');
      }
      const children = value.map((child, index) => parseLevel(child, `${at}[${index}]`, depth + 1));
      nodes.push({ kind: key === '$and' ? 'and' : 'or', nodes: children });
      continue;
    }
    if (key.startsWith('$')) {
      throw new ValidationError(
        at,
        'is not a field or $and/$or (operators go inside a field: { year: { $gt: 2020 } })',
      );
    }
    const path = parsePath(key, at);
    const keys = isPlainObject(value) ? Object.keys(value) : [];
    if (keys.length > 0 && keys.every((name) => name.startsWith('$'))) {
      nodes.push(...parseCondition(path, value as Record<string, unknown>, at));
    } else if (keys.some((name) => name.startsWith('$'))) {
      throw new ValidationError(at, 'mixes operators ($…) and field names');
    } else {
      checkJson(value, at, depth);
      nodes.push({ kind: 'field', path, op: '$eq', value });
    }
  }
  return { kind: 'and', nodes };
}

/**
 * Checks a metadata filter and turns it into a tree of conditions (an empty filter, or
 * `undefined`, is an `and` of nothing: it matches every record).
 *
 * @throws ValidationError naming the bad part (`options.filter.year.$gt`).
 */
export function parseMetadataFilter(filter: unknown, where = 'options.filter'): FilterNode {
  if (filter === undefined) return { kind: 'and', nodes: [] };
  return parseLevel(filter, where, 0);
}
