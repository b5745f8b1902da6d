import {
  AbortError,
  AigoError,
  type ChatRequest,
  ProviderError,
  type StreamEvent,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { estimateTokens } from './estimate-usage.js';
import { createFakeProvider, type FakeProvider } from './fake-provider.js';

const request: ChatRequest = { model: 'test-model', messages: [userMessage('Hello there')] };

async function drain(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createFakeProvider: scripted answers', () => {
  it('answers text with deterministic id, the request model, stop, and estimated usage', async () => {
    const provider = createFakeProvider().text('Hi! How can I help?');
    expect(provider.id).toBe('fake');
    const response = await provider.sendMessage(request);
    expect(response).toStrictEqual({
      id: 'fake-1',
      model: 'test-model',
      content: 'Hi! How can I help?',
      toolCalls: [],
      finishReason: 'stop',
      // "Hello there" = 11 characters → 3 tokens; the answer has 19 → 5.
      usage: { promptTokens: 3, completionTokens: 5, totalTokens: 8 },
    });
  });

  it('counts the system prompt and reasoning, and takes scripted usage and finish reason as given', async () => {
    const provider = createFakeProvider({ id: 'scripted' })
      .text('ok', { reasoning: 'think think', finishReason: 'length' })
      .text('paid', { usage: { promptTokens: 100, completionTokens: 7, totalTokens: 107 } });
    const withSystem = { ...request, systemPrompt: 'Be brief.' };
    const first = await provider.sendMessage(withSystem);
    expect(provider.id).toBe('scripted');
    expect(first.reasoning).toBe('think think');
    expect(first.finishReason).toBe('length');
    expect(first.usage).toEqual({
      promptTokens: estimateTokens('Be brief.Hello there'),
      completionTokens: estimateTokens('okthink think'),
      totalTokens: estimateTokens('Be brief.Hello there') + estimateTokens('okthink think'),
      reasoningTokens: estimateTokens('think think'),
    });
    const second = await provider.sendMessage(request);
    expect(second.id).toBe('fake-2');
    expect(second.usage).toEqual({ promptTokens: 100, completionTokens: 7, totalTokens: 107 });
  });

  it('scripts tool calls with ids call_<n> unique over the provider life', async () => {
    const provider = createFakeProvider()
      .toolCall('get_weather', { city: 'Paris' })
      .toolCall('raw', '{"not": valid', { id: 'my-id', content: 'Checking.' })
      .toolCalls([
        { name: 'a', args: { n: 1 } },
        { name: 'b', args: '{"n":2}', providerMetadata: { gemini: { thoughtSignature: 'sig' } } },
      ]);
    const first = await provider.sendMessage(request);
    expect(first.finishReason).toBe('tool_calls');
    expect(first.content).toBe('');
    expect(first.toolCalls).toEqual([
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
    ]);
    const second = await provider.sendMessage(request);
    expect(second.content).toBe('Checking.');
    expect(second.toolCalls[0]).toEqual({
      id: 'my-id',
      type: 'function',
      function: { name: 'raw', arguments: '{"not": valid' },
    });
    const third = await provider.sendMessage(request);
    expect(third.toolCalls.map((call) => call.id)).toEqual(['call_2', 'call_3']);
    expect(third.toolCalls[1]?.providerMetadata).toEqual({ gemini: { thoughtSignature: 'sig' } });
  });

  it('fills in a partial response and keeps what it was given', async () => {
    const provider = createFakeProvider().response({
      id: 'resp-x',
      content: 'No.',
      refusal: 'I cannot help with that.',
      finishReason: 'content_filter',
      rawFinishReason: 'SAFETY',
      providerMetadata: { gemini: { safety: 'blocked' } },
      reasoning: '',
      images: [],
    });
    const response = await provider.sendMessage(request);
    expect(response).toStrictEqual({
      id: 'resp-x',
      model: 'test-model',
      content: 'No.',
      toolCalls: [],
      finishReason: 'content_filter',
      rawFinishReason: 'SAFETY',
      refusal: 'I cannot help with that.',
      providerMetadata: { gemini: { safety: 'blocked' } },
      usage: expect.any(Object),
    });
  });

  it('rejects with a scripted error, then goes on with the queue', async () => {
    const failure = new ProviderError({
      code: 'rate_limited',
      message: 'slow down',
      provider: 'fake',
      status: 429,
      retryable: true,
      retryAfterMs: 1000,
    });
    const provider = createFakeProvider().error(failure).text('after');
    await expect(provider.sendMessage(request)).rejects.toBe(failure);
    expect((await provider.sendMessage(request)).content).toBe('after');
  });

  it('uses the default answer once the queue is empty, and names the call number without one', async () => {
    const withDefault = createFakeProvider().text('first').default('again');
    expect((await withDefault.sendMessage(request)).content).toBe('first');
    expect((await withDefault.sendMessage(request)).content).toBe('again');
    expect((await withDefault.sendMessage(request)).content).toBe('again');

    const failing = createFakeProvider().default(new Error('down'));
    await expect(failing.sendMessage(request)).rejects.toThrow('down');

    const empty = createFakeProvider().text('only');
    await empty.sendMessage(request);
    const error = await empty.sendMessage(request).catch((e: unknown) => e);
    expect(AigoError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/call #2/);
    await expect(empty.streamMessage(request)).rejects.toThrow(/call #3/);
  });

  it('answers with onRequest instead of the queue, given each request and its 0-based index', async () => {
    const seen: Array<[string, number]> = [];
    const provider = createFakeProvider()
      .text('queued, never used')
      .onRequest(async (incoming, callIndex) => {
        seen.push([incoming.model, callIndex]);
        if (callIndex === 2) throw new Error('handler says no');
        return { content: `answer ${callIndex}` };
      });
    expect((await provider.sendMessage(request)).content).toBe('answer 0');
    const stream = await provider.streamMessage({ ...request, model: 'other' });
    expect(await stream.collect()).toMatchObject({
      content: 'answer 1',
      model: 'other',
      id: 'fake-2',
    });
    await expect(provider.sendMessage(request)).rejects.toThrow('handler says no');
    expect(seen).toEqual([
      ['test-model', 0],
      ['other', 1],
      ['test-model', 2],
    ]);
    expect(provider.remaining).toBe(1);
  });

  it('records requests, calls and their options', async () => {
    const provider = createFakeProvider().default('x');
    expect(provider.lastRequest).toBeUndefined();
    expect(provider.callCount).toBe(0);
    const second: ChatRequest = { model: 'm2', messages: [userMessage('two')] };
    await provider.sendMessage(request, { headers: { 'x-trace': '1' } });
    await (await provider.streamMessage(second)).collect();
    expect(provider.callCount).toBe(2);
    expect(provider.requests).toEqual([request, second]);
    expect(provider.lastRequest).toBe(second);
    expect(provider.calls.map((call) => call.kind)).toEqual(['send', 'stream']);
    expect(provider.calls[0]?.options?.headers).toEqual({ 'x-trace': '1' });
    await provider.close();
    expect(provider.closed).toBe(true);
  });

  it('gives concurrent calls distinct entries in call order', async () => {
    const provider = createFakeProvider().delay(0);
    for (let i = 0; i < 20; i++) provider.text(`answer ${i}`);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? provider.sendMessage(request)
          : provider.streamMessage(request).then((s) => s.collect()),
      ),
    );
    expect(responses.map((response) => response.content)).toEqual(
      Array.from({ length: 20 }, (_, i) => `answer ${i}`),
    );
    expect(new Set(responses.map((response) => response.id)).size).toBe(20);
    expect(provider.remaining).toBe(0);
  });

  it('validates its arguments', async () => {
    const provider = createFakeProvider();
    expect(() => provider.text(42 as unknown as string)).toThrow(ValidationError);
    expect(() => provider.toolCall('')).toThrow(/calls\[0\]\.name/);
    expect(() => provider.toolCall('x', [] as unknown as string)).toThrow(/args/);
    expect(() => provider.toolCalls([])).toThrow(ValidationError);
    expect(() => provider.delay(-1)).toThrow(ValidationError);
    expect(() => provider.onRequest('no' as never)).toThrow(ValidationError);
    expect(() => createFakeProvider({ id: '' })).toThrow(ValidationError);
    await expect(provider.sendMessage({} as ChatRequest)).rejects.toThrow(ValidationError);
    await expect(
      provider.sendMessage({ model: 'm', messages: 'hi' } as unknown as ChatRequest),
    ).rejects.toThrow(/request.messages/);
  });
});

describe('createFakeProvider: delay and abort', () => {
  it('waits the delay on the global timers', async () => {
    vi.useFakeTimers();
    const provider = createFakeProvider().delay(1000).text('late');
    let settled = false;
    const pending = provider.sendMessage(request).then((response) => {
      settled = true;
      return response;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).content).toBe('late');
  });

  it('rejects with AbortError at once when aborted during the delay, and clears its timer', async () => {
    vi.useFakeTimers();
    const provider = createFakeProvider().delay(60_000).default('never');
    const controller = new AbortController();
    const send = provider.sendMessage(request, { signal: controller.signal });
    const stream = provider.streamMessage(request, { signal: controller.signal });
    expect(vi.getTimerCount()).toBe(2);
    controller.abort(new Error('user left'));
    const sendError = await send.catch((e: unknown) => e);
    expect(AbortError.isInstance(sendError)).toBe(true);
    expect((sendError as AbortError).cause).toEqual(new Error('user left'));
    await expect(stream).rejects.toSatisfy((e: unknown) => AbortError.isInstance(e));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with AbortError when the signal is already aborted, without taking an entry', async () => {
    const provider = createFakeProvider().text('kept');
    const signal = AbortSignal.abort();
    await expect(provider.sendMessage(request, { signal })).rejects.toSatisfy((e: unknown) =>
      AbortError.isInstance(e),
    );
    await expect(provider.streamMessage(request, { signal })).rejects.toSatisfy((e: unknown) =>
      AbortError.isInstance(e),
    );
    expect(provider.remaining).toBe(1);
    expect(provider.callCount).toBe(2);
  });

  it('rejects a pending onRequest handler with AbortError when aborted', async () => {
    let release!: () => void;
    const provider = createFakeProvider().onRequest(
      () => new Promise((resolve) => (release = () => resolve({ content: 'late' }))),
    );
    const controller = new AbortController();
    const pending = provider.sendMessage(request, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toSatisfy((e: unknown) => AbortError.isInstance(e));
    release();
  });

  it('stops a stream that is being read when the signal aborts', async () => {
    const provider = createFakeProvider().text('one two three four five six');
    const controller = new AbortController();
    const stream = await provider.streamMessage(request, { signal: controller.signal });
    const seen: StreamEvent[] = [];
    const error = await (async () => {
      for await (const event of stream) {
        seen.push(event);
        if (event.type === 'content') controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(AbortError.isInstance(error)).toBe(true);
    const content = seen.filter((event) => event.type === 'content');
    expect(content.length).toBeLessThan(6);
    expect((error as AbortError).partial?.content).toBe(
      content.map((event) => (event.type === 'content' ? event.text : '')).join(''),
    );
  });
});

describe('createFakeProvider: streaming', () => {
  function scripted(): FakeProvider {
    return createFakeProvider()
      .text('The quick brown fox jumps over the lazy dog.', {
        reasoning: 'Let me think about foxes.',
      })
      .toolCalls(
        [
          { name: 'search', args: { query: 'foxes', limit: 3 } },
          { name: 'noop', args: {}, providerMetadata: { gemini: { thoughtSignature: 'c2ln' } } },
          { name: 'one', args: '1' },
        ],
        { content: 'Looking.' },
      )
      .response({
        content: '',
        refusal: 'I will not do that.',
        finishReason: 'content_filter',
        rawFinishReason: 'refusal',
        grounding: {
          searchQueries: ['q'],
          sources: [{ index: 0, uri: 'https://example.com', title: 'Example' }],
          supports: [],
        },
        providerMetadata: { openai: { responseId: 'r1' } },
        codeExecutions: [{ language: 'python', code: 'print(1)', outcome: 'ok', output: '1' }],
        usage: {
          promptTokens: 10,
          completionTokens: 4,
          totalTokens: 14,
          cachedTokens: 2,
          reasoningTokens: 1,
        },
      })
      .text('');
  }

  it('collect() deep-equals sendMessage for the same script entries', async () => {
    const sending = scripted();
    const streaming = scripted();
    for (let i = 0; i < 4; i++) {
      const sent = await sending.sendMessage(request);
      const collected = await (await streaming.streamMessage(request)).collect();
      expect(collected).toStrictEqual(sent);
    }
  });

  it('emits start, word-sized content and reasoning deltas, usage and finish last', async () => {
    const provider = scripted();
    const events = await drain(await provider.streamMessage(request));
    expect(events[0]).toEqual({ type: 'start', id: 'fake-1', model: 'test-model' });
    expect(events.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    expect(events.at(-2)?.type).toBe('usage');
    const content = events.flatMap((event) => (event.type === 'content' ? [event.text] : []));
    expect(content).toEqual([
      'The ',
      'quick ',
      'brown ',
      'fox ',
      'jumps ',
      'over ',
      'the ',
      'lazy ',
      'dog.',
    ]);
    const reasoning = events.flatMap((event) => (event.type === 'reasoning' ? [event.text] : []));
    expect(reasoning.length).toBeGreaterThan(1);
    expect(reasoning.join('')).toBe('Let me think about foxes.');
  });

  it('streams each tool call as fragments: id and name first, arguments in two or more pieces', async () => {
    const provider = scripted();
    await provider.sendMessage(request);
    const events = await drain(await provider.streamMessage(request));
    const deltas = events.filter((event) => event.type === 'tool_call_delta');
    for (const index of [0, 1, 2]) {
      const fragments = deltas.filter((event) => event.index === index);
      expect(fragments.length).toBeGreaterThanOrEqual(2);
      expect(fragments[0]?.id).toMatch(/^call_\d+$/);
      expect(fragments[0]?.name).toBeTruthy();
      expect(
        fragments.slice(1).every((event) => event.id === undefined && event.name === undefined),
      ).toBe(true);
    }
    const search = deltas.filter((event) => event.index === 0).map((event) => event.argumentsDelta);
    expect(search.filter((piece) => piece !== '').length).toBeGreaterThanOrEqual(2);
    expect(search.join('')).toBe('{"query":"foxes","limit":3}');
    expect(deltas.find((event) => event.index === 1)?.providerMetadata).toEqual({
      gemini: { thoughtSignature: 'c2ln' },
    });
  });

  it('produces events only as they are read, so breaking out stops the stream', async () => {
    const provider = createFakeProvider().text('a b c d e f g h');
    const stream = await provider.streamMessage(request);
    for await (const event of stream) {
      if (event.type === 'content') break;
    }
    // The stream keeps one event ready ahead of the reader, never more.
    expect(stream.partial.content).toBe('a b ');
  });

  it('fails a stream mid-way with error(err, { afterEvents }), keeping the partial answer', async () => {
    const failure = new ProviderError({
      code: 'stream_error',
      message: 'connection reset',
      provider: 'fake',
      retryable: true,
    });
    const provider = createFakeProvider()
      .error(failure, { afterEvents: 3, response: { content: 'one two three four' } })
      .error(failure, { afterEvents: 3 });
    const stream = await provider.streamMessage(request);
    const seen: StreamEvent[] = [];
    const error = await (async () => {
      for await (const event of stream) seen.push(event);
    })().catch((e: unknown) => e);
    expect(seen.map((event) => event.type)).toEqual(['start', 'content', 'content']);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect((error as ProviderError).message).toBe('connection reset');
    expect((error as ProviderError).partial?.content).toBe('one two ');
    await expect(provider.sendMessage(request)).rejects.toBe(failure);
  });
});
