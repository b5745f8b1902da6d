import { toStandardJsonSchema } from '@valibot/to-json-schema';
import Type from 'typebox';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { type SchemaResult, validateSchema } from './validate-schema.js';

describe('validateSchema', () => {
  it('returns the value a Zod schema validated to, typed as its output', async () => {
    const schema = z.object({ n: z.string().transform(Number), tag: z.string().default('x') });
    const result = await validateSchema(schema, { n: '42' });
    expectTypeOf(result).toEqualTypeOf<SchemaResult<{ n: number; tag: string }>>();
    expect(result).toEqual({ ok: true, value: { n: 42, tag: 'x' } });
  });

  it('returns a typebox-checked value as it is', async () => {
    const value = { a: 1 };
    const result = await validateSchema(Type.Object({ a: Type.Number() }), value);
    expectTypeOf(result).toEqualTypeOf<SchemaResult<{ a: number }>>();
    expect(result.ok && result.value).toBe(value);
  });

  it('names failing values by JSON pointer, escaping ~ and /', async () => {
    const schema = z.object({ 'a/b': z.object({ 'c~d': z.array(z.number()) }) });
    expect(await validateSchema(schema, { 'a/b': { 'c~d': [1, 'two'] } })).toEqual({
      ok: false,
      issues: [
        { path: '/a~1b/c~0d/1', message: 'Invalid input: expected number, received string' },
      ],
    });
  });

  it("reads Valibot's path segments ({ key }) and ignores the value Valibot sets on a failure", async () => {
    const schema = toStandardJsonSchema(v.object({ items: v.array(v.object({ p: v.number() })) }));
    const result = await validateSchema(schema, { items: [{ p: 1 }, { p: 'x' }] });
    expect(result).toEqual({
      ok: false,
      issues: [{ path: '/items/1/p', message: 'Invalid type: Expected number but received "x"' }],
    });
  });

  it('reports at most maxIssues issues (default 5)', async () => {
    const schema = z.array(z.number());
    const many = await validateSchema(schema, ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(many.ok === false && many.issues.map((issue) => issue.path)).toEqual([
      '/0',
      '/1',
      '/2',
      '/3',
      '/4',
    ]);
    const two = await validateSchema(schema, ['a', 'b', 'c'], { maxIssues: 2 });
    expect(two.ok === false && two.issues).toHaveLength(2);
  });

  it('turns a validate that throws into one issue at the root', async () => {
    const schema = z.string().refine(() => {
      throw new Error('lookup failed');
    });
    expect(await validateSchema(schema, 'x')).toEqual({
      ok: false,
      issues: [{ path: '', message: "the schema's validate threw: lookup failed" }],
    });
  });
});
