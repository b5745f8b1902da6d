import type { Static, TSchema } from 'typebox';
import type { StandardJSONSchemaV1, StandardSchemaV1 } from './standard-schema.js';

/**
 * A schema aigo validates with: a typebox schema (the documented default; it is JSON Schema itself),
 * or any Standard Schema — Zod, Valibot, ArkType and the rest. The JSON Schema the model sees comes
 * from the schema itself (typebox), from its Standard JSON Schema converter (Zod ≥ 4.2, ArkType ≥
 * 2.1.28, Valibot through `toStandardJsonSchema()`), or from an explicit `jsonSchema` option.
 */
export type Schema = TSchema | StandardSchemaV1;

/**
 * The type a schema validates to: `StandardSchemaV1.InferOutput` for a Standard Schema (after its
 * transforms and defaults), `Static` for a typebox schema.
 */
export type InferSchema<S> = S extends StandardSchemaV1
  ? StandardSchemaV1.InferOutput<S>
  : S extends TSchema
    ? Static<S>
    : never;

/**
 * The type a schema accepts: `StandardSchemaV1.InferInput` for a Standard Schema (before its
 * transforms), `Static` for a typebox schema.
 */
export type InferSchemaInput<S> = S extends StandardSchemaV1
  ? StandardSchemaV1.InferInput<S>
  : S extends TSchema
    ? Static<S>
    : never;

/**
 * True for a Standard Schema: an object or function (ArkType's types are functions) whose
 * `~standard` property has version 1 and a `validate` function.
 */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const props = (value as { '~standard'?: unknown })['~standard'];
  return (
    props !== null &&
    typeof props === 'object' &&
    (props as { version?: unknown }).version === 1 &&
    typeof (props as { validate?: unknown }).validate === 'function'
  );
}

/** True for a Standard Schema that also converts itself to JSON Schema (Standard JSON Schema). */
export function hasStandardJsonSchema(
  value: StandardSchemaV1,
): value is StandardSchemaV1 & StandardJSONSchemaV1 {
  const converter = (value['~standard'] as { jsonSchema?: unknown }).jsonSchema;
  return (
    converter !== null &&
    typeof converter === 'object' &&
    typeof (converter as { input?: unknown }).input === 'function'
  );
}

/**
 * True for what aigo accepts as a schema: a Standard Schema, or an object (a typebox schema, or a
 * JSON Schema object typebox can compile).
 */
export function isSchema(value: unknown): value is Schema {
  return (
    isStandardSchema(value) ||
    (value !== null && typeof value === 'object' && !Array.isArray(value))
  );
}
