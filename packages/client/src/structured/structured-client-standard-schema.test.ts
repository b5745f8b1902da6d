import { ParseError, ValidationError } from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import { createStructuredClient, type StructuredResponse } from './structured-client.js';

const ZodPerson = z.object({
  name: z.string().describe('Full name'),
  age: z.number().int().min(0),
  born: z.string().transform((year) => Number(year)),
  tags: z.array(z.string()).default([]),
});

const ZOD_PERSON_JSON_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Full name' },
    age: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
    born: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' }, default: [] },
  },
  required: ['name', 'age', 'born'],
};

const ValibotPerson = toStandardJsonSchema(
  v.object({ name: v.string(), age: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
);

describe('createStructuredClient with Zod 4', () => {
  it('sends the JSON Schema natively and types data as the output (transforms and defaults applied)', async () => {
    const provider = createFakeProvider().text('{"name":"Ada","age":36,"born":"1815"}');
    const people = createStructuredClient(provider, { schema: ZodPerson, env: {} });
    const response = await people.sendMessage('Invent a person.');
    expectTypeOf(response).toEqualTypeOf<
      StructuredResponse<{ name: string; age: number; born: number; tags: string[] }>
    >();
    expect(response.data).toEqual({ name: 'Ada', age: 36, born: 1815, tags: [] });
    expect(people.jsonSchema).toEqual(ZOD_PERSON_JSON_SCHEMA);
    expect(provider.lastRequest?.responseFormat).toEqual({
      type: 'json',
      schema: ZOD_PERSON_JSON_SCHEMA,
      name: 'response',
    });
    expect(people.schema).toBe(ZodPerson);
  });

  it('in prompt mode writes the JSON Schema into the system prompt', async () => {
    const provider = createFakeProvider().text('{"name":"A","age":1,"born":"2000"}');
    const people = createStructuredClient(provider, {
      schema: ZodPerson,
      structuredOutput: 'prompt',
      env: {},
    });
    await people.sendMessage('x');
    expect(people.jsonSchema).toEqual(ZOD_PERSON_JSON_SCHEMA);
    expect(provider.lastRequest?.responseFormat).toBeUndefined();
    expect(provider.lastRequest?.systemPrompt).toContain(JSON.stringify(people.jsonSchema));
  });

  it('repairs the answer, then validates it with Zod', async () => {
    const provider = createFakeProvider().text(
      "Here:\n```json\n{name: 'Ada', age: 36, born: '1815', tags: ['math',],}\n```",
    );
    const { data } = await createStructuredClient(provider, {
      schema: ZodPerson,
      env: {},
    }).sendMessage('x');
    expect(data).toEqual({ name: 'Ada', age: 36, born: 1815, tags: ['math'] });
  });

  it('rejects with ParseError naming the failing paths, and stores nothing', async () => {
    const usage = { promptTokens: 5, completionTokens: 5, totalTokens: 10 };
    const provider = createFakeProvider().text('{"name":"Ada","age":-3,"tags":[1]}', { usage });
    const memory = inMemoryMemory();
    const people = createStructuredClient(provider, { schema: ZodPerson, memory, env: {} });
    const error = await people.sendMessage('x').catch((reason: unknown) => reason);
    expect(ParseError.isInstance(error)).toBe(true);
    const parseError = error as ParseError;
    expect(parseError.issues.map((issue) => issue.path)).toEqual(['/age', '/born', '/tags/0']);
    expect(parseError.message).toMatch(/^The answer does not match the schema: \/age: .*\/born: /);
    expect(parseError.usage).toEqual(usage);
    expect(memory.size).toBe(0);
  });

  it('refuses a schema Zod cannot convert, unless its JSON Schema is given', async () => {
    const Meeting = z.object({ at: z.date() });
    expect(() => createStructuredClient(createFakeProvider(), { schema: Meeting })).toThrow(
      expect.objectContaining({
        argument: 'schema',
        message: expect.stringMatching(/cannot be converted to JSON Schema by zod/),
      }),
    );
    const jsonSchema = { type: 'object', properties: { at: { type: 'string' } } };
    const provider = createFakeProvider().text('{"at":"2026-05-01T10:00:00Z"}');
    const meetings = createStructuredClient(provider, {
      schema: z.object({ at: z.coerce.date() }),
      jsonSchema,
      env: {},
    });
    const { data } = await meetings.sendMessage('When?');
    expectTypeOf(data.at).toEqualTypeOf<Date>();
    expect(data.at.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(provider.lastRequest?.responseFormat).toMatchObject({
      type: 'json',
      schema: jsonSchema,
    });
  });
});

describe('createStructuredClient with Valibot', () => {
  it('sends the JSON Schema of toStandardJsonSchema() and types data', async () => {
    const provider = createFakeProvider()
      .text('{"name":"Ada","age":36}')
      .text('{"name":"Ada","age":37}');
    const memory = inMemoryMemory();
    const people = createStructuredClient(provider, { schema: ValibotPerson, memory, env: {} });
    const first = await people.sendMessage('Invent a person.');
    expectTypeOf(first.data).toEqualTypeOf<{ name: string; age: number }>();
    expect(first.data).toEqual({ name: 'Ada', age: 36 });
    expect(provider.lastRequest?.responseFormat).toMatchObject({
      schema: {
        type: 'object',
        properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
        required: ['name', 'age'],
      },
    });
    expect((await people.continueConversation()).data.age).toBe(37);
  });

  it('names the failing path in the ParseError', async () => {
    const provider = createFakeProvider().text('{"name":"Ada","age":3.5}');
    const error = await createStructuredClient(provider, { schema: ValibotPerson, env: {} })
      .sendMessage('x')
      .catch((reason: unknown) => reason);
    expect(ParseError.isInstance(error)).toBe(true);
    expect((error as ParseError).issues).toEqual([
      { path: '/age', message: 'Invalid integer: Received 3.5' },
    ]);
  });

  it('takes a plain Valibot schema with an explicit jsonSchema, and names schema without one', async () => {
    const Plain = v.object({ name: v.string() });
    expect(() => createStructuredClient(createFakeProvider(), { schema: Plain })).toThrow(
      expect.objectContaining({
        argument: 'schema',
        message: expect.stringMatching(/toStandardJsonSchema/),
      }),
    );
    const jsonSchema = { type: 'object', properties: { name: { type: 'string' } } };
    const provider = createFakeProvider().text('[{"name":"Ada"}]');
    const people = createStructuredClient(provider, { schema: Plain, jsonSchema, env: {} });
    // The jsonSchema also guides the lenient reading: an array where an object is expected.
    expect((await people.sendMessage('x')).data).toEqual({ name: 'Ada' });
    expect(provider.lastRequest?.responseFormat).toMatchObject({
      type: 'json',
      schema: jsonSchema,
    });
  });

  it('checks jsonSchema', () => {
    expect(() =>
      createStructuredClient(createFakeProvider(), {
        schema: ValibotPerson,
        jsonSchema: 'object' as never,
      }),
    ).toThrow(ValidationError);
  });
});
