import { ValidationError } from '../errors/validation-error.js';
import type { JsonSchema } from '../json.js';
import { checkJsonSchema } from './check-json-schema.js';
import { hasStandardJsonSchema, isSchema, isStandardSchema, type Schema } from './schema.js';

/** Options of `schemaToJsonSchema`. */
export interface SchemaJsonOptions {
  /**
   * The JSON Schema to show the model instead of the schema's own. Needed for a Standard Schema
   * without a JSON Schema converter; wins over the converter (or the typebox schema) otherwise.
   */
  readonly jsonSchema?: JsonSchema | undefined;
  /** The argument a `ValidationError` names when the schema is unusable. Default `schema`. */
  readonly argument?: string;
}

/** The JSON Schema version asked of Standard JSON Schema converters. */
export const JSON_SCHEMA_TARGET = 'draft-2020-12';

// A memo of converted schemas, keyed by the schema (an object, or an ArkType function): parsing an
// answer reads the JSON Schema of its schema, and converting costs far more than looking up.
const converted = new WeakMap<object, JsonSchema>();
/** Plain-object schemas already checked against the JSON Schema rules (`checkJsonSchema`). */
const checked = new WeakSet<object>();

/**
 * The JSON Schema the model sees for `schema`: `options.jsonSchema` when given; for a Standard
 * Schema, `~standard.jsonSchema.input({ target: 'draft-2020-12' })` (the shape of the value the model
 * must write — what `validate` accepts), without its top-level `$schema` line; for a typebox schema,
 * the schema itself (typebox schemas are JSON Schema).
 *
 * @example
 * schemaToJsonSchema(z.object({ city: z.string() }));
 * // { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }
 *
 * @throws ValidationError naming `options.argument` (default `schema`) when the value is not a
 *   schema, when a plain object is not a JSON Schema (`checkJsonSchema`: `{ total: 'number' }`,
 *   say), when a Standard Schema has no JSON Schema converter and no `jsonSchema` was given, or
 *   when its converter throws (a Zod `z.date()`, say); naming `jsonSchema` when that is not an object.
 */
export function schemaToJsonSchema(schema: Schema, options?: SchemaJsonOptions): JsonSchema {
  const argument = options?.argument ?? 'schema';
  const explicit = options?.jsonSchema;
  if (explicit !== undefined) {
    if (explicit === null || typeof explicit !== 'object' || Array.isArray(explicit)) {
      throw new ValidationError('jsonSchema', 'must be a JSON Schema object');
    }
  }
  if (!isSchema(schema)) {
    throw new ValidationError(
      argument,
      'must be a typebox schema or a Standard Schema (Zod, Valibot, ArkType, …)',
    );
  }
  if (explicit !== undefined) return explicit;
  if (!isStandardSchema(schema)) {
    // A typebox schema is JSON Schema by construction; a plain object must be one.
    if (!('~kind' in schema) && !checked.has(schema)) {
      checkJsonSchema(schema, argument);
      checked.add(schema);
    }
    return schema as JsonSchema;
  }
  const known = converted.get(schema);
  if (known !== undefined) return known;

  const vendor = String(schema['~standard'].vendor);
  if (!hasStandardJsonSchema(schema)) {
    const hint =
      vendor === 'valibot' ? ' (wrap it in toStandardJsonSchema() of @valibot/to-json-schema)' : '';
    throw new ValidationError(
      argument,
      `is a ${vendor} Standard Schema without JSON Schema output${hint}: pass the JSON Schema the model should see as jsonSchema`,
    );
  }
  let produced: unknown;
  try {
    produced = schema['~standard'].jsonSchema.input({ target: JSON_SCHEMA_TARGET });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ValidationError(
      argument,
      `cannot be converted to JSON Schema by ${vendor} (${detail}): pass the JSON Schema the model should see as jsonSchema`,
      { cause: error },
    );
  }
  if (produced === null || typeof produced !== 'object' || Array.isArray(produced)) {
    throw new ValidationError(
      argument,
      `${vendor} converted it to something that is not a JSON Schema object`,
    );
  }
  const { $schema: _dialect, ...jsonSchema } = produced as Record<string, unknown>;
  converted.set(schema, jsonSchema);
  return jsonSchema;
}
