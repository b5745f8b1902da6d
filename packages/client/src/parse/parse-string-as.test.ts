import { ParseError, ValidationError } from '@aigo/ai';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { parseStringAs } from './parse-string-as.js';

const Person = Type.Object({ name: Type.String(), age: Type.Number() });

async function parseFailure(promise: Promise<unknown>): Promise<ParseError> {
  try {
    await promise;
  } catch (error) {
    if (ParseError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}

describe('parseStringAs primitives', () => {
  it('takes a string as it is', async () => {
    await expect(parseStringAs('  hello {world}\n', Type.String())).resolves.toBe(
      '  hello {world}\n',
    );
  });

  it('trims or unquotes a string only when the schema rejects it as it is', async () => {
    const Mood = Type.Union([Type.Literal('happy'), Type.Literal('sad')]);
    await expect(parseStringAs('"sad"', Type.Enum(['happy', 'sad']))).resolves.toBe('sad');
    await expect(parseStringAs(' happy\n', Type.String({ pattern: '^happy$' }))).resolves.toBe(
      'happy',
    );
    // A quoted JSON string is read with its escapes.
    await expect(
      parseStringAs('"he said \\"hi\\""', Type.String({ pattern: '^he said "hi"$' })),
    ).resolves.toBe('he said "hi"');
    // A union is not a primitive schema: it goes through the JSON pipeline.
    await expect(parseStringAs('"happy"', Mood)).resolves.toBe('happy');
  });

  it('trims numbers, integers and booleans, and removes fences and quotes around them', async () => {
    await expect(parseStringAs(' 42\n', Type.Integer())).resolves.toBe(42);
    await expect(parseStringAs('```\n-3.5e2\n```', Type.Number())).resolves.toBe(-350);
    await expect(parseStringAs('"7"', Type.Number())).resolves.toBe(7);
    await expect(parseStringAs(' TRUE ', Type.Boolean())).resolves.toBe(true);
    await expect(parseStringAs('0', Type.Boolean())).resolves.toBe(false);
    await expect(parseStringAs('null', Type.Null())).resolves.toBe(null);
  });

  it('rejects what is not the primitive, and checks the schema constraints', async () => {
    const notNumber = await parseFailure(parseStringAs('about 42', Type.Number()));
    expect(notNumber.message).toBe('The answer is not a number: (root): expected a number');
    const fraction = await parseFailure(parseStringAs('4.5', Type.Integer()));
    expect(fraction.issues[0]?.path).toBe('');
    await parseFailure(parseStringAs('12', Type.Number({ maximum: 10 })));
    await parseFailure(parseStringAs('yes', Type.Boolean()));
  });
});

describe('parseStringAs objects and arrays (the Go test cases, validated)', () => {
  it('parses plain, fenced and narrative-wrapped JSON', async () => {
    const ada = { name: 'Ada', age: 36 };
    await expect(parseStringAs('{"name":"Ada","age":36}', Person)).resolves.toEqual(ada);
    await expect(
      parseStringAs(
        'Here it is:\n```json\n{"name": "Ada", "age": 36}\n```\nAnything else?',
        Person,
      ),
    ).resolves.toEqual(ada);
    await expect(
      parseStringAs('The person is {"name": "Ada", "age": 36}. Done.', Person),
    ).resolves.toEqual(ada);
  });

  it('repairs JavaScript-ish objects, comments, trailing commas, Python constants and truncation', async () => {
    await expect(parseStringAs("{name: 'Ada', age: 36,}", Person)).resolves.toEqual({
      name: 'Ada',
      age: 36,
    });
    await expect(
      parseStringAs('{"name": "Ada", // the name\n "age": 36 /* years */}', Person),
    ).resolves.toEqual({ name: 'Ada', age: 36 });
    const Flags = Type.Object({ a: Type.Boolean(), b: Type.Null() });
    await expect(parseStringAs('{"a": True, "b": None}', Flags)).resolves.toEqual({
      a: true,
      b: null,
    });
    await expect(parseStringAs('{"name":"Ada","age":36', Person)).resolves.toEqual({
      name: 'Ada',
      age: 36,
    });
  });

  it('unwraps {type, value} pairs when the schema needs it', async () => {
    await expect(
      parseStringAs(
        '{"name": {"type": "string", "value": "Ada"}, "age": {"type": "number", "value": 36}}',
        Person,
      ),
    ).resolves.toEqual({ name: 'Ada', age: 36 });
    // A legitimate {type, value} object the schema accepts is kept as it is.
    const Pair = Type.Object({ type: Type.String(), value: Type.Number() });
    await expect(parseStringAs('{"type": "x", "value": 1}', Pair)).resolves.toEqual({
      type: 'x',
      value: 1,
    });
  });

  it('takes the first element of an array for an object, and wraps an object for an array', async () => {
    await expect(parseStringAs('[{"name":"Ada","age":36}]', Person)).resolves.toEqual({
      name: 'Ada',
      age: 36,
    });
    await expect(parseStringAs('{"name":"Ada","age":36}', Type.Array(Person))).resolves.toEqual([
      { name: 'Ada', age: 36 },
    ]);
  });

  it('of several JSON values takes the first that fits the schema', async () => {
    const Value = Type.Object({ value: Type.Number() });
    await expect(parseStringAs('{"value":1} and {"value":2}', Value)).resolves.toEqual({
      value: 1,
    });
    // The first candidate does not fit; the next one does.
    await expect(
      parseStringAs('Draft: {"name": "Ada"}. Final: {"name": "Ada", "age": 36}', Person),
    ).resolves.toEqual({ name: 'Ada', age: 36 });
  });

  it('validates: {} is not a Person (the Go code accepted it)', async () => {
    const error = await parseFailure(
      parseStringAs('{}', Person, {
        usage: { promptTokens: 10, completionTokens: 2, totalTokens: 12 },
      }),
    );
    expect(error.code).toBe('parse_error');
    expect(error.text).toBe('{}');
    expect(error.usage).toEqual({ promptTokens: 10, completionTokens: 2, totalTokens: 12 });
    expect(error.issues.map((issue) => issue.path)).toEqual(['/name', '/age']);
    expect(error.message).toBe(
      'The answer does not match the schema: /name: is required; /age: is required',
    );
  });

  it('never puts the raw text in the message', async () => {
    const secret = 'the model said something long and private';
    const error = await parseFailure(parseStringAs(secret, Person));
    expect(error.message).not.toContain(secret);
    expect(error.message).toMatch(/holds no JSON/);
    expect(error.text).toBe(secret);
  });

  it('without a schema returns the first JSON value', async () => {
    await expect(parseStringAs('noise ```json\n[1, 2,]\n```')).resolves.toEqual([1, 2]);
    await expect(parseStringAs('"quoted"')).resolves.toBe('quoted');
    await expect(parseStringAs('plain words')).rejects.toThrow(/holds no JSON/);
  });

  it('checks its arguments', async () => {
    await expect(parseStringAs(42 as unknown as string)).rejects.toBeInstanceOf(ValidationError);
    await expect(parseStringAs('{}', 'schema' as unknown as typeof Person)).rejects.toMatchObject({
      argument: 'schema',
    });
  });
});
