import { type JsonSchema, type Schema, ValidationError, validateSchema } from '@aigo/ai';
import { named } from './check-options.js';
import type { Scorer } from './scorer-types.js';

const FENCE = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/;

/**
 * 1 when the output is valid against `schema`, else 0 with the first issues as the reason. A string
 * output is parsed as JSON first (a ```json fence around it is allowed; nothing is repaired). The
 * schema is a typebox schema, a Standard Schema (Zod, Valibot, ArkType) or a plain JSON Schema
 * (checked with typebox, an optional peer, loaded at the first check).
 *
 * @example
 * scorers: { shape: jsonSchemaValid({ type: 'object', required: ['category'] }) }
 *
 * @throws ValidationError when `schema` is not an object.
 */
export function jsonSchemaValid(schema: Schema | JsonSchema): Scorer {
  if (schema === null || typeof schema !== 'object') {
    throw new ValidationError(
      'schema',
      'must be a typebox schema, a Standard Schema or a JSON Schema object',
    );
  }
  return named('jsonSchemaValid', async (_evalCase, output) => {
    let value = output;
    if (typeof output === 'string') {
      const text = FENCE.exec(output)?.[1] ?? output;
      try {
        value = JSON.parse(text);
      } catch {
        return { score: 0, pass: false, reason: 'the output is not JSON' };
      }
    }
    const result = await validateSchema(schema as Schema, value);
    if (result.ok) return { score: 1, pass: true };
    const issues = result.issues
      .slice(0, 3)
      .map((issue) => `${issue.path === '' ? '(root)' : issue.path}: ${issue.message}`)
      .join('; ');
    return { score: 0, pass: false, reason: issues };
  });
}
