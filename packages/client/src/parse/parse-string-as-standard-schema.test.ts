import { ParseError } from '@aigo/ai';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { parseStringAs } from './parse-string-as.js';

describe('parseStringAs with Zod 4', () => {
  it('reads primitives as the JSON Schema says (trimmed, unfenced, unquoted)', async () => {
    await expect(parseStringAs(' 42\n', z.number().int())).resolves.toBe(42);
    await expect(parseStringAs('```\ntrue\n```', z.boolean())).resolves.toBe(true);
    await expect(parseStringAs('  keep me  ', z.string())).resolves.toBe('  keep me  ');
    await expect(parseStringAs('"sad"', z.enum(['happy', 'sad']))).resolves.toBe('sad');
    const error = await parseStringAs('about 42', z.number()).catch((reason: unknown) => reason);
    expect(ParseError.isInstance(error) && error.message).toBe(
      'The answer is not a number: (root): expected a number',
    );
  });

  it('returns the value the schema validated to, typed as its output', async () => {
    const schema = z.object({
      when: z.string().transform((text) => text.length),
      n: z.number().default(1),
    });
    const value = await parseStringAs('{"when":"today"}', schema);
    expectTypeOf(value).toEqualTypeOf<{ when: number; n: number }>();
    expect(value).toEqual({ when: 5, n: 1 });
  });

  it('reshapes as the JSON Schema allows: first element for an object, wrap for an array', async () => {
    const Person = z.object({ name: z.string() });
    await expect(parseStringAs('[{"name":"Ada"}]', Person)).resolves.toEqual({ name: 'Ada' });
    await expect(parseStringAs('{"name":"Ada"}', z.array(Person))).resolves.toEqual([
      { name: 'Ada' },
    ]);
  });

  it('names failing paths in the ParseError', async () => {
    const error = (await parseStringAs(
      '{"items":[{"p":1},{"p":"x"}]}',
      z.object({
        items: z.array(z.object({ p: z.number() })),
      }),
    ).catch((reason: unknown) => reason)) as ParseError;
    expect(error.issues).toEqual([
      { path: '/items/1/p', message: 'Invalid input: expected number, received string' },
    ]);
  });
});

describe('parseStringAs with Valibot', () => {
  it('reads through toStandardJsonSchema()', async () => {
    const schema = toStandardJsonSchema(v.object({ total: v.number() }));
    await expect(parseStringAs('Total: ```json\n{"total": 3,}\n```', schema)).resolves.toEqual({
      total: 3,
    });
  });

  it('reads a schema without JSON Schema as JSON first, then as the plain text', async () => {
    await expect(parseStringAs('{"a": 1}', v.object({ a: v.number() }))).resolves.toEqual({ a: 1 });
    await expect(parseStringAs('hello there', v.string())).resolves.toBe('hello there');
    await expect(parseStringAs('42', v.string())).resolves.toBe('42');
    const error = (await parseStringAs('no json', v.object({ a: v.number() })).catch(
      (reason: unknown) => reason,
    )) as ParseError;
    expect(error.issues[0]?.path).toBe('');
  });

  it('takes a jsonSchema that guides the reading', async () => {
    await expect(
      parseStringAs(' 7 ', v.number(), { jsonSchema: { type: 'number' } }),
    ).resolves.toBe(7);
    await expect(
      parseStringAs('7', v.number(), { jsonSchema: 'number' as never }),
    ).rejects.toMatchObject({ argument: 'jsonSchema' });
  });
});
