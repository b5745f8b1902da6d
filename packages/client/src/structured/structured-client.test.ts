import { ParseError, ValidationError } from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { type Static, Type } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import { createStructuredClient, type StructuredResponse } from './structured-client.js';

const Person = Type.Object({
  name: Type.String(),
  age: Type.Integer({ minimum: 0 }),
  tags: Type.Array(Type.String()),
});

describe('createStructuredClient', () => {
  it('asks natively by default and types response.data', async () => {
    const provider = createFakeProvider().text('{"name":"Ada","age":36,"tags":["math"]}');
    const people = createStructuredClient(provider, { schema: Person, defaultModel: 'm', env: {} });
    const response = await people.sendMessage('Invent a person.');
    expectTypeOf(response).toEqualTypeOf<StructuredResponse<Static<typeof Person>>>();
    expectTypeOf(response.data.age).toEqualTypeOf<number>();
    expect(response.data).toEqual({ name: 'Ada', age: 36, tags: ['math'] });
    expect(response.content).toBe('{"name":"Ada","age":36,"tags":["math"]}');
    expect(people.mode).toBe('native');
    expect(provider.lastRequest?.responseFormat).toEqual({
      type: 'json',
      schema: Person,
      name: 'response',
    });
    expect(provider.lastRequest?.systemPrompt).toBeUndefined();
  });

  it('passes the schema name and strict flag', async () => {
    const provider = createFakeProvider().text('{"name":"A","age":1,"tags":[]}');
    await createStructuredClient(provider, {
      schema: Person,
      schemaName: 'person',
      strict: true,
      structuredOutput: 'native',
      env: {},
    }).sendMessage('x');
    expect(provider.lastRequest?.responseFormat).toEqual({
      type: 'json',
      schema: Person,
      name: 'person',
      strict: true,
    });
  });

  it('in prompt mode writes the schema into the system prompt instead', async () => {
    const provider = createFakeProvider().text('{"name":"A","age":1,"tags":[]}');
    const people = createStructuredClient(provider, {
      schema: Person,
      structuredOutput: 'prompt',
      systemPrompt: 'You invent people.',
      env: {},
    });
    await people.sendMessage('x', { ephemeralSystemPrompt: 'Only this time.' });
    const prompt = provider.lastRequest?.systemPrompt ?? '';
    expect(provider.lastRequest?.responseFormat).toBeUndefined();
    expect(prompt.startsWith('Only this time.\n\n## Answer format\n')).toBe(true);
    expect(prompt).toContain(JSON.stringify(Person));
    expect(people.client.systemPrompt).toContain('You invent people.');
  });

  it('repairs and extracts JSON wrapped in prose', async () => {
    const provider = createFakeProvider().text(
      "Sure! Here is the person:\n```json\n{name: 'Ada', age: 36, tags: ['math',],}\n```\nAnything else?",
    );
    const { data } = await createStructuredClient(provider, {
      schema: Person,
      env: {},
    }).sendMessage('x');
    expect(data).toEqual({ name: 'Ada', age: 36, tags: ['math'] });
  });

  it('rejects with ParseError (raw text, usage, issues) and stores nothing in memory', async () => {
    const usage = { promptTokens: 12, completionTokens: 8, totalTokens: 20 };
    const provider = createFakeProvider().text('{"name":"Ada","age":-3}', { usage });
    const memory = inMemoryMemory();
    const people = createStructuredClient(provider, { schema: Person, memory, env: {} });
    const error = await people.sendMessage('x').catch((reason: unknown) => reason);
    expect(ParseError.isInstance(error)).toBe(true);
    const parseError = error as ParseError;
    expect(parseError.text).toBe('{"name":"Ada","age":-3}');
    expect(parseError.usage).toEqual(usage);
    expect(parseError.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['/age', '/tags']),
    );
    expect(memory.size).toBe(0);
  });

  it('stores the turn of a valid answer and continues the conversation typed', async () => {
    const provider = createFakeProvider()
      .text('{"name":"Ada","age":36,"tags":[]}')
      .text('{"name":"Ada","age":37,"tags":["older"]}');
    const memory = inMemoryMemory();
    const people = createStructuredClient(provider, { schema: Person, memory, env: {} });
    await people.sendMessage('Invent a person.');
    expect(memory.size).toBe(2);
    const next = await people.continueConversation();
    expect(next.data.age).toBe(37);
    expect(memory.size).toBe(3);
  });

  it('checks its options and per-call options', async () => {
    const provider = createFakeProvider();
    expect(() => createStructuredClient(provider, {} as never)).toThrow(
      expect.objectContaining({ argument: 'schema' }),
    );
    expect(() =>
      createStructuredClient(provider, { schema: Person, structuredOutput: 'json' as 'auto' }),
    ).toThrow(expect.objectContaining({ argument: 'structuredOutput' }));
    expect(() =>
      createStructuredClient(provider, { schema: Person, schemaName: 'has space' }),
    ).toThrow(ValidationError);
    expect(() =>
      createStructuredClient(provider, { schema: Person, outputSchema: {} } as never),
    ).toThrow(expect.objectContaining({ argument: 'outputSchema' }));
    const people = createStructuredClient(provider, { schema: Person, env: {} });
    await expect(
      people.sendMessage('x', { responseFormat: { type: 'text' } } as never),
    ).rejects.toMatchObject({ argument: 'responseFormat' });
  });
});
