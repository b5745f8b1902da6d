import type { SchemaIssue } from '../errors/higher-layer-errors.js';
import { schemaValidator } from '../tools/schema-validator.js';
import { type InferSchema, isStandardSchema, type Schema } from './schema.js';
import type { StandardSchemaV1 } from './standard-schema.js';

/**
 * The outcome of checking a value against a schema: the value it validated to (a Standard Schema's
 * transforms and defaults applied; for typebox, the value itself), or what is wrong with it.
 */
export type SchemaResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly SchemaIssue[] };

/** Options of `validateSchema`. */
export interface ValidateSchemaOptions {
  /** The most issues reported. Default 5. */
  readonly maxIssues?: number;
}

/**
 * Checks `value` against a typebox schema (compiled once, typebox loaded at the first validation) or
 * a Standard Schema (`~standard.validate`, sync or async). Issues name the failing value by JSON
 * pointer (`/items/0/price`, `''` for the root), whichever library made the schema. Never rejects for
 * an invalid value; a Standard Schema whose `validate` throws yields one issue at the root.
 *
 * @example
 * const result = await validateSchema(z.object({ a: z.number() }), { a: 'x' });
 * // { ok: false, issues: [{ path: '/a', message: 'Invalid input: expected number, received string' }] }
 */
export async function validateSchema<S extends Schema>(
  schema: S,
  value: unknown,
  options?: ValidateSchemaOptions,
): Promise<SchemaResult<InferSchema<S>>> {
  const maxIssues = options?.maxIssues ?? 5;
  if (isStandardSchema(schema)) {
    return (await validateStandard(schema, value, maxIssues)) as SchemaResult<InferSchema<S>>;
  }
  const issues = (await schemaValidator(schema)).issues(value, maxIssues);
  return issues.length === 0 ? { ok: true, value: value as InferSchema<S> } : { ok: false, issues };
}

async function validateStandard(
  schema: StandardSchemaV1,
  value: unknown,
  maxIssues: number,
): Promise<SchemaResult<unknown>> {
  let result: StandardSchemaV1.Result<unknown>;
  try {
    result = await schema['~standard'].validate(value);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, issues: [{ path: '', message: `the schema's validate threw: ${detail}` }] };
  }
  // The spec: a falsy `issues` means success (Valibot also sets `value` on a failure).
  if (!result.issues)
    return { ok: true, value: (result as StandardSchemaV1.SuccessResult<unknown>).value };
  const issues = result.issues.slice(0, maxIssues).map(toSchemaIssue);
  if (issues.length === 0) issues.push({ path: '', message: 'does not match the schema' });
  return { ok: false, issues };
}

function toSchemaIssue(issue: StandardSchemaV1.Issue): SchemaIssue {
  const message =
    typeof issue.message === 'string' && issue.message !== '' ? issue.message : 'is invalid';
  return { path: jsonPointer(issue.path), message };
}

/** `['items', 0, 'price']` (or `{ key }` segments) → `/items/0/price`; no path → `''`. */
function jsonPointer(path: StandardSchemaV1.Issue['path']): string {
  if (path === undefined || path === null) return '';
  let pointer = '';
  for (const segment of path) {
    const key =
      segment !== null && typeof segment === 'object'
        ? (segment as StandardSchemaV1.PathSegment).key
        : segment;
    const text = typeof key === 'symbol' ? (key.description ?? '') : String(key);
    pointer += `/${text.replaceAll('~', '~0').replaceAll('/', '~1')}`;
  }
  return pointer;
}
