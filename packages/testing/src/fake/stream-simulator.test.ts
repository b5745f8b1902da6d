import { AbortError, ProviderError, type StreamEvent, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { createStreamSimulator, streamFromEvents } from './stream-simulator.js';

const events: StreamEvent[] = [
  { type: 'start', id: 'r1', model: 'm' },
  { type: 'content', text: 'Hello' },
  { type: 'content', text: ', world' },
  { type: 'usage', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } },
  { type: 'finish', finishReason: 'stop' },
];

async function read(stream: AsyncIterable<StreamEvent>) {
  const seen: StreamEvent[] = [];
  try {
    for await (const event of stream) seen.push(event);
    return { seen, error: undefined };
  } catch (error) {
    return { seen, error };
  }
}

describe('streamFromEvents', () => {
  it('replays the events and collects them into a response', async () => {
    expect((await read(streamFromEvents(events))).seen).toEqual(events);
    expect(await streamFromEvents(events).collect()).toStrictEqual({
      id: 'r1',
      model: 'm',
      content: 'Hello, world',
      toolCalls: [],
      finishReason: 'stop',
      usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
    });
  });

  it('fails after N events with a ProviderError carrying the partial response', async () => {
    const { seen, error } = await read(streamFromEvents(events, { errorAfter: 2 }));
    expect(seen).toEqual(events.slice(0, 2));
    expect(ProviderError.isInstance(error)).toBe(true);
    expect((error as ProviderError).code).toBe('stream_error');
    expect((error as ProviderError).partial?.content).toBe('Hello');
  });

  it('fails with the given error, after the last event when no count is given', async () => {
    const { seen, error } = await read(streamFromEvents(events, { error: new TypeError('boom') }));
    expect(seen).toEqual(events.slice(0, 4)); // finish is held back until a clean close
    expect((error as Error).message).toMatch(/boom/);
    await expect(streamFromEvents(events, { errorAfter: 0 }).collect()).rejects.toThrow(
      /after 0 events/,
    );
  });

  it('honours an abort signal', async () => {
    const controller = new AbortController();
    const stream = streamFromEvents(events, { signal: controller.signal });
    const { seen, error } = await read(
      (async function* () {
        for await (const event of stream) {
          yield event;
          controller.abort();
        }
      })(),
    );
    expect(seen.length).toBeLessThan(events.length);
    expect(AbortError.isInstance(error)).toBe(true);
  });

  it('validates its arguments', () => {
    expect(() => streamFromEvents('x' as never)).toThrow(ValidationError);
    expect(() => streamFromEvents(events, { errorAfter: -1 })).toThrow(/errorAfter/);
  });
});

describe('createStreamSimulator', () => {
  it('delivers what the test emits, then finishes on close', async () => {
    const simulator = createStreamSimulator();
    const reading = read(simulator.stream);
    simulator.emit(events[0] as StreamEvent, events[1] as StreamEvent);
    simulator.close();
    const { seen, error } = await reading;
    expect(error).toBeUndefined();
    expect(seen.map((event) => event.type)).toEqual(['start', 'content', 'finish']);
    expect(simulator.cancelled).toBe(false);
  });

  it('reports that the consumer broke out of its loop', async () => {
    const simulator = createStreamSimulator();
    simulator.emit(...events.slice(0, 3));
    for await (const event of simulator.stream) {
      if (event.type === 'content') break;
    }
    expect(simulator.cancelled).toBe(true);
    expect(AbortError.isInstance(await simulator.whenCancelled())).toBe(true);
  });

  it('reports an abort, and fails the consumer with the error it is given', async () => {
    const controller = new AbortController();
    const aborted = createStreamSimulator({ signal: controller.signal });
    const reading = read(aborted.stream);
    controller.abort();
    expect(AbortError.isInstance((await reading).error)).toBe(true);
    expect(AbortError.isInstance(aborted.cancelReason)).toBe(true);

    const failing = createStreamSimulator({ provider: 'sim' });
    failing.emit(events[1] as StreamEvent);
    failing.fail(new Error('socket hang up'));
    const { seen, error } = await read(failing.stream);
    expect(seen).toHaveLength(1);
    expect((error as ProviderError).message).toBe('The sim stream failed: socket hang up');
    expect((error as ProviderError).partial?.content).toBe('Hello');
  });

  it('exposes back-pressure', async () => {
    const simulator = createStreamSimulator({ highWaterMark: 2 });
    expect(simulator.desiredSize).toBe(2);
    // Two events of different kinds (queued text deltas of one kind are read as one).
    simulator.emit(events[1] as StreamEvent, events[3] as StreamEvent);
    expect(simulator.desiredSize).toBe(0);
    const iterator = simulator.stream[Symbol.asyncIterator]();
    await iterator.next();
    expect(simulator.pulls).toBe(1);
    expect(simulator.desiredSize).toBe(1);
  });

  it('works with a signal that is already aborted', async () => {
    const simulator = createStreamSimulator({ signal: AbortSignal.abort() });
    simulator.emit(events[1] as StreamEvent);
    simulator.close();
    expect(AbortError.isInstance((await read(simulator.stream)).error)).toBe(true);
    expect(simulator.desiredSize).toBe(0);
  });
});
