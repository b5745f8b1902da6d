import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import Type from 'typebox';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { ValidationError } from '../errors/validation-error.js';
import { defineTool, type NoInput } from './define-tool.js';
import { parseToolErrorEnvelope } from './tool-envelope.js';

function envelope(text: string) {
  const parsed = parseToolErrorEnvelope(text);
  if (parsed === undefined) throw new Error(`not an error envelope: ${text}`);
  return parsed.error;
}

const zodWeather = defineTool({
  name: 'weather',
  description: 'Forecast for a city',
  input: z.object({
    city: z.string().describe('City name'),
    days: z.number().int().min(1).max(7).default(3),
    units: z.enum(['c', 'f']).optional(),
    stops: z.array(z.object({ lat: z.number(), lon: z.number() })).optional(),
  }),
  output: z.object({ city: z.string(), days: z.number(), summary: z.string() }),
  execute: ({ city, days }) => ({ city, days, summary: `sunny for ${days} days` }),
});

const valibotWeather = defineTool({
  name: 'weather',
  description: 'Forecast for a city',
  input: toStandardJsonSchema(
    v.object({
      city: v.pipe(v.string(), v.description('City name')),
      stops: v.optional(v.array(v.object({ lat: v.number(), lon: v.number() }))),
    }),
  ),
  output: v.object({ city: v.string(), stops: v.number() }),
  execute: ({ city, stops }) => ({ city, stops: stops?.length ?? 0 }),
});

describe('defineTool with Zod 4', () => {
  it('shows the model the JSON Schema of the input (draft 2020-12, without $schema)', () => {
    expect(zodWeather.description.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
        units: { type: 'string', enum: ['c', 'f'] },
        stops: {
          type: 'array',
          items: {
            type: 'object',
            properties: { lat: { type: 'number' }, lon: { type: 'number' } },
            required: ['lat', 'lon'],
          },
        },
      },
      // Zod's input side: unknown keys are stripped by validation, so they are allowed here.
      required: ['city'],
    });
  });

  it('runs a valid call on the validated value (the default applied) and checks the output', async () => {
    const result = await zodWeather.callWithResult('{"city":"Paris"}');
    expect(result).toEqual({
      output: '{"city":"Paris","days":3,"summary":"sunny for 3 days"}',
      structuredContent: { city: 'Paris', days: 3, summary: 'sunny for 3 days' },
    });
  });

  it('turns invalid JSON into an invalid_json envelope', async () => {
    const error = envelope(await zodWeather.call('{"city":'));
    expect(error.code).toBe('invalid_json');
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('names the failing paths of invalid arguments, nested ones included', async () => {
    const error = envelope(
      await zodWeather.call('{"days":9,"units":"k","stops":[{"lat":1,"lon":"east"}]}'),
    );
    expect(error.code).toBe('invalid_arguments');
    expect(error.message).toMatch(/^Invalid arguments for weather: /);
    expect(error.message).toContain('/city: ');
    expect(error.message).toContain('/days: ');
    expect(error.message).toContain('/units: ');
    expect(error.message).toContain('/stops/0/lon: ');
  });

  it('reports an output the output schema rejects as invalid_output, with its path', async () => {
    const tool = defineTool({
      name: 'out',
      description: 'd',
      output: z.object({ ok: z.boolean() }),
      execute: () => ({ ok: 'yes' }) as unknown as { ok: boolean },
    });
    const error = envelope(await tool.call('{}'));
    expect(error.code).toBe('invalid_output');
    expect(error.message).toContain('/ok: ');
  });

  it('sends the value the output schema validated to (its transforms applied)', async () => {
    const tool = defineTool({
      name: 'count',
      description: 'd',
      input: z.object({ words: z.string() }),
      output: z.object({ words: z.string().transform((text) => text.split(' ').length) }),
      execute: ({ words }) => {
        expectTypeOf(words).toEqualTypeOf<string>();
        return { words };
      },
    });
    expect(await tool.call('{"words":"one two three"}')).toBe('{"words":3}');
    // Called directly, execute is the function as written: no validation, no transform.
    expect(await tool.execute({ words: 'a b' })).toEqual({ words: 'a b' });
  });

  it('awaits an asynchronous validation (an async refinement)', async () => {
    const tool = defineTool({
      name: 'book',
      description: 'd',
      input: z.object({
        room: z.string().refine(async (room) => room.startsWith('R'), 'no such room'),
      }),
      execute: ({ room }) => room,
    });
    expect(await tool.call('{"room":"R12"}')).toBe('"R12"');
    expect(envelope(await tool.call('{"room":"X1"}')).message).toBe(
      'Invalid arguments for book: /room: no such room',
    );
  });

  it('infers execute input and output types from the schemas', () => {
    defineTool({
      name: 't',
      description: 'd',
      input: z.object({
        city: z.string(),
        days: z.number().default(3),
        note: z.string().optional(),
      }),
      output: z.object({ total: z.string().transform(Number) }),
      execute(input) {
        expectTypeOf(input).toEqualTypeOf<{
          city: string;
          days: number;
          note?: string | undefined;
        }>();
        // The output schema checks what execute returns: its input type.
        return { total: '3' };
      },
    });
    expectTypeOf(zodWeather.execute).parameter(0).toEqualTypeOf<{
      city: string;
      days: number;
      units?: 'c' | 'f' | undefined;
      stops?: { lat: number; lon: number }[] | undefined;
    }>();
    expectTypeOf(zodWeather.execute).returns.resolves.toEqualTypeOf<{
      city: string;
      days: number;
      summary: string;
    }>();
  });

  it('refuses a schema that Zod cannot convert to JSON Schema, unless jsonSchema is given', async () => {
    const input = z.object({ when: z.date() });
    const attempt = () => defineTool({ name: 'at', description: 'd', input, execute: () => null });
    expect(attempt).toThrow(ValidationError);
    expect(attempt).toThrow(
      /Invalid input: cannot be converted to JSON Schema by zod .*jsonSchema/,
    );

    const jsonSchema = {
      type: 'object',
      properties: { when: { type: 'string', format: 'date-time' } },
      required: ['when'],
    };
    const at = defineTool({
      name: 'at',
      description: 'd',
      input: z.object({ when: z.coerce.date() }),
      jsonSchema,
      execute: ({ when }) => when.toISOString(),
    });
    expect(at.description.parameters).toBe(jsonSchema);
    expect(await at.call('{"when":"2026-05-01T10:00:00Z"}')).toBe('"2026-05-01T10:00:00.000Z"');
  });
});

describe('defineTool with Valibot', () => {
  it('shows the model the JSON Schema from toStandardJsonSchema()', () => {
    expect(valibotWeather.description.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name' },
        stops: {
          type: 'array',
          items: {
            type: 'object',
            properties: { lat: { type: 'number' }, lon: { type: 'number' } },
            required: ['lat', 'lon'],
          },
        },
      },
      required: ['city'],
    });
  });

  it('runs a valid call, validating the output with a plain Valibot schema', async () => {
    expect(await valibotWeather.call('{"city":"Rome","stops":[{"lat":1,"lon":2}]}')).toBe(
      '{"city":"Rome","stops":1}',
    );
  });

  it('names the failing paths in the envelope', async () => {
    expect(envelope(await valibotWeather.call('not json')).code).toBe('invalid_json');
    const error = envelope(await valibotWeather.call('{"stops":[{"lat":1,"lon":"x"}]}'));
    expect(error.code).toBe('invalid_arguments');
    expect(error.message).toContain('/city: Invalid key: Expected "city" but received undefined');
    expect(error.message).toContain('/stops/0/lon: Invalid type: Expected number');
  });

  it('infers the input type', () => {
    expectTypeOf(valibotWeather.execute)
      .parameter(0)
      .toEqualTypeOf<{ city: string; stops?: { lat: number; lon: number }[] | undefined }>();
  });

  it('takes a schema without JSON Schema output with an explicit jsonSchema, and says so without', async () => {
    const input = v.object({ q: v.pipe(v.string(), v.minLength(2)) });
    expect(() => defineTool({ name: 's', description: 'd', input, execute: () => 1 })).toThrow(
      /Invalid input: is a valibot Standard Schema without JSON Schema output \(wrap it in toStandardJsonSchema\(\) of @valibot\/to-json-schema\)/,
    );
    const search = defineTool({
      name: 's',
      description: 'd',
      input,
      jsonSchema: { type: 'object', properties: { q: { type: 'string', minLength: 2 } } },
      execute: ({ q }) => q.toUpperCase(),
    });
    expect(search.description.parameters).toEqual({
      type: 'object',
      properties: { q: { type: 'string', minLength: 2 } },
    });
    expect(await search.call('{"q":"ab"}')).toBe('"AB"');
    expect(envelope(await search.call('{"q":"a"}')).message).toContain('/q: ');
  });
});

describe('defineTool schema checks', () => {
  it('names input, jsonSchema or output when they cannot be used', () => {
    const execute = () => null;
    expect(() =>
      defineTool({ name: 'x', description: 'd', input: z.string() as never, execute }),
    ).toThrow(
      expect.objectContaining({
        argument: 'input',
        message: expect.stringMatching(/object schema/),
      }),
    );
    expect(() =>
      defineTool({ name: 'x', description: 'd', input: 'object' as never, execute }),
    ).toThrow(expect.objectContaining({ argument: 'input' }));
    expect(() =>
      defineTool({
        name: 'x',
        description: 'd',
        input: z.object({}),
        jsonSchema: { type: 'string' },
        execute,
      }),
    ).toThrow(expect.objectContaining({ argument: 'jsonSchema' }));
    expect(() =>
      defineTool({ name: 'x', description: 'd', jsonSchema: { type: 'object' }, execute }),
    ).toThrow(expect.objectContaining({ argument: 'jsonSchema' }));
    expect(() =>
      defineTool({
        name: 'x',
        description: 'd',
        input: z.object({}),
        jsonSchema: [] as never,
        execute,
      }),
    ).toThrow(expect.objectContaining({ argument: 'jsonSchema' }));
    expect(() => defineTool({ name: 'x', description: 'd', output: 3, execute } as never)).toThrow(
      expect.objectContaining({ argument: 'output' }),
    );
  });

  it('lets jsonSchema replace the JSON Schema of a typebox input too', () => {
    const jsonSchema = { type: 'object', properties: { a: { type: 'number' } } };
    const tool = defineTool({
      name: 'x',
      description: 'd',
      input: Type.Object({ a: Type.Number() }),
      jsonSchema,
      execute: ({ a }) => a,
    });
    expect(tool.description.parameters).toBe(jsonSchema);
  });

  it('keeps NoInput for a tool without input', () => {
    const now = defineTool({ name: 'now', description: 'd', execute: () => 1 });
    expectTypeOf(now.execute).parameter(0).toEqualTypeOf<NoInput>();
  });
});

describe('README example (Schemas: typebox or any Standard Schema)', () => {
  it('runs as written', async () => {
    const forecast = defineTool({
      name: 'forecast',
      description: 'Weather forecast for a city',
      input: z.object({
        city: z.string().describe('City name, e.g. "Paris"'),
        days: z.number().int().min(1).max(7).default(3),
      }),
      execute: ({ city, days }) => ({ city, days, summary: 'sunny' }), // days: number, defaulted
    });

    expect(forecast.description.parameters).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name, e.g. "Paris"' },
        days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
      },
      required: ['city'],
    });
    expect(await forecast.call('{"city":"Paris"}')).toBe(
      '{"city":"Paris","days":3,"summary":"sunny"}',
    );
    expect(await forecast.call('{"days":9}')).toBe(
      '{"ok":false,"error":{"code":"invalid_arguments","message":"Invalid arguments for forecast: /city: Invalid input: expected string, received undefined; /days: Too big: expected number to be <=7"}}',
    );
  });
});

describe('defineTool with ArkType (a schema that is a function)', () => {
  const booking = defineTool({
    name: 'book',
    description: 'Books a stay',
    input: type({ city: 'string', 'nights?': '1 <= number.integer <= 7' }),
    execute: ({ city, nights }) => `${city} × ${nights ?? 1}`,
  });

  it('shows the model its JSON Schema and types execute', () => {
    expect(booking.description.parameters).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, nights: { type: 'integer', minimum: 1, maximum: 7 } },
      required: ['city'],
    });
    expectTypeOf(booking.execute).parameter(0).toEqualTypeOf<{ city: string; nights?: number }>();
  });

  it('runs valid calls and names the failing paths of invalid ones', async () => {
    expect(await booking.call('{"city":"Oslo","nights":2}')).toBe('"Oslo × 2"');
    const error = envelope(await booking.call('{"nights":9}'));
    expect(error.code).toBe('invalid_arguments');
    expect(error.message).toBe(
      'Invalid arguments for book: /city: city must be a string (was missing); /nights: nights must be at most 7 (was 9)',
    );
  });
});
