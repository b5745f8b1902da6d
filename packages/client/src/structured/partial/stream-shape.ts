import { type JsonSchema, ValidationError } from '@aigo/ai';
import type { ElementsAt } from './element-sink.js';

/**
 * How an answer of a schema streams partially: its top level is an object or an array, or a union of
 * objects told apart by a discriminator (a property every branch has, with a constant value in
 * each): its partials then wait until the discriminator is complete.
 */
export interface StreamShape {
  readonly root: 'object' | 'array';
  readonly discriminator: string | undefined;
}

/** Where a streamed answer's elements are, and the JSON Schema each one is checked against. */
export interface ElementsShape {
  readonly at: ElementsAt;
  /** The items' schema (with the root's `$defs`, when it refers to them); `{}` when none is set. */
  readonly items: JsonSchema;
}

/**
 * The shape an answer of `schema` streams in, or `undefined` when it cannot stream partially: a
 * primitive (a string, a number…), a union without a discriminator, a schema with no type to read.
 * `null` besides the shape (`anyOf: [X, { type: 'null' }]`) is set aside.
 */
export function streamShape(schema: JsonSchema | undefined): StreamShape | undefined {
  if (schema === undefined) return undefined;
  const top = nonNull(resolve(schema, schema), schema);
  if (top === undefined) return undefined;
  const kind = kindOf(top);
  if (kind !== undefined) return { root: kind, discriminator: undefined };
  const branches = unionBranches(top);
  if (branches === undefined) return undefined;
  const objects = branches.map((branch) => resolve(branch, schema));
  if (objects.some((branch) => branch === undefined || kindOf(branch) !== 'object')) {
    return undefined;
  }
  const discriminator = discriminatorOf(objects as JsonSchema[]);
  return discriminator === undefined ? undefined : { root: 'object', discriminator };
}

/**
 * Where the elements of an answer of `schema` are: the items of a top-level array, or of the array
 * property `property` of a top-level object. `undefined` when the answer has no elements to stream
 * (an object and no property named).
 *
 * @throws ValidationError naming `elements` when `property` is not an array property of the
 *   schema's top-level object, or is given for a top-level array.
 */
export function elementsShape(
  schema: JsonSchema | undefined,
  property: string | undefined,
): ElementsShape | undefined {
  const shape = streamShape(schema);
  const root = schema as JsonSchema;
  if (property === undefined) {
    if (shape?.root !== 'array') return undefined;
    const top = nonNull(resolve(root, root), root) as JsonSchema;
    return { at: { kind: 'root' }, items: itemsOf(top, root) };
  }
  if (typeof property !== 'string' || property === '') {
    throw new ValidationError('elements', 'must be the name of an array property of the schema');
  }
  if (shape === undefined || shape.root !== 'object' || shape.discriminator !== undefined) {
    throw new ValidationError(
      'elements',
      shape?.root === 'array'
        ? "the schema's top level is an array: its items are the elements (leave `elements` out)"
        : 'needs a schema whose top level is an object with the array property it names',
    );
  }
  const top = nonNull(resolve(root, root), root) as JsonSchema;
  const properties = top.properties as Record<string, JsonSchema> | undefined;
  const declared = properties?.[property];
  const array = declared === undefined ? undefined : nonNull(resolve(declared, root), root);
  if (array === undefined || kindOf(array) !== 'array') {
    throw new ValidationError(
      'elements',
      `"${property}" is not an array property of the schema's top-level object`,
    );
  }
  return { at: { kind: 'property', name: property }, items: itemsOf(array, root) };
}

function kindOf(schema: JsonSchema): 'object' | 'array' | undefined {
  const type = schema.type;
  if (type === 'object') return 'object';
  if (type === 'array') return 'array';
  if (type === undefined) {
    if (isObject(schema.properties)) return 'object';
    if (isObject(schema.items) || Array.isArray(schema.prefixItems)) return 'array';
  }
  return undefined;
}

function unionBranches(schema: JsonSchema): JsonSchema[] | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  return branches.filter(isObject) as JsonSchema[];
}

/** The one schema left when `null` is set aside (`anyOf: [X, null]`, `type: ['object', 'null']`). */
function nonNull(schema: JsonSchema | undefined, root: JsonSchema): JsonSchema | undefined {
  if (schema === undefined) return undefined;
  const type = schema.type;
  if (Array.isArray(type)) {
    const rest = type.filter((entry) => entry !== 'null');
    return rest.length === 1 ? { ...schema, type: rest[0] } : schema;
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) {
    const rest = branches.filter(
      (branch) => !(isObject(branch) && (branch as JsonSchema).type === 'null'),
    );
    if (rest.length === 1 && rest.length < branches.length) {
      return resolve(rest[0] as JsonSchema, root);
    }
  }
  return schema;
}

/** A local `$ref` (`#/$defs/X`, `#/definitions/X`) read from the root; other schemas as they are. */
function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema | undefined {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  if (ref === '#') return root;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  if (match === null) return undefined;
  const defs = root[match[1] as string] as Record<string, JsonSchema> | undefined;
  const target =
    defs?.[decodeURIComponent((match[2] as string).replaceAll('~1', '/').replaceAll('~0', '~'))];
  return target === undefined ? undefined : resolve(target, root);
}

/** The property every branch has with a constant value (`const`, or an `enum` of one). */
function discriminatorOf(branches: readonly JsonSchema[]): string | undefined {
  const first = branches[0]?.properties as Record<string, JsonSchema> | undefined;
  if (first === undefined) return undefined;
  for (const name of Object.keys(first)) {
    if (
      branches.every((branch) => {
        const property = (branch.properties as Record<string, JsonSchema> | undefined)?.[name];
        return property !== undefined && isConstant(property);
      })
    ) {
      return name;
    }
  }
  return undefined;
}

function isConstant(schema: JsonSchema): boolean {
  return 'const' in schema || (Array.isArray(schema.enum) && schema.enum.length === 1);
}

/** An array schema's items, with the root's definitions when they are referred to. */
function itemsOf(array: JsonSchema, root: JsonSchema): JsonSchema {
  const items = array.items;
  if (!isObject(items)) return {};
  const item = items as JsonSchema;
  const defs = root.$defs ?? root.definitions;
  if (defs === undefined || !JSON.stringify(item).includes('"$ref"')) return item;
  return {
    ...item,
    ...(root.$defs === undefined ? {} : { $defs: root.$defs }),
    ...(root.definitions === undefined ? {} : { definitions: root.definitions }),
  };
}

function isObject(value: unknown): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
