import { type JsonSchema, ValidationError } from '@aigo/ai';
import type { GeminiJson, GeminiSchema } from '../wire/gemini-api.js';

type SchemaType = NonNullable<GeminiSchema['type']>;
type Node = { readonly [key: string]: unknown };

const TYPE_NAMES: { readonly [jsonType: string]: SchemaType } = {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
};

/** The `format` values Gemini accepts, per type; any other format is dropped. */
const FORMATS: { readonly [type in SchemaType]?: readonly string[] } = {
  STRING: ['enum', 'date-time'],
  NUMBER: ['float', 'double'],
  INTEGER: ['int32', 'int64'],
};

/** Keywords that only describe a schema; they stay beside a union rather than inside it. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'examples',
  'example',
  '$comment',
  '$schema',
  '$id',
  '$defs',
  'definitions',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** How deep `$ref`s are followed before a recursive type is cut off. */
const MAX_REF_DEPTH = 8;

interface Context {
  readonly root: Node;
  readonly refStack: readonly string[];
}

/**
 * Converts a JSON Schema (typebox output, MCP tool schemas, hand-written draft-07 / 2020-12) into the
 * OpenAPI 3.0 subset Gemini's `parameters` and `responseSchema` accept. Each rule answers a request
 * Gemini rejects with 400 INVALID_ARGUMENT:
 *
 * - `$schema`, `$id`, `$comment`, `additionalProperties`, `patternProperties`, `propertyNames`,
 *   `unevaluatedProperties`, `if`/`then`/`else`, `not`, `multipleOf`, `uniqueItems`, `contains`,
 *   `dependentRequired`, `readOnly`/`writeOnly` are dropped ("Unknown name … Cannot find field").
 * - `format` is kept only where Gemini supports it (`enum`, `date-time` on strings; `float`, `double`;
 *   `int32`, `int64`); `email`, `uri`, `uuid`, `date`… are dropped.
 * - An object without properties (`{type:"object"}`, `{properties:{}}`, a typebox `Record`) becomes
 *   `{type:"OBJECT"}` with no `properties` ("properties: should be non-empty for OBJECT type"); at the
 *   root the whole schema is `undefined`, so a tool without parameters sends none.
 * - `required` keeps only names that are in `properties`, and only on objects.
 * - `const` becomes a one-value `enum` on strings; Gemini enums are strings only, so numeric or
 *   boolean `const`/`enum` keep their type and lose the constraint.
 * - Type arrays (`["string","null"]`) become one type plus `nullable: true`; several non-null types
 *   become `anyOf`, each branch keeping only the keywords of its own type ("properties: only allowed
 *   for OBJECT type", "items: field predicate failed").
 * - `anyOf`/`oneOf`: `{type:"null"}` branches become `nullable` on the others, one remaining branch
 *   is inlined, and a union node carries nothing but `anyOf` ("When using any_of, it must be the only
 *   field set"), so its description moves into each branch. `allOf` branches are merged.
 * - `$ref` to `#/$defs/…`, `#/definitions/…` or `#` is inlined; a recursive reference is cut to
 *   `{type:"OBJECT"}` (Gemini has no references) after the first expansion.
 * - Arrays always get `items` ("items: missing field"); tuple `items`/`prefixItems` become `anyOf`.
 * - Types are written as Gemini's enum names (`STRING`, `OBJECT`…).
 *
 * @returns the Gemini schema, or `undefined` for a root object without properties.
 * @throws ValidationError when `schema` is not an object.
 */
export function convertJsonSchemaToGeminiSchema(schema: JsonSchema): GeminiSchema | undefined {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new ValidationError('schema', 'must be a JSON Schema object');
  }
  const root = schema as Node;
  const converted = convert(root, { root, refStack: [] });
  if (converted.type === 'OBJECT' && converted.properties === undefined && !converted.nullable) {
    return undefined;
  }
  return converted;
}

function convert(input: unknown, context: Context): GeminiSchema {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return {};
  let node = input as Node;

  if (typeof node.$ref === 'string') {
    const resolved = resolveRef(node, context);
    if (resolved.schema === undefined) return annotationsOf(node, { type: 'OBJECT' });
    const { $ref: _ref, ...siblings } = node;
    return convert({ ...resolved.schema, ...siblings }, resolved.context);
  }

  if (Array.isArray(node.allOf)) {
    node = mergeAllOf(node, context);
  }

  const union = Array.isArray(node.anyOf)
    ? node.anyOf
    : Array.isArray(node.oneOf)
      ? node.oneOf
      : [];
  if (union.length > 0) return convertUnion(node, union, context);

  const types = typesOf(node);
  const nullable = types.includes('null') || node.nullable === true;
  const concrete = types.filter((type) => type !== 'null');
  if (concrete.length > 1) {
    const branches = concrete.map((type) => convertTyped(node, TYPE_NAMES[type], context));
    return onlyUnion(branches.map((branch) => withAnnotations(node, branch, nullable)));
  }
  const type = concrete[0] === undefined ? undefined : TYPE_NAMES[concrete[0]];
  const converted = convertTyped(node, type, context);
  if (nullable) converted.nullable = true;
  return converted;
}

/** The JSON types a node declares, or infers from its keywords when it declares none. */
function typesOf(node: Node): string[] {
  const declared = node.type;
  if (typeof declared === 'string') return [declared].filter(isKnownType);
  if (Array.isArray(declared)) {
    return declared.filter((type): type is string => typeof type === 'string').filter(isKnownType);
  }
  if (isPlainObject(node.properties) || Array.isArray(node.required)) return ['object'];
  if (node.items !== undefined || Array.isArray(node.prefixItems)) return ['array'];
  const values = Array.isArray(node.enum) ? node.enum : 'const' in node ? [node.const] : [];
  if (values.length > 0) {
    const kinds = new Set(values.map(jsonTypeOf));
    const types = [...kinds].filter((kind): kind is string => kind !== undefined);
    return types.length === 1 || (types.length === 2 && kinds.has('null')) ? types : [];
  }
  return [];
}

function isKnownType(type: string): boolean {
  return type === 'null' || type in TYPE_NAMES;
}

function jsonTypeOf(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return undefined;
}

/** Copies the keywords Gemini accepts for one type; `type` undefined keeps only annotations. */
function convertTyped(node: Node, type: SchemaType | undefined, context: Context): GeminiSchema {
  const schema: GeminiSchema = {};
  if (type !== undefined) schema.type = type;
  annotate(node, schema);
  switch (type) {
    case 'STRING': {
      const values = enumValues(node);
      if (values !== undefined) {
        schema.enum = values;
      }
      copyNumber(node, 'minLength', schema);
      copyNumber(node, 'maxLength', schema);
      if (typeof node.pattern === 'string') schema.pattern = node.pattern;
      break;
    }
    case 'NUMBER':
    case 'INTEGER': {
      copyNumber(node, 'minimum', schema);
      copyNumber(node, 'maximum', schema);
      const step = type === 'INTEGER' ? 1 : 0;
      if (schema.minimum === undefined && typeof node.exclusiveMinimum === 'number') {
        schema.minimum = node.exclusiveMinimum + step;
      }
      if (schema.maximum === undefined && typeof node.exclusiveMaximum === 'number') {
        schema.maximum = node.exclusiveMaximum - step;
      }
      break;
    }
    case 'ARRAY': {
      schema.items = itemsOf(node, context);
      copyNumber(node, 'minItems', schema);
      copyNumber(node, 'maxItems', schema);
      break;
    }
    case 'OBJECT': {
      const properties = isPlainObject(node.properties) ? node.properties : {};
      const names = Object.keys(properties);
      if (names.length > 0) {
        schema.properties = {};
        for (const name of names) {
          schema.properties[name] = convert(properties[name], context);
        }
        if (Array.isArray(node.required)) {
          const required = [
            ...new Set(
              node.required.filter(
                (name): name is string => typeof name === 'string' && names.includes(name),
              ),
            ),
          ];
          if (required.length > 0) schema.required = required;
        }
      }
      copyNumber(node, 'minProperties', schema);
      copyNumber(node, 'maxProperties', schema);
      break;
    }
    default:
      break;
  }
  if (type !== undefined && typeof node.format === 'string') {
    if (FORMATS[type]?.includes(node.format)) schema.format = node.format;
  }
  return schema;
}

/** String `enum`/`const` values, without `null`; undefined when there are none or any is not a string. */
function enumValues(node: Node): string[] | undefined {
  const raw = Array.isArray(node.enum) ? node.enum : 'const' in node ? [node.const] : undefined;
  if (raw === undefined) return undefined;
  const values = raw.filter((value) => value !== null);
  if (values.length === 0 || !values.every((value) => typeof value === 'string')) return undefined;
  return values as string[];
}

function itemsOf(node: Node, context: Context): GeminiSchema {
  const tuple = Array.isArray(node.prefixItems)
    ? node.prefixItems
    : Array.isArray(node.items)
      ? node.items
      : undefined;
  if (tuple !== undefined) {
    const branches = tuple.map((item) => convert(item, context));
    if (branches.length === 0) return {};
    if (branches.length === 1) return branches[0] as GeminiSchema;
    return onlyUnion(branches);
  }
  if (node.items === undefined || node.items === true) return {};
  return convert(node.items, context);
}

function convertUnion(node: Node, union: readonly unknown[], context: Context): GeminiSchema {
  // Keywords beside the union (a base type, properties…) apply to every branch.
  const base: { [key: string]: unknown } = {};
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'anyOf' && key !== 'oneOf' && !ANNOTATIONS.has(key)) base[key] = value;
  }
  const hasBase = Object.keys(base).length > 0;
  let nullable = node.nullable === true;
  const branches: GeminiSchema[] = [];
  for (const member of union) {
    if (isNullSchema(member)) {
      nullable = true;
      continue;
    }
    const merged =
      hasBase && member !== null && typeof member === 'object' ? { ...base, ...member } : member;
    const converted = convert(merged, context);
    if (converted.anyOf !== undefined) {
      branches.push(...converted.anyOf);
    } else {
      branches.push(converted);
    }
  }
  if (branches.length === 0) {
    const only = convertTyped(node, undefined, context);
    only.nullable = true;
    return only;
  }
  if (branches.length === 1) {
    const single = withAnnotations(node, branches[0] as GeminiSchema, false);
    if (nullable) single.nullable = true;
    return single;
  }
  return onlyUnion(branches.map((branch) => withAnnotations(node, branch, nullable)));
}

function isNullSchema(member: unknown): boolean {
  if (member === null || typeof member !== 'object') return false;
  const node = member as Node;
  if (node.type === 'null') return true;
  if ('const' in node && node.const === null) return true;
  return Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every((v) => v === null);
}

/** A union node: Gemini allows no other field beside `anyOf`. */
function onlyUnion(branches: GeminiSchema[]): GeminiSchema {
  return { anyOf: branches };
}

/** Adds the node's title and description to a branch that has none of its own. */
function withAnnotations(node: Node, branch: GeminiSchema, nullable: boolean): GeminiSchema {
  const result: GeminiSchema = { ...branch };
  if (result.anyOf === undefined) {
    if (result.description === undefined && typeof node.description === 'string') {
      result.description = node.description;
    }
    if (result.title === undefined && typeof node.title === 'string') result.title = node.title;
    if (nullable) result.nullable = true;
  }
  return result;
}

function annotationsOf(node: Node, schema: GeminiSchema): GeminiSchema {
  annotate(node, schema);
  return schema;
}

function annotate(node: Node, schema: GeminiSchema): void {
  if (typeof node.title === 'string') schema.title = node.title;
  if (typeof node.description === 'string') schema.description = node.description;
  if (isJson(node.default) && node.default !== null) schema.default = node.default;
  if (isJson(node.example)) {
    schema.example = node.example;
  } else if (Array.isArray(node.examples) && node.examples.length > 0 && isJson(node.examples[0])) {
    schema.example = node.examples[0];
  }
}

function copyNumber(
  node: Node,
  key:
    | 'minLength'
    | 'maxLength'
    | 'minimum'
    | 'maximum'
    | 'minItems'
    | 'maxItems'
    | 'minProperties'
    | 'maxProperties',
  schema: GeminiSchema,
): void {
  const value = node[key];
  if (typeof value === 'number' && Number.isFinite(value)) schema[key] = value;
}

/** Merges `allOf` members into one node: properties and required are unioned, later keys win. */
function mergeAllOf(node: Node, context: Context): Node {
  const { allOf, ...rest } = node;
  let merged: { [key: string]: unknown } = { ...rest };
  for (const member of allOf as unknown[]) {
    if (!isPlainObject(member)) continue;
    const part =
      typeof member.$ref === 'string' ? (resolveRef(member, context).schema ?? {}) : member;
    const properties = {
      ...(isPlainObject(merged.properties) ? merged.properties : {}),
      ...(isPlainObject(part.properties) ? part.properties : {}),
    };
    const required = [
      ...(Array.isArray(merged.required) ? merged.required : []),
      ...(Array.isArray(part.required) ? part.required : []),
    ];
    merged = { ...part, ...merged };
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.length > 0) merged.required = required;
  }
  return merged;
}

function resolveRef(node: Node, context: Context): { schema: Node | undefined; context: Context } {
  const ref = node.$ref as string;
  if (context.refStack.includes(ref) || context.refStack.length >= MAX_REF_DEPTH) {
    return { schema: undefined, context };
  }
  let target: unknown;
  if (ref === '#') {
    target = context.root;
  } else if (ref.startsWith('#/')) {
    target = context.root;
    for (const segment of ref.slice(2).split('/')) {
      const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isPlainObject(target) ? target[decodeURIComponent(key)] : undefined;
    }
  }
  if (!isPlainObject(target)) return { schema: undefined, context };
  return { schema: target, context: { root: context.root, refStack: [...context.refStack, ref] } };
}

function isPlainObject(value: unknown): value is { readonly [key: string]: unknown } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isJson(value: unknown): value is GeminiJson {
  if (value === undefined) return false;
  try {
    return JSON.stringify(value) !== undefined;
  } catch {
    return false;
  }
}
