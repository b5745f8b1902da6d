import { toStandardJsonSchema } from '@valibot/to-json-schema';
import Type from 'typebox';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ValidationError } from '../errors/validation-error.js';
import { isStandardSchema } from './schema.js';
import { schemaToJsonSchema } from './schema-to-json-schema.js';

describe('schemaToJsonSchema', () => {
  it('returns a typebox schema as it is: it is JSON Schema', () => {
    const Person = Type.Object({ name: Type.String() });
    expect(schemaToJsonSchema(Person)).toBe(Person);
  });

  it('asks a Zod schema for its input JSON Schema (draft 2020-12) and drops the $schema line', () => {
    const schema = z.object({ n: z.string().transform(Number), tag: z.string().default('x') });
    expect(schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' })).toHaveProperty(
      '$schema',
      'https://json-schema.org/draft/2020-12/schema',
    );
    // The input side: what the model writes and validation accepts (the transform's string, the
    // defaulted field optional).
    expect(schemaToJsonSchema(schema)).toEqual({
      type: 'object',
      properties: { n: { type: 'string' }, tag: { type: 'string', default: 'x' } },
      required: ['n'],
    });
  });

  it('converts each schema once', () => {
    const schema = z.object({ a: z.number() });
    expect(schemaToJsonSchema(schema)).toBe(schemaToJsonSchema(schema));
  });

  it('takes Valibot through toStandardJsonSchema()', () => {
    const schema = toStandardJsonSchema(v.array(v.number()));
    expect(schemaToJsonSchema(schema)).toEqual({ type: 'array', items: { type: 'number' } });
  });

  it('lets an explicit jsonSchema win, and requires it for a schema without JSON Schema output', () => {
    const explicit = { type: 'number' };
    expect(schemaToJsonSchema(z.number(), { jsonSchema: explicit })).toBe(explicit);
    expect(schemaToJsonSchema(v.number(), { jsonSchema: explicit })).toBe(explicit);
    expect(isStandardSchema(v.number())).toBe(true);
    expect(() => schemaToJsonSchema(v.number(), { argument: 'schema' })).toThrow(
      expect.objectContaining({
        argument: 'schema',
        message: expect.stringMatching(/valibot Standard Schema without JSON Schema output/),
      }),
    );
  });

  it('names the argument when the value is no schema or cannot be converted', () => {
    expect(() => schemaToJsonSchema('string' as never, { argument: 'output' })).toThrow(
      expect.objectContaining({ argument: 'output' }),
    );
    expect(() => schemaToJsonSchema(null as never)).toThrow(ValidationError);
    expect(() => schemaToJsonSchema([] as never)).toThrow(
      expect.objectContaining({ argument: 'schema' }),
    );
    expect(() => schemaToJsonSchema(z.date())).toThrow(
      /Invalid schema: cannot be converted to JSON Schema by zod \(Date cannot be represented in JSON Schema\)/,
    );
    expect(() => schemaToJsonSchema(z.number(), { jsonSchema: 'x' as never })).toThrow(
      expect.objectContaining({ argument: 'jsonSchema' }),
    );
  });
});
