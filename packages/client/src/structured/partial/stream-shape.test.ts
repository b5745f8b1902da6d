import { type JsonSchema, schemaToJsonSchema } from '@aigo/ai';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { elementsShape as elementsOf, streamShape as shapeOf } from './stream-shape.js';

// A typebox schema is JSON Schema; the functions take it as such.
const streamShape = (schema: unknown) => shapeOf(schema as JsonSchema | undefined);
const elementsShape = (schema: unknown, property: string | undefined) =>
  elementsOf(schema as JsonSchema, property);

describe('streamShape', () => {
  it('streams objects and arrays, nullable ones too', () => {
    expect(streamShape(Type.Object({ a: Type.String() }))).toEqual({
      root: 'object',
      discriminator: undefined,
    });
    expect(streamShape(Type.Array(Type.Number()))).toEqual({
      root: 'array',
      discriminator: undefined,
    });
    expect(streamShape({ properties: { a: {} } })?.root).toBe('object');
    expect(streamShape({ type: ['object', 'null'] })?.root).toBe('object');
    expect(streamShape(Type.Union([Type.Object({ a: Type.String() }), Type.Null()]))?.root).toBe(
      'object',
    );
  });

  it('streams a union of objects with a discriminator, and waits for it', () => {
    const Shape = Type.Union([
      Type.Object({ kind: Type.Literal('circle'), radius: Type.Number() }),
      Type.Object({ kind: Type.Literal('square'), side: Type.Number() }),
    ]);
    expect(streamShape(Shape)).toEqual({ root: 'object', discriminator: 'kind' });
    const zod = z.discriminatedUnion('type', [
      z.object({ type: z.literal('a'), x: z.number() }),
      z.object({ type: z.literal('b'), y: z.string() }),
    ]);
    expect(streamShape(schemaToJsonSchema(zod))).toEqual({
      root: 'object',
      discriminator: 'type',
    });
  });

  it('does not stream primitives, unions without a discriminator, or schemas without a type', () => {
    expect(streamShape(Type.String())).toBeUndefined();
    expect(streamShape(Type.Number())).toBeUndefined();
    expect(
      streamShape(
        Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]),
      ),
    ).toBeUndefined();
    expect(
      streamShape(Type.Union([Type.String(), Type.Object({ a: Type.String() })])),
    ).toBeUndefined();
    expect(streamShape({})).toBeUndefined();
    expect(streamShape(undefined)).toBeUndefined();
  });

  it('follows a local $ref at the top', () => {
    const schema = {
      $ref: '#/$defs/Person',
      $defs: { Person: { type: 'object', properties: {} } },
    };
    expect(streamShape(schema)?.root).toBe('object');
    expect(streamShape({ $ref: 'https://example.com/schema' })).toBeUndefined();
  });
});

describe('elementsShape', () => {
  const Trip = Type.Object({
    city: Type.String(),
    days: Type.Array(Type.Object({ day: Type.Integer() })),
  });

  it("is the top-level array's items, or the named array property's", () => {
    expect(elementsShape(Type.Array(Type.String()), undefined)).toEqual({
      at: { kind: 'root' },
      items: Type.String(),
    });
    const days = elementsShape(Trip, 'days');
    expect(days?.at).toEqual({ kind: 'property', name: 'days' });
    expect(days?.items).toMatchObject({ type: 'object', properties: { day: { type: 'integer' } } });
    expect(elementsShape(Trip, undefined)).toBeUndefined();
    expect(elementsShape(Type.Array(Type.Any()), undefined)?.items).toEqual({});
  });

  it('carries the root $defs to items that refer to them', () => {
    const schema = {
      type: 'object',
      properties: { people: { type: 'array', items: { $ref: '#/$defs/Person' } } },
      $defs: { Person: { type: 'object' } },
    };
    expect(elementsShape(schema, 'people')?.items).toEqual({
      $ref: '#/$defs/Person',
      $defs: { Person: { type: 'object' } },
    });
  });

  it('names `elements` when it is not an array property of a top-level object', () => {
    expect(() => elementsShape(Trip, 'city')).toThrow(/"city" is not an array property/);
    expect(() => elementsShape(Trip, 'nope')).toThrow(/"nope" is not an array property/);
    expect(() => elementsShape(Type.Array(Type.String()), 'x')).toThrow(/top level is an array/);
    expect(() => elementsShape(Type.String(), 'x')).toThrow(/top level is an object/);
    expect(() => elementsShape(Trip, '')).toThrow(
      expect.objectContaining({ argument: 'elements' }),
    );
  });
});
