import type { ChatStream, Provider, StreamEvent } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import {
  badSendProvider,
  badStreamProvider,
  framed,
  GOOD_RESPONSE,
} from '../../test/support/test-bad-providers.js';
import { createClient } from '../client/client.js';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import { retryMiddleware } from '../middleware/retry-middleware.js';
import { InvalidProviderResponseError } from './invalid-provider-response-error.js';

/** The error a promise rejects with (fails when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** The error names the provider and the field, says how to fix the provider, and is typed. */
function expectInvalid(error: unknown, field: string): InvalidProviderResponseError {
  expect(InvalidProviderResponseError.isInstance(error)).toBe(true);
  const invalid = error as InvalidProviderResponseError;
  expect(invalid).toMatchObject({
    name: 'InvalidProviderResponseError',
    code: 'invalid_response',
    provider: 'acme',
    field,
    retryable: false,
  });
  expect(invalid.message).toContain('"acme"');
  expect(invalid.message).toContain(field.replace(/^event\./, ''));
  expect(invalid.message).toMatch(/Fix the provider's (sendMessage\(\)|stream|streamMessage\(\))/);
  return invalid;
}

describe('sendMessage: a provider whose ChatResponse breaks the contract', () => {
  const { finishReason: _, ...noFinish } = GOOD_RESPONSE;
  const cases: readonly [string, string, unknown][] = [
    ['no toolCalls', 'toolCalls', { ...GOOD_RESPONSE, toolCalls: undefined }],
    ['a content that is a number', 'content', { ...GOOD_RESPONSE, content: 42 }],
    [
      'a content that is an array of parts',
      'content',
      { ...GOOD_RESPONSE, content: [{ type: 'text', text: 'Hello' }] },
    ],
    [
      'usage counts that are strings',
      'usage.promptTokens',
      { ...GOOD_RESPONSE, usage: { promptTokens: '3', completionTokens: 1, totalTokens: 4 } },
    ],
    [
      'a usage total that is NaN',
      'usage.totalTokens',
      {
        ...GOOD_RESPONSE,
        usage: { promptTokens: 3, completionTokens: 1, totalTokens: Number.NaN },
      },
    ],
    ['no finishReason', 'finishReason', noFinish],
    ['a finishReason of its own', 'finishReason', { ...GOOD_RESPONSE, finishReason: 'done' }],
    [
      'a tool call without a name',
      'toolCalls[0].function.name',
      {
        ...GOOD_RESPONSE,
        toolCalls: [{ id: 'c1', type: 'function', function: { arguments: '{}' } }],
      },
    ],
    [
      'tool-call arguments as an object',
      'toolCalls[0].function.arguments',
      {
        ...GOOD_RESPONSE,
        toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: { a: 1 } } }],
      },
    ],
    ['no id', 'id', { ...GOOD_RESPONSE, id: undefined }],
    ['images that are not a list', 'images', { ...GOOD_RESPONSE, images: 'a.png' }],
    ['nothing at all', 'response', undefined],
  ];

  it.each(cases)(
    '%s → InvalidProviderResponseError naming "acme" and %s; nothing stored',
    async (_, field, response) => {
      const provider = badSendProvider(response);
      const memory = inMemoryMemory();
      const client = createClient(provider, { env: {}, defaultModel: 'acme-1', memory });

      expectInvalid(await rejection(client.sendMessage('hi')), field);
      expect(memory.size).toBe(0);
    },
  );

  it('is not retried: the same provider returns the same again', async () => {
    const provider = badSendProvider({ ...GOOD_RESPONSE, toolCalls: undefined });
    const client = createClient(provider, {
      env: {},
      defaultModel: 'acme-1',
      middleware: [retryMiddleware({ maxRetries: 3, initialBackoffMs: 0 })],
    });
    expectInvalid(await rejection(client.sendMessage('hi')), 'toolCalls');
    expect(provider.calls).toBe(1);
  });

  it('streamMessage on a provider without streaming checks the sendMessage() response it replays', async () => {
    const provider: Provider = badSendProvider({ ...GOOD_RESPONSE, content: null });
    const client = createClient(provider, { env: {}, defaultModel: 'acme-1' });
    expectInvalid(await rejection(client.streamMessage('hi')), 'content');
  });

  it('a well-formed response passes untouched', async () => {
    const client = createClient(badSendProvider(GOOD_RESPONSE), { env: {}, defaultModel: 'm' });
    expect(await client.sendMessage('hi')).toBe(GOOD_RESPONSE);
  });
});

/** Reads a stream until it ends or fails: the events the consumer got, and the error. */
async function readUntilFailure(
  stream: ChatStream,
): Promise<{ events: StreamEvent[]; error: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
  } catch (error) {
    return { events, error };
  }
  return { events, error: undefined };
}

describe('streamMessage: a provider whose stream breaks the contract', () => {
  const cases: readonly [string, string, unknown][] = [
    ['a content event whose text is a number', 'event.text', { type: 'content', text: 42 }],
    ['a reasoning event without text', 'event.text', { type: 'reasoning' }],
    ['an event of an unknown type', 'event.type', { type: 'text_delta', text: 'lo' }],
    ['an event without a type', 'event.type', { text: 'lo' }],
    ['null as an event', 'event', null],
    ['a string as an event', 'event', 'lo'],
    [
      'a usage event with counts that are strings',
      'event.usage.promptTokens',
      { type: 'usage', usage: { promptTokens: '3', completionTokens: 1, totalTokens: 4 } },
    ],
    ['a usage event without usage', 'event.usage', { type: 'usage' }],
    [
      'a tool-call fragment without an index',
      'event.index',
      { type: 'tool_call_delta', id: 'c1', name: 'f', argumentsDelta: '{}' },
    ],
    [
      'a tool-call fragment whose arguments are an object',
      'event.argumentsDelta',
      { type: 'tool_call_delta', index: 0, id: 'c1', name: 'f', argumentsDelta: { a: 1 } },
    ],
    [
      'a metadata event whose images is an object',
      'event.images',
      { type: 'metadata', images: {} },
    ],
    ['a start event without an id', 'event.id', { type: 'start', model: 'acme-1' }],
  ];

  it.each(cases)(
    '%s → the stream fails with InvalidProviderResponseError naming %s; the body is not read on; nothing stored',
    async (_, field, bad) => {
      const events = framed({ type: 'content', text: 'Hel' }, bad, { type: 'content', text: 'lo' });
      const provider = badStreamProvider(events);
      const memory = inMemoryMemory();
      const client = createClient(provider, { env: {}, defaultModel: 'acme-1', memory });

      const stream = await client.streamMessage('hi');
      const { events: read, error } = await readUntilFailure(stream);

      expectInvalid(error, field);
      // The consumer got what came before; never the bad event, nor anything after it.
      expect(read).toStrictEqual([
        { type: 'start', id: 'r1', model: 'acme-1' },
        { type: 'content', text: 'Hel' },
      ]);
      expect((error as InvalidProviderResponseError).partial).toBeDefined();
      expect(provider.log).toStrictEqual({ delivered: 3, cancelled: true });
      expect(memory.size).toBe(0);
    },
  );

  it('a finish event with a reason of its own fails the stream when it ends (finish is held to be last)', async () => {
    const provider = badStreamProvider([
      { type: 'start', id: 'r1', model: 'acme-1' },
      { type: 'content', text: 'Hello' },
      { type: 'finish', finishReason: 'done' },
    ]);
    const memory = inMemoryMemory();
    const client = createClient(provider, { env: {}, defaultModel: 'acme-1', memory });
    const { events, error } = await readUntilFailure(await client.streamMessage('hi'));
    expectInvalid(error, 'event.finishReason');
    expect(events.map((event) => event.type)).toStrictEqual(['start', 'content']);
    expect(memory.size).toBe(0);
  });

  it('collect() rejects with the same error', async () => {
    const provider = badStreamProvider(framed({ type: 'content', text: 42 }));
    const client = createClient(provider, { env: {}, defaultModel: 'acme-1' });
    const stream = await client.streamMessage('hi');
    expectInvalid(await rejection(stream.collect()), 'event.text');
  });

  it('a value that is not a ChatStream (an async generator) → field stream', async () => {
    const provider = {
      id: 'acme',
      sendMessage: async () => GOOD_RESPONSE,
      async streamMessage() {
        return (async function* () {
          yield { type: 'content', text: 'Hello' };
        })();
      },
    } as unknown as Provider;
    const client = createClient(provider, { env: {}, defaultModel: 'acme-1' });
    const error = expectInvalid(await rejection(client.streamMessage('hi')), 'stream');
    expect(error.message).toContain('an object instead of a ChatStream');
  });

  it('a stream that ended before streamMessage() resolved rejects streamMessage() itself', async () => {
    // Sources that run synchronously: every event is delivered, and the stream closed, while it
    // is built. A good one passes; a bad one is caught by its response (a call named 7).
    const good = createClient(badStreamProvider(framed({ type: 'content', text: 'Hello' }), 64), {
      env: {},
      defaultModel: 'acme-1',
    });
    expect((await (await good.streamMessage('hi')).collect()).content).toBe('Hello');
    const withBadCall = badStreamProvider(
      framed({ type: 'tool_call_delta', index: 0, id: 'c1', name: 7, argumentsDelta: '{}' }),
      64,
    );
    const bad = createClient(withBadCall, { env: {}, defaultModel: 'acme-1' });
    expectInvalid(await rejection(bad.streamMessage('hi')), 'toolCalls[0].function.name');
  });

  it('an event delivered while the stream is built is checked through the response it built', async () => {
    // The first event reaches the stream before the client holds it; its bad id shows in the response.
    const provider = badStreamProvider([
      { type: 'start', id: 5, model: 'acme-1' },
      { type: 'content', text: 'Hello' },
      { type: 'finish', finishReason: 'stop' },
    ]);
    const client = createClient(provider, { env: {}, defaultModel: 'acme-1' });
    const stream = await client.streamMessage('hi');
    const { error } = await readUntilFailure(stream);
    const invalid = expectInvalid(error, 'id');
    expect(invalid.message).toContain('streamed events that built a ChatResponse whose id');
  });

  it('a well-formed stream passes untouched', async () => {
    const events = framed(
      { type: 'content', text: 'Hel' },
      { type: 'tool_call_delta', index: 0, id: 'c1', name: 'f', argumentsDelta: '{}' },
      { type: 'usage', usage: { promptTokens: 3, completionTokens: 1, totalTokens: 4 } },
      { type: 'metadata', providerMetadata: { acme: { trace: 't' } }, images: [] },
    );
    const client = createClient(badStreamProvider(events), { env: {}, defaultModel: 'acme-1' });
    const { events: read, error } = await readUntilFailure(await client.streamMessage('hi'));
    expect(error).toBeUndefined();
    expect(read).toStrictEqual(events);
  });
});
