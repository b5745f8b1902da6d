import { ValidationError } from '../errors/validation-error.js';

/**
 * The keywords of JSON Schema (draft 2020-12, with draft-07's `definitions`, `dependencies` and
 * `additionalItems`) and the OpenAPI ones models are often given (`nullable`, `example`, …), each
 * with the kind of value the meta-schema allows for it.
 */
type KeywordKind =
  | 'schema'
  | 'schemas'
  | 'schemaMap'
  | 'schemaOrSchemas'
  | 'type'
  | 'strings'
  | 'array'
  | 'string'
  | 'number'
  | 'count'
  | 'boolean'
  | 'any';

const KEYWORD_KINDS: Readonly<Record<string, KeywordKind>> = {
  $schema: 'string',
  $id: 'string',
  $ref: 'string',
  $anchor: 'string',
  $dynamicRef: 'string',
  $dynamicAnchor: 'string',
  $comment: 'string',
  $vocabulary: 'any',
  $defs: 'schemaMap',
  definitions: 'schemaMap',
  type: 'type',
  enum: 'array',
  const: 'any',
  properties: 'schemaMap',
  patternProperties: 'schemaMap',
  additionalProperties: 'schema',
  propertyNames: 'schema',
  unevaluatedProperties: 'schema',
  required: 'strings',
  dependentRequired: 'any',
  dependentSchemas: 'schemaMap',
  dependencies: 'any',
  minProperties: 'count',
  maxProperties: 'count',
  items: 'schemaOrSchemas',
  prefixItems: 'schemas',
  additionalItems: 'schema',
  unevaluatedItems: 'schema',
  contains: 'schema',
  minContains: 'count',
  maxContains: 'count',
  minItems: 'count',
  maxItems: 'count',
  uniqueItems: 'boolean',
  allOf: 'schemas',
  anyOf: 'schemas',
  oneOf: 'schemas',
  not: 'schema',
  if: 'schema',
  else: 'schema',
  minimum: 'number',
  maximum: 'number',
  exclusiveMinimum: 'any',
  exclusiveMaximum: 'any',
  multipleOf: 'number',
  minLength: 'count',
  maxLength: 'count',
  pattern: 'string',
  format: 'string',
  contentEncoding: 'string',
  contentMediaType: 'string',
  contentSchema: 'schema',
  title: 'string',
  description: 'string',
  default: 'any',
  examples: 'array',
  deprecated: 'boolean',
  readOnly: 'boolean',
  writeOnly: 'boolean',
  nullable: 'boolean',
  example: 'any',
  discriminator: 'any',
};

/** Every keyword with its kind (`then` added apart: an object with a `then` key is a thenable). */
const KEYWORDS: ReadonlyMap<string, KeywordKind> = new Map([
  ...Object.entries(KEYWORD_KINDS),
  ['then', 'schema'] as [string, KeywordKind],
]);

const TYPES: ReadonlySet<string> = new Set([
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'null',
]);

/**
 * Checks that a plain object given as a schema is a JSON Schema: every keyword's value of the kind
 * the JSON Schema meta-schema allows (`type` a type name or a list of them, `properties` an object of
 * schemas, `required` a list of strings, …), recursively. Unlike the meta-schema, which lets any
 * unknown keyword through, an unknown keyword is refused (as Ajv's strict mode does), unless it starts
 * with `x-`: `{ total: 'number' }` is a schema that allows anything, which is never what was meant.
 *
 * @throws ValidationError naming `argument` and the path of the first problem in the schema.
 */
export function checkJsonSchema(schema: object, argument: string): void {
  const problem = schemaProblem(schema, '');
  if (problem !== undefined)
    throw new ValidationError(argument, `is not a JSON Schema: ${problem}`);
}

function schemaProblem(schema: unknown, path: string): string | undefined {
  if (typeof schema === 'boolean') return undefined;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return `${at(path)}must be a schema object or a boolean`;
  }
  for (const [keyword, value] of Object.entries(schema)) {
    const kind = KEYWORDS.get(keyword);
    const here = `${path}/${keyword}`;
    if (kind === undefined) {
      if (keyword.startsWith('x-') || keyword.startsWith('~')) continue;
      return `${at(here)}"${keyword}" is not a JSON Schema keyword${keywordHint(value)}`;
    }
    const problem = valueProblem(kind, value, here);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function valueProblem(kind: KeywordKind, value: unknown, path: string): string | undefined {
  switch (kind) {
    case 'schema':
      return schemaProblem(value, path);
    case 'schemas':
      if (!Array.isArray(value)) return `${at(path)}must be an array of schemas`;
      return firstOf(value.map((item, index) => schemaProblem(item, `${path}/${index}`)));
    case 'schemaOrSchemas':
      return Array.isArray(value)
        ? valueProblem('schemas', value, path)
        : schemaProblem(value, path);
    case 'schemaMap':
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        return `${at(path)}must be an object of schemas`;
      }
      return firstOf(
        Object.entries(value).map(([name, item]) => schemaProblem(item, `${path}/${name}`)),
      );
    case 'type': {
      const names = Array.isArray(value) ? value : [value];
      const bad = names.find((name) => typeof name !== 'string' || !TYPES.has(name));
      return names.length === 0 || bad !== undefined
        ? `${at(path)}must be one of ${[...TYPES].join(', ')} (or a list of them)`
        : undefined;
    }
    case 'strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? undefined
        : `${at(path)}must be an array of strings`;
    case 'array':
      return Array.isArray(value) ? undefined : `${at(path)}must be an array`;
    case 'string':
      return typeof value === 'string' ? undefined : `${at(path)}must be a string`;
    case 'number':
      return typeof value === 'number' ? undefined : `${at(path)}must be a number`;
    case 'count':
      return Number.isInteger(value) && (value as number) >= 0
        ? undefined
        : `${at(path)}must be a non-negative integer`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${at(path)}must be a boolean`;
    case 'any':
      return undefined;
  }
}

/** For `{ total: 'number' }`: the schema that was probably meant. */
function keywordHint(value: unknown): string {
  return typeof value === 'string' && TYPES.has(value)
    ? ` (for a property of type ${value}, write { type: 'object', properties: { <name>: { type: '${value}' } } }, or use typebox: Type.Object({ <name>: Type.${value[0]?.toUpperCase()}${value.slice(1)}() }))`
    : '';
}

function at(path: string): string {
  return path === '' ? '' : `${path}: `;
}

function firstOf(problems: readonly (string | undefined)[]): string | undefined {
  return problems.find((problem) => problem !== undefined);
}
