/**
 * A third-party provider whose output breaks the `@aigo/ai` contracts, run by a ReAct agent: the
 * run stops with an `AgentStoppedError` (`error`) whose cause is the client's
 * `InvalidProviderResponseError` naming the provider and the field — never a `TypeError` from deep
 * inside the loop.
 */
import {
  type AgentEvent,
  AgentStoppedError,
  type ChatResponse,
  ChatStream,
  type ChatStreamController,
  type Provider,
  type StreamEvent,
  type StreamProvider,
} from '@aigo/ai';
import { createClient, InvalidProviderResponseError, inMemoryMemory } from '@aigo/client';
import { describe, expect, it } from 'vitest';
import { calculator } from '../test/support/helpers.js';
import { createReAct } from './create-react.js';

const GOOD: ChatResponse = {
  id: 'r1',
  model: 'acme-1',
  content: 'Hello',
  toolCalls: [],
  finishReason: 'stop',
};

/** A provider whose sendMessage() resolves to `response`, and whose stream replays `events`. */
function badProvider(response: unknown, events: readonly unknown[] = []): StreamProvider {
  return {
    id: 'acme',
    sendMessage: async () => response as ChatResponse,
    async streamMessage() {
      let controller: ChatStreamController | undefined;
      let next = 0;
      const pump = () => {
        while (controller !== undefined && controller.desiredSize > 0) {
          if (next === events.length) return controller.close();
          controller.enqueue(events[next++] as StreamEvent);
        }
      };
      return new ChatStream(
        {
          start(c) {
            controller = c;
            pump();
          },
          pull: pump,
        },
        { provider: 'acme', highWaterMark: 1 },
      );
    },
  };
}

/** The run's error: an AgentStoppedError caused by the client's typed error for `field`. */
function expectStoppedBy(error: unknown, field: string): void {
  expect(AgentStoppedError.isInstance(error)).toBe(true);
  const stopped = error as AgentStoppedError;
  expect(stopped.stopReason).toBe('error');
  expect(stopped.message).toContain('"acme"');
  expect(InvalidProviderResponseError.isInstance(stopped.cause)).toBe(true);
  expect(stopped.cause).toMatchObject({ code: 'invalid_response', provider: 'acme', field });
}

const start = { type: 'start', id: 'r1', model: 'acme-1' };
const finish = { type: 'finish', finishReason: 'stop' };

describe('createReAct over a provider that breaks the contract', () => {
  it.each<[string, string, unknown]>([
    ['no toolCalls', 'toolCalls', { ...GOOD, toolCalls: undefined }],
    ['a content that is not a string', 'content', { ...GOOD, content: { text: 'Hello' } }],
    [
      'usage with counts that are not numbers',
      'usage.completionTokens',
      { ...GOOD, usage: { promptTokens: 1, completionTokens: '2', totalTokens: 3 } },
    ],
    ['no finishReason', 'finishReason', { ...GOOD, finishReason: undefined }],
  ])(
    'execute(): %s → AgentStoppedError caused by InvalidProviderResponseError (%s)',
    async (_, field, response) => {
      const memory = inMemoryMemory();
      const client = createClient(badProvider(response), { env: {}, tools: [calculator] });
      const error = await createReAct(client)
        .execute('hi', { memory })
        .catch((caught: unknown) => caught);
      expectStoppedBy(error, field);
      expect(memory.size).toBe(0);
    },
  );

  it.each<[string, string, unknown]>([
    ['an event of an unknown type', 'event.type', { type: 'delta', text: 'lo' }],
    ['a content event whose text is a number', 'event.text', { type: 'content', text: 7 }],
    ['null as an event', 'event', null],
    [
      'a tool-call fragment without arguments',
      'event.argumentsDelta',
      { type: 'tool_call_delta', index: 0, id: 'c1', name: 'calculator' },
    ],
    [
      'a usage event with a count that is a string',
      'event.usage.promptTokens',
      { type: 'usage', usage: { promptTokens: '1', completionTokens: 2, totalTokens: 3 } },
    ],
  ])(
    'executeStream(): %s → an error event and a rejection caused by InvalidProviderResponseError (%s)',
    async (_, field, bad) => {
      const provider = badProvider(GOOD, [start, { type: 'content', text: 'Hel' }, bad, finish]);
      const client = createClient(provider, { env: {}, tools: [calculator] });
      const stream = createReAct(client).executeStream('hi');
      const events: AgentEvent<unknown>[] = [];
      for await (const event of stream) events.push(event);
      const error = await stream.collect().catch((caught: unknown) => caught);

      expect(events.map((event) => event.type)).toStrictEqual([
        'iteration_start',
        'content',
        'error',
      ]);
      expect(events[1]).toStrictEqual({ type: 'content', iteration: 1, text: 'Hel' });
      expect(events.at(-1)).toMatchObject({ type: 'error', error });
      expectStoppedBy(error, field);
    },
  );

  it('a provider whose streamMessage() returns something that is not a ChatStream', async () => {
    const provider = {
      id: 'acme',
      sendMessage: async () => GOOD,
      streamMessage: async () => [start, finish],
    } as unknown as Provider;
    const stream = createReAct(createClient(provider, { env: {} })).executeStream('hi');
    for await (const _ of stream) {
      // The run's events end with its error.
    }
    expectStoppedBy(await stream.collect().catch((caught: unknown) => caught), 'stream');
  });
});
