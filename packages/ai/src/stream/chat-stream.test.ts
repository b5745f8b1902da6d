import { describe, expect, it, vi } from 'vitest';
import type { ChatResponse } from '../chat/chat-response.js';
import { AigoError } from '../errors/aigo-error.js';
import { AbortError } from '../errors/interruption-errors.js';
import { ProviderError } from '../errors/provider-error.js';
import { ChatStream } from './chat-stream.js';
import type { ChatStreamController, ChatStreamSource } from './chat-stream-source.js';
import type { StreamEvent } from './stream-event.js';

/** A source the test drives by hand, recording pull and cancel calls. */
function manualSource() {
  let controller!: ChatStreamController;
  const calls = { pull: 0, cancel: 0, cancelReason: undefined as unknown };
  const source: ChatStreamSource = {
    start(c) {
      controller = c;
    },
    pull() {
      calls.pull++;
    },
    cancel(reason) {
      calls.cancel++;
      calls.cancelReason = reason;
    },
  };
  return {
    source,
    calls,
    get controller() {
      return controller;
    },
  };
}

function streamOf(
  events: StreamEvent[],
  options?: { close?: boolean; error?: unknown },
): ChatStream {
  return new ChatStream({
    start(controller) {
      for (const event of events) controller.enqueue(event);
      if (options?.error !== undefined) controller.error(options.error);
      else if (options?.close !== false) controller.close();
    },
  });
}

async function drain(stream: ChatStream): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('ChatStream.collect over recorded OpenAI chat sequences', () => {
  it('joins interleaved parallel tool calls by index (stream-tool-calls-parallel)', async () => {
    // Modelled on openai-chat/stream-tool-calls-parallel.sse: the id and name arrive on the first
    // fragment of each call, arguments in pieces, the two calls interleaved.
    const stream = streamOf([
      { type: 'start', id: 'chatcmpl-1', model: 'gpt-4o-2024-08-06' },
      { type: 'tool_call_delta', index: 0, id: 'call_a', name: 'get_weather', argumentsDelta: '' },
      { type: 'tool_call_delta', index: 1, id: 'call_b', name: 'get_time', argumentsDelta: '' },
      { type: 'tool_call_delta', index: 0, argumentsDelta: '{"city":' },
      { type: 'tool_call_delta', index: 1, argumentsDelta: '{"tz":"Europe/Rome"}' },
      { type: 'tool_call_delta', index: 0, argumentsDelta: '"Paris"}' },
      { type: 'finish', finishReason: 'tool_calls', rawFinishReason: 'tool_calls' },
      { type: 'usage', usage: { promptTokens: 80, completionTokens: 40, totalTokens: 120 } },
    ]);
    const response = await stream.collect();
    expect(response).toEqual({
      id: 'chatcmpl-1',
      model: 'gpt-4o-2024-08-06',
      content: '',
      toolCalls: [
        {
          id: 'call_a',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
        },
        {
          id: 'call_b',
          type: 'function',
          function: { name: 'get_time', arguments: '{"tz":"Europe/Rome"}' },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      usage: { promptTokens: 80, completionTokens: 40, totalTokens: 120 },
    } satisfies ChatResponse);
  });

  it('takes late names, empty ids and indexes starting at 1 (anthropic compat, gemini compat)', async () => {
    const stream = streamOf([
      { type: 'content', text: 'Reading' },
      { type: 'content', text: ' it.' },
      { type: 'tool_call_delta', index: 1, id: '', argumentsDelta: '' },
      { type: 'tool_call_delta', index: 1, argumentsDelta: '{"pa' },
      { type: 'tool_call_delta', index: 1, name: 'read_file', argumentsDelta: 'th": "a.txt"}' },
      { type: 'tool_call_delta', index: 1, id: 'toolu_1', argumentsDelta: '' },
      { type: 'finish', finishReason: 'tool_calls' },
    ]);
    const response = await stream.collect();
    expect(response.content).toBe('Reading it.');
    expect(response.toolCalls).toEqual([
      {
        id: 'toolu_1',
        type: 'function',
        function: { name: 'read_file', arguments: '{"path": "a.txt"}' },
      },
    ]);
  });

  it('gives a call that never got an id a stable one', async () => {
    const response = await streamOf([
      { type: 'tool_call_delta', index: 0, id: '', name: 'f', argumentsDelta: '{}' },
    ]).collect();
    expect(response.toolCalls[0]?.id).toBe('call_0');
    expect(response.finishReason).toBe('tool_calls');
  });

  it('does not double a whole call resent after an empty fragment (openrouter kimi variant a)', async () => {
    const response = await streamOf([
      { type: 'tool_call_delta', index: 0, id: '0', name: 'llm_version', argumentsDelta: '' },
      { type: 'tool_call_delta', index: 0, id: '0', name: 'llm_version', argumentsDelta: '{}' },
      {
        type: 'usage',
        usage: {
          promptTokens: 57,
          completionTokens: 17,
          totalTokens: 74,
          cachedTokens: 0,
          reasoningTokens: 0,
        },
      },
    ]).collect();
    expect(response.toolCalls).toEqual([
      { id: '0', type: 'function', function: { name: 'llm_version', arguments: '{}' } },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage?.totalTokens).toBe(74);
  });

  it('keeps reasoning, refusal and merges metadata', async () => {
    const response = await streamOf([
      { type: 'reasoning', text: 'Let me ' },
      { type: 'reasoning', text: 'think.' },
      { type: 'refusal', text: 'I cannot' },
      { type: 'metadata', providerMetadata: { gemini: { a: 1 } } },
      {
        type: 'metadata',
        providerMetadata: { gemini: { b: 2 } },
        codeExecutions: [{ language: 'python', code: 'print(1)' }],
      },
      { type: 'finish', finishReason: 'stop', rawFinishReason: 'STOP' },
    ]).collect();
    expect(response.reasoning).toBe('Let me think.');
    expect(response.refusal).toBe('I cannot');
    expect(response.providerMetadata).toEqual({ gemini: { a: 1, b: 2 } });
    expect(response.codeExecutions).toEqual([{ language: 'python', code: 'print(1)' }]);
  });
});

describe('ChatStream event order', () => {
  it('delivers finish last even when usage arrives after it', async () => {
    const events = await drain(
      streamOf([
        { type: 'content', text: 'Hi' },
        { type: 'finish', finishReason: 'stop' },
        { type: 'usage', usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 } },
      ]),
    );
    expect(events.map((e) => e.type)).toEqual(['content', 'usage', 'finish']);
  });

  it('adds a finish event when the source closes without one', async () => {
    const events = await drain(streamOf([{ type: 'content', text: 'Hi' }]));
    expect(events.at(-1)).toEqual({ type: 'finish', finishReason: 'other' });
  });

  it('collect after a finished iteration returns the same response', async () => {
    const stream = streamOf([
      { type: 'content', text: 'A' },
      { type: 'finish', finishReason: 'stop' },
    ]);
    await drain(stream);
    expect((await stream.collect()).content).toBe('A');
  });
});

describe('ChatStream single consumer', () => {
  it('refuses a second iteration with a clear error', () => {
    const stream = streamOf([]);
    stream[Symbol.asyncIterator]();
    expect(() => stream[Symbol.asyncIterator]()).toThrow(/single consumer/);
  });

  it('refuses collect while iterating', () => {
    const { source } = manualSource();
    const stream = new ChatStream(source);
    stream[Symbol.asyncIterator]();
    expect(() => stream.collect()).toThrow(AigoError);
  });

  it('refuses iteration after collect, and collect twice returns one promise', () => {
    const stream = streamOf([]);
    const first = stream.collect();
    expect(stream.collect()).toBe(first);
    expect(() => stream[Symbol.asyncIterator]()).toThrow(/single consumer/);
  });
});

describe('ChatStream cancellation', () => {
  it('break out of for-await cancels the source exactly once', async () => {
    const manual = manualSource();
    const stream = new ChatStream(manual.source);
    manual.controller.enqueue({ type: 'content', text: 'a' });
    manual.controller.enqueue({ type: 'content', text: 'b' });
    for await (const event of stream) {
      expect(event.type).toBe('content');
      break;
    }
    expect(manual.calls.cancel).toBe(1);
    // Late events and closes from the source are ignored.
    manual.controller.enqueue({ type: 'content', text: 'c' });
    manual.controller.close();
    expect(manual.calls.cancel).toBe(1);
  });

  it('aborting the signal cancels once and rejects the pending read with AbortError carrying progress', async () => {
    const manual = manualSource();
    const abort = new AbortController();
    const stream = new ChatStream(manual.source, { signal: abort.signal });
    manual.controller.enqueue({ type: 'content', text: 'partial ' });
    manual.controller.enqueue({
      type: 'usage',
      usage: { promptTokens: 3, completionTokens: 1, totalTokens: 4 },
    });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await iterator.next();
    const pending = iterator.next();
    abort.abort(new Error('user pressed stop'));
    const error = await pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(AbortError.isInstance(error)).toBe(true);
    const abortError = error as AbortError;
    expect(abortError.partial?.content).toBe('partial ');
    expect(abortError.usage?.totalTokens).toBe(4);
    expect((abortError.cause as Error).message).toBe('user pressed stop');
    expect(manual.calls.cancel).toBe(1);
    abort.abort();
    expect(manual.calls.cancel).toBe(1);
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });

  it('an already aborted signal never starts the source', async () => {
    const start = vi.fn();
    const abort = new AbortController();
    abort.abort();
    const stream = new ChatStream({ start }, { signal: abort.signal });
    expect(start).not.toHaveBeenCalled();
    await expect(stream.collect()).rejects.toSatisfy((e) => AbortError.isInstance(e));
  });

  it('removes its abort listener once the stream ends', async () => {
    const abort = new AbortController();
    const remove = vi.spyOn(abort.signal, 'removeEventListener');
    await streamOf([]).collect();
    const stream = new ChatStream({ start: (c) => c.close() }, { signal: abort.signal });
    await stream.collect();
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
  });

  it('cancel() stops the source and rejects collect', async () => {
    const manual = manualSource();
    const stream = new ChatStream(manual.source);
    const collected = stream.collect();
    stream.cancel(new Error('enough'));
    await expect(collected).rejects.toSatisfy((e) => AbortError.isInstance(e));
    expect(manual.calls.cancel).toBe(1);
  });
});

describe('ChatStream errors', () => {
  it('rejects with the source error, progress attached, after the queued events', async () => {
    const failure = new ProviderError({
      code: 'stream_error',
      message: 'boom',
      provider: 'openai',
      retryable: false,
    });
    const stream = streamOf(
      [
        { type: 'content', text: 'so far' },
        { type: 'usage', usage: { promptTokens: 2, completionTokens: 2, totalTokens: 4 } },
      ],
      { error: failure },
    );
    const seen: string[] = [];
    const error = await (async () => {
      try {
        for await (const event of stream) seen.push(event.type);
      } catch (e) {
        return e;
      }
    })();
    expect(seen).toEqual(['content', 'usage']);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect((error as ProviderError).partial?.content).toBe('so far');
    expect((error as ProviderError).usage?.totalTokens).toBe(4);
  });

  it('wraps an untyped error as a stream_error ProviderError', async () => {
    const stream = new ChatStream(
      { start: (c) => c.error(new TypeError('socket hang up')) },
      { provider: 'gemini' },
    );
    const error = await stream.collect().catch((e: unknown) => e);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect((error as ProviderError).code).toBe('stream_error');
    expect((error as ProviderError).provider).toBe('gemini');
  });

  it('a start() that throws fails the stream', async () => {
    const stream = new ChatStream({
      start() {
        throw new Error('no');
      },
    });
    await expect(stream.collect()).rejects.toThrow(/no/);
  });

  it('rejects a source that is not one', () => {
    expect(() => new ChatStream(undefined as never)).toThrow(/source/);
  });
});

describe('ChatStream hooks', () => {
  it('calls onEvent per event, onFinish once with the response', async () => {
    const seen: string[] = [];
    const finished: ChatResponse[] = [];
    const stream = streamOf([
      { type: 'content', text: 'x' },
      { type: 'finish', finishReason: 'stop' },
    ]);
    // Hooks added before consumption see every event, even though the source already closed.
    const manual = manualSource();
    const live = new ChatStream(manual.source).addHooks({
      onEvent: (e) => seen.push(e.type),
      onFinish: (r) => finished.push(r),
    });
    manual.controller.enqueue({ type: 'content', text: 'x' });
    manual.controller.close();
    await live.collect();
    expect(seen).toEqual(['content', 'finish']);
    expect(finished).toHaveLength(1);
    expect(finished[0]?.content).toBe('x');
    await stream.collect();
  });

  it('a throwing hook fails the stream and cancels the source', async () => {
    const manual = manualSource();
    const stream = new ChatStream(manual.source).addHooks({
      onEvent() {
        throw new Error('observer broke');
      },
    });
    const collected = stream.collect();
    manual.controller.enqueue({ type: 'content', text: 'x' });
    await expect(collected).rejects.toThrow();
    expect(manual.calls.cancel).toBe(1);
  });

  it('calls onError with the final error', async () => {
    const onError = vi.fn();
    const manual = manualSource();
    const stream = new ChatStream(manual.source).addHooks({ onError });
    const collected = stream.collect();
    manual.controller.error(new Error('x'));
    await expect(collected).rejects.toThrow();
    expect(onError).toHaveBeenCalledOnce();
  });
});

describe('ChatStream hooks added after the stream ended', () => {
  it('runs onFinish at once on a stream that closed synchronously (fromResponse)', async () => {
    const onFinish = vi.fn();
    const response: ChatResponse = {
      id: 'r1',
      model: 'm',
      content: 'hi',
      toolCalls: [],
      finishReason: 'stop',
    };
    const stream = ChatStream.fromResponse(response).addHooks({ onFinish });
    expect(onFinish).toHaveBeenCalledOnce();
    expect(onFinish.mock.calls[0]?.[0]).toEqual(response);
    await stream.collect();
    expect(onFinish).toHaveBeenCalledOnce();
  });

  it('runs onError at once on a stream that already failed', async () => {
    const onError = vi.fn();
    const controller = new AbortController();
    controller.abort();
    const stream = ChatStream.fromResponse(
      { id: 'r1', model: 'm', content: '', toolCalls: [], finishReason: 'stop' },
      { signal: controller.signal },
    ).addHooks({ onError });
    expect(onError).toHaveBeenCalledOnce();
    await expect(stream.collect()).rejects.toThrow(/aborted/);
  });
});

describe('ChatStream backpressure', () => {
  it('reports desiredSize and pulls a paused source when the consumer drains', async () => {
    const manual = manualSource();
    const stream = new ChatStream(manual.source, { highWaterMark: 4 });
    // Alternating kinds, so no two queued deltas are joined into one read.
    for (let i = 0; i < 4; i++) {
      manual.controller.enqueue({ type: i % 2 === 0 ? 'content' : 'reasoning', text: String(i) });
    }
    expect(manual.controller.desiredSize).toBe(0);
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    expect(manual.calls.pull).toBe(0);
    await iterator.next();
    expect(manual.calls.pull).toBe(1);
    manual.controller.close();
  });
});

describe('ChatStream backpressure with joined deltas', () => {
  it('counts each joined delta toward the high-water mark, and frees them all when read', async () => {
    const manual = manualSource();
    const stream = new ChatStream(manual.source, { highWaterMark: 4 });
    const iterator = stream[Symbol.asyncIterator]();
    for (const text of ['a', 'b', 'c']) manual.controller.enqueue({ type: 'content', text });
    expect(manual.controller.desiredSize).toBe(1);
    manual.controller.enqueue({ type: 'content', text: 'd' });
    expect(manual.controller.desiredSize).toBe(0);
    const first = (await iterator.next()).value;
    expect(first).toEqual({ type: 'content', text: 'abcd' });
    expect(manual.controller.desiredSize).toBe(4);
    // A later delta starts a new event; the one already read is not changed by it.
    manual.controller.enqueue({ type: 'content', text: 'e' });
    manual.controller.enqueue({ type: 'content', text: 'f' });
    expect((await iterator.next()).value).toEqual({ type: 'content', text: 'ef' });
    expect(first).toEqual({ type: 'content', text: 'abcd' });
    manual.controller.close();
    expect((await iterator.next()).value).toEqual({ type: 'finish', finishReason: 'other' });
  });
});

describe('ChatStream text deltas a consumer has not read yet', () => {
  it('are joined per kind into one event at the next read; other events keep their place', async () => {
    const manual = manualSource();
    const seen: StreamEvent[] = [];
    const stream = new ChatStream(manual.source).addHooks({ onEvent: (e) => seen.push(e) });
    const c = manual.controller;
    const queued: StreamEvent[] = [
      { type: 'start', id: 'r', model: 'm' },
      { type: 'reasoning', text: 'th' },
      { type: 'reasoning', text: 'ink' },
      { type: 'content', text: 'Hel' },
      { type: 'content', text: 'lo' },
      { type: 'content', text: ' there' },
      { type: 'tool_call_delta', index: 0, id: 'c1', name: 'f', argumentsDelta: '{' },
      { type: 'tool_call_delta', index: 0, argumentsDelta: '}' },
      { type: 'refusal', text: 'n' },
      { type: 'refusal', text: 'o' },
      { type: 'content', text: '!' },
    ];
    for (const event of queued) c.enqueue(event);
    c.enqueue({ type: 'finish', finishReason: 'stop' });
    c.close();
    const read: StreamEvent[] = [];
    for await (const event of stream) read.push(event);
    expect(read).toEqual([
      { type: 'start', id: 'r', model: 'm' },
      { type: 'reasoning', text: 'think' },
      { type: 'content', text: 'Hello there' },
      { type: 'tool_call_delta', index: 0, id: 'c1', name: 'f', argumentsDelta: '{' },
      { type: 'tool_call_delta', index: 0, argumentsDelta: '}' },
      { type: 'refusal', text: 'no' },
      { type: 'content', text: '!' },
      { type: 'finish', finishReason: 'stop' },
    ]);
    // Hooks (middleware, observers) still see every delta as it arrived.
    expect(seen).toEqual([...queued, { type: 'finish', finishReason: 'stop' }]);
    expect((await stream.collect()).content).toBe('Hello there!');
  });

  it('hold a usage event behind the text it follows, the latest of several', async () => {
    const manual = manualSource();
    const stream = new ChatStream(manual.source, { highWaterMark: 100 });
    const usage = (n: number) => ({
      type: 'usage' as const,
      usage: { promptTokens: 1, completionTokens: n, totalTokens: n + 1 },
    });
    const c = manual.controller;
    c.enqueue({ type: 'start', id: 'r', model: 'm' });
    c.enqueue({ type: 'content', text: 'a' });
    c.enqueue(usage(1));
    c.enqueue({ type: 'content', text: 'b' });
    c.enqueue(usage(2));
    c.enqueue({ type: 'content', text: 'c' });
    expect(c.desiredSize).toBe(94);
    c.enqueue({ type: 'tool_call_delta', index: 0, argumentsDelta: '{}' });
    c.enqueue(usage(3));
    c.enqueue({ type: 'finish', finishReason: 'tool_calls' });
    c.close();
    const read: StreamEvent[] = [];
    for await (const event of stream) read.push(event);
    expect(read).toEqual([
      { type: 'start', id: 'r', model: 'm' },
      { type: 'content', text: 'abc' },
      usage(2),
      { type: 'tool_call_delta', index: 0, argumentsDelta: '{}' },
      usage(3),
      { type: 'finish', finishReason: 'tool_calls' },
    ]);
    expect((await stream.collect()).usage).toEqual(usage(3).usage);
  });

  it('deliver a held usage event right after its text when the reader takes the text', async () => {
    const manual = manualSource();
    const stream = new ChatStream(manual.source, { highWaterMark: 100 });
    const iterator = stream[Symbol.asyncIterator]();
    const usage = {
      type: 'usage' as const,
      usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
    };
    manual.controller.enqueue({ type: 'content', text: 'x' });
    manual.controller.enqueue(usage);
    expect((await iterator.next()).value).toEqual({ type: 'content', text: 'x' });
    manual.controller.enqueue({ type: 'content', text: 'y' });
    expect((await iterator.next()).value).toEqual(usage);
    expect((await iterator.next()).value).toEqual({ type: 'content', text: 'y' });
    expect(manual.controller.desiredSize).toBe(100);
    manual.controller.close();
  });

  it('are handed over one by one to a consumer that waits for them', async () => {
    const manual = manualSource();
    const stream = new ChatStream(manual.source);
    const iterator = stream[Symbol.asyncIterator]();
    const texts: string[] = [];
    for (const text of ['a', 'b', 'c']) {
      const next = iterator.next();
      manual.controller.enqueue({ type: 'content', text });
      const { value } = await next;
      texts.push((value as { text: string }).text);
    }
    expect(texts).toEqual(['a', 'b', 'c']);
    manual.controller.close();
    expect((await iterator.next()).value).toEqual({ type: 'finish', finishReason: 'other' });
  });
});

describe('ChatStream.fromResponse', () => {
  it('collects to a response deep-equal to the one given', async () => {
    const response: ChatResponse = {
      id: 'r1',
      model: 'm',
      content: 'Hello',
      reasoning: 'because',
      toolCalls: [
        {
          id: 'c1',
          type: 'function',
          function: { name: 'f', arguments: '{"a":1}' },
          providerMetadata: { gemini: { thoughtSignature: 'sig' } },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'STOP',
      usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3, reasoningTokens: 1 },
      providerMetadata: { openai: { responseId: 'x' } },
      grounding: {
        searchQueries: ['q'],
        sources: [{ index: 0, uri: 'https://example.com' }],
        supports: [],
      },
      images: [{ mimeType: 'image/png', data: 'AAAA' }],
    };
    expect(await ChatStream.fromResponse(response).collect()).toEqual(response);
  });
});

describe('ChatStream.started', () => {
  it('is false until the source hands over an event, and true from then on', () => {
    let controller: ChatStreamController | undefined;
    const stream = new ChatStream({
      start(given) {
        controller = given;
      },
    });
    expect(stream.started).toBe(false);
    controller?.enqueue({ type: 'content', text: 'Hi' });
    expect(stream.started).toBe(true);
    expect(
      ChatStream.fromResponse({
        id: 'r',
        model: 'm',
        content: 'x',
        toolCalls: [],
        finishReason: 'stop',
      }).started,
    ).toBe(true);
  });
});
