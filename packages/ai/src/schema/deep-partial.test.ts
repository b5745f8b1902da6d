import { Type } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import type { DeepPartial } from './deep-partial.js';
import type { InferSchema } from './schema.js';

describe('DeepPartial', () => {
  it('makes every property optional at every depth; arrays hold partial elements', () => {
    type Order = {
      id: string;
      total: number;
      paid: boolean;
      note: string | null;
      lines: { sku: string; qty: number }[];
      customer: { name: string; tags: readonly string[] };
    };
    expectTypeOf<DeepPartial<Order>>().toEqualTypeOf<{
      id?: string;
      total?: number;
      paid?: boolean;
      note?: string | null;
      lines?: { sku?: string; qty?: number }[];
      customer?: { name?: string; tags?: readonly string[] };
    }>();
    const partial: DeepPartial<Order> = { id: 'o-1', lines: [{ sku: 'A' }, {}], customer: {} };
    expect(partial.lines).toHaveLength(2);
  });

  it('leaves primitives, unknown and top-level arrays as the value itself would be', () => {
    expectTypeOf<DeepPartial<string>>().toEqualTypeOf<string>();
    expectTypeOf<DeepPartial<number | null>>().toEqualTypeOf<number | null>();
    expectTypeOf<DeepPartial<unknown>>().toEqualTypeOf<unknown>();
    expectTypeOf<DeepPartial<{ a: number }[]>>().toEqualTypeOf<{ a?: number }[]>();
    expectTypeOf<DeepPartial<'a' | 'b'>>().toEqualTypeOf<'a' | 'b'>();
  });

  it('is inferred from a JSON Schema (as const) as its data is', () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'array', items: { type: 'integer' } } },
      required: ['city', 'days'],
    } as const;
    expectTypeOf<DeepPartial<InferSchema<typeof schema>>>().toEqualTypeOf<{
      city?: string;
      days?: number[];
    }>();
  });

  it('is inferred from a typebox schema and a Standard Schema as their data is', () => {
    const Person = Type.Object({ name: Type.String(), pets: Type.Array(Type.String()) });
    expectTypeOf<DeepPartial<InferSchema<typeof Person>>>().toEqualTypeOf<{
      name?: string;
      pets?: string[];
    }>();
    const Shape = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('circle'), radius: z.number() }),
      z.object({ kind: z.literal('square'), side: z.number() }),
    ]);
    expectTypeOf<DeepPartial<InferSchema<typeof Shape>>>().toEqualTypeOf<
      { kind?: 'circle'; radius?: number } | { kind?: 'square'; side?: number }
    >();
  });
});
