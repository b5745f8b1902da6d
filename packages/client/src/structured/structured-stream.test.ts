import {
  AbortError,
  type DeepPartial,
  ParseError,
  ProviderError,
  type StreamEvent,
  ValidationError,
} from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { contentPieces, simulatedProvider } from '../../test/support/test-simulated-provider.js';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import { createStructuredClient } from './structured-client.js';

const Person = Type.Object({
  name: Type.String(),
  age: Type.Integer({ minimum: 0 }),
  pets: Type.Array(Type.Object({ kind: Type.String(), name: Type.String() })),
});
const ADA =
  '{"name": "Ada", "age": 36, "pets": [{"kind": "cat", "name": "Tom"}, {"kind": "dog", "name": "Rex"}]}';
const USAGE = { promptTokens: 10, completionTokens: 30, totalTokens: 40 };

/** Reads an async iterable to its end. */
async function all<V>(values: AsyncIterable<V>): Promise<V[]> {
  const read: V[] = [];
  for await (const value of values) read.push(value);
  return read;
}

/** One macrotask: events already due have been handled. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('StructuredClient.streamMessage', () => {
  it('gives as final exactly what sendMessage gives for the same answer', async () => {
    const answer = `Here you go:\n\`\`\`json\n${ADA.replace('36', '36,').replace(', "pets"', ' "pets"')}\n\`\`\``;
    const provider = createFakeProvider()
      .text(answer, { usage: USAGE })
      .text(answer, { usage: USAGE });
    const people = createStructuredClient(provider, { schema: Person, defaultModel: 'm' });

    const sent = await people.sendMessage('A person?');
    const stream = await people.streamMessage('A person?');
    const final = await stream.final;

    expect(final.data).toEqual(sent.data);
    expect({ ...final, id: undefined }).toEqual({ ...sent, id: undefined });
    expectTypeOf(final.data).toEqualTypeOf<{
      name: string;
      age: number;
      pets: { kind: string; name: string }[];
    }>();
    expectTypeOf(stream.partials).toEqualTypeOf<
      AsyncIterable<
        DeepPartial<{ name: string; age: number; pets: { kind: string; name: string }[] }>
      >
    >();
    // The request asked for the schema natively, as sendMessage's did.
    expect(provider.requests[1]?.responseFormat).toEqual(provider.requests[0]?.responseFormat);
  });

  it('streams partials as the answer grows: new values, strings growing, numbers whole', async () => {
    const simulated = simulatedProvider();
    const people = createStructuredClient(simulated.provider, {
      schema: Person,
      defaultModel: 'm',
    });
    const stream = await people.streamMessage('A person?');
    const sim = simulated.streams[0];
    const reader = stream.partials[Symbol.asyncIterator]();

    const seen: unknown[] = [];
    for (const piece of ['{"name": "A', 'da", "age": 3', '6, "pets": [{"kind": "c', 'at"']) {
      const next = reader.next();
      sim?.emit({ type: 'content', text: piece });
      seen.push((await next).value);
    }
    expect(seen).toEqual([
      { name: 'A' },
      { name: 'Ada' },
      { name: 'Ada', age: 36, pets: [{ kind: 'c' }] },
      { name: 'Ada', age: 36, pets: [{ kind: 'cat' }] },
    ]);
    // A reader that falls behind gets the newest value, not each one it missed.
    sim?.emit({ type: 'content', text: ', "name": "T' }, { type: 'content', text: 'om"}' });
    expect((await reader.next()).value).toEqual({
      name: 'Ada',
      age: 36,
      pets: [{ kind: 'cat', name: 'Tom' }],
    });
    sim?.emit({ type: 'content', text: ']}' }, { type: 'finish', finishReason: 'stop' });
    sim?.close();
    expect(await reader.next()).toEqual({ done: true, value: undefined });
    expect((await stream.final).data).toEqual({
      name: 'Ada',
      age: 36,
      pets: [{ kind: 'cat', name: 'Tom' }],
    });
  });

  it('gives each element of a named array property once complete and checked, typed as the item', async () => {
    const simulated = simulatedProvider();
    const people = createStructuredClient(simulated.provider, {
      schema: Person,
      defaultModel: 'm',
    });
    const stream = await people.streamMessage('A person?', { elements: 'pets' });
    expectTypeOf(stream.elements).toEqualTypeOf<AsyncIterable<{ kind: string; name: string }>>();
    const sim = simulated.streams[0];
    const reader = stream.elements[Symbol.asyncIterator]();

    const first = reader.next();
    sim?.emit(...contentPieces(ADA.slice(0, ADA.indexOf('{"kind": "dog"')), 5));
    expect(await first).toEqual({ done: false, value: { kind: 'cat', name: 'Tom' } });
    const second = reader.next();
    sim?.emit(...contentPieces(ADA.slice(ADA.indexOf('{"kind": "dog"')), 5));
    expect(await second).toEqual({ done: false, value: { kind: 'dog', name: 'Rex' } });
    // The array closed: the elements end before the stream does.
    expect(await reader.next()).toEqual({ done: true, value: undefined });
    sim?.close();
    expect((await stream.final).data.pets).toHaveLength(2);
  });

  it('gives the elements of a top-level array; one that fails its schema rejects naming its index', async () => {
    const Numbers = Type.Array(Type.Object({ n: Type.Integer() }));
    const answer = '[{"n": 1}, {"n": 2}, {"n": "three"}, {"n": 4}]';
    const provider = createFakeProvider().text(answer).text(answer);
    const numbers = createStructuredClient(provider, { schema: Numbers, defaultModel: 'm' });
    const stream = await numbers.streamMessage('Numbers?');
    expectTypeOf(stream.elements).toEqualTypeOf<AsyncIterable<{ n: number }>>();

    const delivered: unknown[] = [];
    const failure = await (async () => {
      try {
        for await (const element of stream.elements) delivered.push(element);
      } catch (error) {
        return error;
      }
      return undefined;
    })();

    expect(delivered).toEqual([{ n: 1 }, { n: 2 }]);
    expect(ParseError.isInstance(failure)).toBe(true);
    expect((failure as ParseError).message).toMatch(/^Element 2 of the answer/);
    expect((failure as ParseError).issues).toEqual([{ path: '/2/n', message: expect.any(String) }]);
    // `final` is what sendMessage gives: its lenient reading finds the first object that fits.
    const sent = await numbers.sendMessage('Numbers?');
    expect((await stream.final).data).toEqual(sent.data);
  });

  it('rejects an `elements` that is not an array property of the schema', async () => {
    const people = createStructuredClient(createFakeProvider(), {
      schema: Person,
      defaultModel: 'm',
    });
    await expect(people.streamMessage('A person?', { elements: 'name' as never })).rejects.toThrow(
      ValidationError,
    );
    await expect(people.streamMessage('A person?', { elements: 'name' as never })).rejects.toThrow(
      /"name" is not an array property/,
    );
  });

  it('reads JSON in prose and fences (prompt mode), and answers of a shape that does not stream only as final', async () => {
    const provider = createFakeProvider()
      .text('Sure!\n```json\n{"name": "Ada", "age": 36, "pets": []}\n```\nAnything else?')
      .text('  Ada Lovelace  ');
    const people = createStructuredClient(provider, {
      schema: Person,
      defaultModel: 'm',
      structuredOutput: 'prompt',
    });
    const stream = await people.streamMessage('A person?');
    const partials = await all(stream.partials);
    expect(partials.at(-1)).toEqual({ name: 'Ada', age: 36, pets: [] });
    expect((await stream.final).data).toEqual({ name: 'Ada', age: 36, pets: [] });

    const names = createStructuredClient(provider, { schema: Type.String(), defaultModel: 'm' });
    const name = await names.streamMessage('A name?');
    expect(await all(name.partials)).toEqual([]);
    expect(await all(name.elements)).toEqual([]);
    expect((await name.final).data).toBe('  Ada Lovelace  ');
  });

  it('a stream cut mid-object: the partials so far, then final rejects with the last partial', async () => {
    const cut = new ProviderError({
      code: 'connection_error',
      message: 'socket hang up',
      provider: 'simulated',
      retryable: true,
    });
    const simulated = simulatedProvider();
    const people = createStructuredClient(simulated.provider, {
      schema: Person,
      defaultModel: 'm',
    });
    const stream = await people.streamMessage('A person?', { elements: 'pets' });
    const sim = simulated.streams[0];
    sim?.emit(
      ...contentPieces('{"name": "Ada", "age": 36, "pets": [{"kind": "cat", "name": "To', 7),
    );
    sim?.fail(cut);

    const partials = await all(stream.partials);
    expect(partials.at(-1)).toEqual({ name: 'Ada', age: 36, pets: [{ kind: 'cat', name: 'To' }] });
    const error = await stream.final.catch((failure: unknown) => failure);
    expect(ParseError.isInstance(error)).toBe(true);
    const cause = (error as ParseError).cause;
    expect(ProviderError.isInstance(cause) && cause.code === 'connection_error').toBe(true);
    expect((cause as ProviderError).retryable).toBe(true);
    expect((error as ParseError).partialOutput).toEqual(partials.at(-1));
    expect((error as ParseError).text).toBe(
      '{"name": "Ada", "age": 36, "pets": [{"kind": "cat", "name": "To',
    );
    await expect(all(stream.elements)).rejects.toBe(error);
    await expect(all(stream.events)).rejects.toBe(cause);
  });

  it('a model that answers in prose only: no partials, final rejects with ParseError, nothing stored', async () => {
    const memory = inMemoryMemory();
    const provider = createFakeProvider().text('I would rather not say.');
    const people = createStructuredClient(provider, { schema: Person, defaultModel: 'm', memory });
    const stream = await people.streamMessage('A person?');

    expect(await all(stream.partials)).toEqual([]);
    const error = await stream.final.catch((failure: unknown) => failure);
    expect(ParseError.isInstance(error)).toBe(true);
    expect((error as ParseError).text).toBe('I would rather not say.');
    expect((error as ParseError).partialOutput).toBeUndefined();
    expect(memory.size).toBe(0);
  });

  it('stores the turn once final parsed, and continues the conversation streamed', async () => {
    const memory = inMemoryMemory();
    const provider = createFakeProvider().text(ADA).text('{"name": "Bob", "age": 40, "pets": []}');
    const people = createStructuredClient(provider, { schema: Person, defaultModel: 'm', memory });

    await (await people.streamMessage('A person?')).final;
    expect(memory.size).toBe(2);
    const again = await people.streamContinueConversation({ elements: 'pets' });
    expect((await again.final).data.name).toBe('Bob');
    expect(await all(again.elements)).toEqual([]);
    expect(provider.lastRequest?.messages).toHaveLength(2);
  });

  it("gives the model stream's events, those delivered before it was read included", async () => {
    const provider = createFakeProvider().text(ADA, { usage: USAGE });
    const people = createStructuredClient(provider, { schema: Person, defaultModel: 'm' });
    const stream = await people.streamMessage('A person?');

    const events: StreamEvent[] = await all(stream.events);
    expect(events[0]).toEqual({ type: 'start', id: 'fake-1', model: 'm' });
    expect(
      events
        .filter((event) => event.type === 'content')
        .map((e) => e.text)
        .join(''),
    ).toBe(ADA);
    expect(events.find((event) => event.type === 'usage')).toEqual({ type: 'usage', usage: USAGE });
    expect(events.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    expect((await stream.final).usage).toEqual(USAGE);
  });

  it('breaking out of a loop stops the model call; final rejects with AbortError', async () => {
    const simulated = simulatedProvider();
    const people = createStructuredClient(simulated.provider, {
      schema: Person,
      defaultModel: 'm',
    });
    const stream = await people.streamMessage('A person?');
    const sim = simulated.streams[0];
    sim?.emit({ type: 'content', text: '{"name": "Ada"' });
    for await (const partial of stream.partials) {
      expect(partial).toEqual({ name: 'Ada' });
      break;
    }
    expect(sim?.cancelled).toBe(true);
    await expect(stream.final).rejects.toSatisfy((error) => AbortError.isInstance(error));
  });

  it('checks the elements of a Standard Schema against their JSON Schema', async () => {
    const Team = z.object({ name: z.string(), members: z.array(z.object({ id: z.number() })) });
    const provider = createFakeProvider().text(
      '{"name": "core", "members": [{"id": 1}, {"id": "x"}]}',
    );
    const teams = createStructuredClient(provider, { schema: Team, defaultModel: 'm' });
    const stream = await teams.streamMessage('A team?', { elements: 'members' });
    const delivered: unknown[] = [];
    const error = await (async () => {
      try {
        for await (const member of stream.elements) delivered.push(member);
      } catch (failure) {
        return failure;
      }
      return undefined;
    })();
    expect(delivered).toEqual([{ id: 1 }]);
    expect((error as ParseError).issues[0]?.path).toBe('/members/1/id');
  });

  it('a stream nobody reads is no unhandled rejection', async () => {
    const provider = createFakeProvider().text('not JSON at all');
    const people = createStructuredClient(provider, { schema: Person, defaultModel: 'm' });
    await people.streamMessage('A person?');
    await settle();
    expect(provider.callCount).toBe(1);
  });
});
