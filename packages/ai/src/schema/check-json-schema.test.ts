import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import { checkJsonSchema } from './check-json-schema.js';
import { schemaToJsonSchema } from './schema-to-json-schema.js';

describe('checkJsonSchema', () => {
  it.each([
    [{}],
    [{ type: 'object', properties: { total: { type: 'number' } }, required: ['total'] }],
    [{ type: ['string', 'null'], 'x-order': 1 }],
    [
      {
        anyOf: [{ type: 'integer', minimum: 0 }, true],
        $defs: { a: { type: 'array', items: { $ref: '#/$defs/a' } } },
      },
    ],
  ])('accepts a JSON Schema: %j', (schema) => {
    expect(() => checkJsonSchema(schema, 'schema')).not.toThrow();
  });

  it.each([
    [{ total: 'number' }, '"total" is not a JSON Schema keyword'],
    [{ type: 'float' }, '/type: must be one of string, number'],
    [
      { type: 'object', properties: { a: { type: 'number', min: 1 } } },
      '/properties/a/min: "min" is not a JSON Schema keyword',
    ],
    [{ required: 'a' }, '/required: must be an array of strings'],
    [{ allOf: {} }, '/allOf: must be an array of schemas'],
    [{ properties: { a: 'number' } }, '/properties/a: must be a schema object or a boolean'],
  ])('refuses %j', (schema, problem) => {
    expect(() => checkJsonSchema(schema, 'schema')).toThrow(problem);
  });

  it("says what was probably meant for { total: 'number' }", () => {
    expect(() => checkJsonSchema({ total: 'number' }, 'schema')).toThrow(
      "Invalid schema: is not a JSON Schema: /total: \"total\" is not a JSON Schema keyword (for a property of type number, write { type: 'object', properties: { <name>: { type: 'number' } } }, or use typebox: Type.Object({ <name>: Type.Number() }))",
    );
  });
});

describe('schemaToJsonSchema with a plain object', () => {
  it('is a ValidationError naming the argument when it is not a JSON Schema', () => {
    expect(() =>
      schemaToJsonSchema({ total: 'number' } as never, { argument: 'options.schema' }),
    ).toThrow(ValidationError);
    expect(() =>
      schemaToJsonSchema({ total: 'number' } as never, { argument: 'options.schema' }),
    ).toThrow(/^Invalid options\.schema: is not a JSON Schema/);
  });

  it('lets typebox schemas and valid JSON Schemas through unchanged', () => {
    const typebox = Type.Object({ total: Type.Number() });
    expect(schemaToJsonSchema(typebox)).toBe(typebox);
    const plain = { type: 'object', properties: { total: { type: 'number' } } };
    expect(schemaToJsonSchema(plain as never)).toBe(plain);
  });
});
