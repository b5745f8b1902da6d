import { describe, expect, it } from 'vitest';
import type { GeminiSchema } from '../wire/gemini-api.js';
import { convertJsonSchemaToGeminiSchema } from './convert-json-schema-to-gemini-schema.js';

interface Case {
  readonly name: string;
  /** The Gemini error this rule avoids. */
  readonly rejection: string;
  readonly input: Record<string, unknown>;
  readonly output: GeminiSchema | undefined;
}

const cases: readonly Case[] = [
  {
    name: 'drops additionalProperties at every level',
    rejection: 'Unknown name "additionalProperties" … Cannot find field',
    input: {
      type: 'object',
      additionalProperties: false,
      properties: {
        tags: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            properties: { k: { type: 'string' } },
          },
        },
      },
    },
    output: {
      type: 'OBJECT',
      properties: {
        tags: { type: 'ARRAY', items: { type: 'OBJECT', properties: { k: { type: 'STRING' } } } },
      },
    },
  },
  {
    name: 'drops $schema, $id and $comment',
    rejection: 'Unknown name "$schema"',
    input: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:x',
      $comment: 'generated',
      type: 'object',
      properties: { a: { type: 'string' } },
    },
    output: { type: 'OBJECT', properties: { a: { type: 'STRING' } } },
  },
  {
    name: 'keeps supported formats and drops the others',
    rejection: 'format: only enum and date-time are supported for STRING',
    input: {
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time' },
        email: { type: 'string', format: 'email' },
        site: { type: 'string', format: 'uri' },
        id: { type: 'string', format: 'uuid' },
        day: { type: 'string', format: 'date' },
        ratio: { type: 'number', format: 'double' },
        count: { type: 'integer', format: 'int64' },
        odd: { type: 'integer', format: 'uint8' },
      },
    },
    output: {
      type: 'OBJECT',
      properties: {
        when: { type: 'STRING', format: 'date-time' },
        email: { type: 'STRING' },
        site: { type: 'STRING' },
        id: { type: 'STRING' },
        day: { type: 'STRING' },
        ratio: { type: 'NUMBER', format: 'double' },
        count: { type: 'INTEGER', format: 'int64' },
        odd: { type: 'INTEGER' },
      },
    },
  },
  {
    name: 'a root object without properties becomes no parameters at all',
    rejection: 'parameters.properties: should be non-empty for OBJECT type',
    input: { type: 'object', properties: {}, required: [] },
    output: undefined,
  },
  {
    name: 'a nested empty object keeps its type but loses the empty properties',
    rejection: 'properties: should be non-empty for OBJECT type',
    input: {
      type: 'object',
      properties: {
        meta: { type: 'object', properties: {}, description: 'free-form' },
        map: { type: 'object', patternProperties: { '^.*$': { type: 'number' } } },
      },
    },
    output: {
      type: 'OBJECT',
      properties: {
        meta: { type: 'OBJECT', description: 'free-form' },
        map: { type: 'OBJECT' },
      },
    },
  },
  {
    name: 'required keeps only names present in properties',
    rejection: 'required[1]: property is not defined',
    input: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city', 'country', 'city'],
    },
    output: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] },
  },
  {
    name: 'anyOf of several types stays anyOf, with nothing beside it',
    rejection: 'When using any_of, it must be the only field set',
    input: {
      description: 'An id or a count',
      anyOf: [{ type: 'string' }, { type: 'integer' }],
    },
    output: {
      anyOf: [
        { type: 'STRING', description: 'An id or a count' },
        { type: 'INTEGER', description: 'An id or a count' },
      ],
    },
  },
  {
    name: 'oneOf becomes anyOf',
    rejection: 'Unknown name "oneOf"',
    input: { oneOf: [{ type: 'string' }, { type: 'boolean' }] },
    output: { anyOf: [{ type: 'STRING' }, { type: 'BOOLEAN' }] },
  },
  {
    name: 'anyOf with null becomes nullable (typebox Optional Union with Null)',
    rejection: 'Proto field is not repeating / any_of[1].type: ""',
    input: { anyOf: [{ type: 'string', description: 'name' }, { type: 'null' }] },
    output: { type: 'STRING', description: 'name', nullable: true },
  },
  {
    name: 'a type array with null becomes one type plus nullable',
    rejection: 'type: Proto field is not repeating, cannot start list',
    input: { type: ['string', 'null'], maxLength: 10 },
    output: { type: 'STRING', maxLength: 10, nullable: true },
  },
  {
    name: 'a type array of several types becomes anyOf, each branch with its own keywords',
    rejection: 'properties: only allowed for OBJECT type; items: field predicate failed',
    input: {
      type: ['object', 'array', 'null'],
      properties: { a: { type: 'string' } },
      required: ['a'],
      items: { type: 'number' },
    },
    output: {
      anyOf: [
        { type: 'OBJECT', properties: { a: { type: 'STRING' } }, required: ['a'], nullable: true },
        { type: 'ARRAY', items: { type: 'NUMBER' }, nullable: true },
      ],
    },
  },
  {
    name: 'const becomes a one-value enum on strings',
    rejection: 'Unknown name "const" … Cannot find field',
    input: {
      type: 'object',
      properties: {
        kind: { const: 'insert_text' },
        version: { const: 2 },
        on: { type: 'boolean', const: true },
      },
    },
    output: {
      type: 'OBJECT',
      properties: {
        kind: { type: 'STRING', enum: ['insert_text'] },
        version: { type: 'INTEGER' },
        on: { type: 'BOOLEAN' },
      },
    },
  },
  {
    name: 'a union of string literals becomes anyOf of one-value enums',
    rejection: 'Unknown name "const"',
    input: { anyOf: [{ const: 'a' }, { const: 'b' }] },
    output: {
      anyOf: [
        { type: 'STRING', enum: ['a'] },
        { type: 'STRING', enum: ['b'] },
      ],
    },
  },
  {
    name: 'an enum with null becomes a nullable string enum',
    rejection: 'enum: only strings',
    input: { enum: ['red', 'green', null] },
    output: { type: 'STRING', enum: ['red', 'green'], nullable: true },
  },
  {
    name: '$ref into $defs is inlined',
    rejection: 'Unknown name "$ref" / "$defs"',
    input: {
      type: 'object',
      $defs: { Point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } },
      properties: {
        from: { $ref: '#/$defs/Point' },
        to: { $ref: '#/$defs/Point', description: 'end' },
      },
    },
    output: {
      type: 'OBJECT',
      properties: {
        from: { type: 'OBJECT', properties: { x: { type: 'NUMBER' } }, required: ['x'] },
        to: {
          type: 'OBJECT',
          description: 'end',
          properties: { x: { type: 'NUMBER' } },
          required: ['x'],
        },
      },
    },
  },
  {
    name: '$ref into definitions (draft-07) is inlined',
    rejection: 'Unknown name "definitions"',
    input: {
      definitions: { Tag: { type: 'string', enum: ['x', 'y'] } },
      type: 'object',
      properties: { tag: { $ref: '#/definitions/Tag' } },
    },
    output: { type: 'OBJECT', properties: { tag: { type: 'STRING', enum: ['x', 'y'] } } },
  },
  {
    name: 'a recursive $ref is cut after one expansion',
    rejection: 'Gemini schemas cannot refer to themselves',
    input: {
      $defs: {
        Node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
          },
        },
      },
      $ref: '#/$defs/Node',
    },
    output: {
      type: 'OBJECT',
      properties: {
        name: { type: 'STRING' },
        children: { type: 'ARRAY', items: { type: 'OBJECT' } },
      },
    },
  },
  {
    name: 'allOf members are merged',
    rejection: 'Unknown name "allOf"',
    input: {
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'integer' } }, required: ['b'] },
      ],
    },
    output: {
      type: 'OBJECT',
      properties: { a: { type: 'STRING' }, b: { type: 'INTEGER' } },
      required: ['a', 'b'],
    },
  },
  {
    name: 'arrays always get items; tuples become anyOf items',
    rejection: 'items: missing field',
    input: {
      type: 'object',
      properties: {
        anything: { type: 'array' },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
      },
    },
    output: {
      type: 'OBJECT',
      properties: {
        anything: { type: 'ARRAY', items: {} },
        pair: { type: 'ARRAY', items: { anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }] } },
      },
    },
  },
  {
    name: 'unsupported keywords are dropped, supported ones kept',
    rejection: 'Unknown name "uniqueItems" / "multipleOf" / "exclusiveMinimum" / "not"',
    input: {
      type: 'object',
      properties: {
        tags: {
          type: 'array',
          items: { type: 'string' },
          uniqueItems: true,
          minItems: 1,
          maxItems: 3,
        },
        step: { type: 'number', multipleOf: 0.5, minimum: 0, maximum: 10 },
        above: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 10 },
        code: { type: 'string', pattern: '^[A-Z]+$', minLength: 2, not: { const: 'XX' } },
        when: { type: 'string', readOnly: true, examples: ['2024-01-01'] },
      },
    },
    output: {
      type: 'OBJECT',
      properties: {
        tags: { type: 'ARRAY', items: { type: 'STRING' }, minItems: 1, maxItems: 3 },
        step: { type: 'NUMBER', minimum: 0, maximum: 10 },
        above: { type: 'INTEGER', minimum: 1, maximum: 9 },
        code: { type: 'STRING', pattern: '^[A-Z]+$', minLength: 2 },
        when: { type: 'STRING', example: '2024-01-01' },
      },
    },
  },
  {
    name: 'types are inferred from keywords when missing',
    rejection: 'type must be specified',
    input: {
      properties: { list: { items: { type: 'string' } }, choice: { enum: ['a', 'b'] } },
      required: ['list'],
    },
    output: {
      type: 'OBJECT',
      properties: {
        list: { type: 'ARRAY', items: { type: 'STRING' } },
        choice: { type: 'STRING', enum: ['a', 'b'] },
      },
      required: ['list'],
    },
  },
];

describe('convertJsonSchemaToGeminiSchema', () => {
  it.each(cases)('$name (avoids: $rejection)', ({ input, output }) => {
    expect(convertJsonSchemaToGeminiSchema(input)).toStrictEqual(output);
  });

  it('does not change its input', () => {
    const input = {
      type: 'object',
      additionalProperties: false,
      properties: { a: { type: ['string', 'null'] } },
      required: ['a', 'b'],
    };
    const copy = structuredClone(input);
    convertJsonSchemaToGeminiSchema(input);
    expect(input).toEqual(copy);
  });

  it('converts the schema typebox generates for an optional nullable field', async () => {
    const { Type } = await import('typebox');
    const schema = Type.Object({
      city: Type.String({ description: 'City name', format: 'hostname' }),
      unit: Type.Optional(Type.Union([Type.Literal('c'), Type.Literal('f')])),
      note: Type.Union([Type.String(), Type.Null()]),
      extra: Type.Record(Type.String(), Type.Number()),
    });
    expect(convertJsonSchemaToGeminiSchema(JSON.parse(JSON.stringify(schema)))).toStrictEqual({
      type: 'OBJECT',
      properties: {
        city: { type: 'STRING', description: 'City name' },
        unit: {
          anyOf: [
            { type: 'STRING', enum: ['c'] },
            { type: 'STRING', enum: ['f'] },
          ],
        },
        note: { type: 'STRING', nullable: true },
        extra: { type: 'OBJECT' },
      },
      required: ['city', 'note', 'extra'],
    });
  });

  it('rejects something that is not a schema object, naming the argument', () => {
    for (const bad of [null, [], 'string', 3]) {
      expect(() =>
        convertJsonSchemaToGeminiSchema(bad as unknown as Record<string, unknown>),
      ).toThrow(expect.objectContaining({ code: 'validation', argument: 'schema' }));
    }
  });
});
