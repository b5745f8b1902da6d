import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MAX_TOKENS,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_REQUEST_TEMPERATURE,
  ATTR_GEN_AI_REQUEST_TOP_P,
  ATTR_GEN_AI_RESPONSE_FINISH_REASONS,
  ATTR_GEN_AI_RESPONSE_ID,
  ATTR_GEN_AI_RESPONSE_MODEL,
  ATTR_GEN_AI_SYSTEM_INSTRUCTIONS,
  ATTR_GEN_AI_TOKEN_TYPE,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  type ChatRequest,
  METRIC_GEN_AI_CLIENT_OPERATION_DURATION,
  METRIC_GEN_AI_CLIENT_TOKEN_USAGE,
  type Observer,
  ProviderError,
  type Span,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { createFakeProvider, createRecordingObserver, type RecordedSpan } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { composeMiddleware, type Middleware } from './middleware.js';
import { observabilityMiddleware } from './observability-middleware.js';

const request: ChatRequest = {
  model: 'test-model',
  messages: [userMessage('Hello')],
  temperature: 0,
  maxOutputTokens: 256,
  topP: 0.9,
};
const usage = { promptTokens: 12, completionTokens: 5, totalTokens: 17 };

/** A middleware inside observability that opens a child span under `options.span`, as a provider would. */
function childSpanner(observer: Observer, seen: (Span | undefined)[]): Middleware {
  return {
    name: 'child',
    async send(req, options, next) {
      seen.push(options.span);
      const span = observer.startSpan('http POST', {
        kind: 'client',
        ...(options.span === undefined ? {} : { parent: options.span }),
      });
      try {
        return await next(req, options);
      } finally {
        span.end();
      }
    },
  };
}

describe('observabilityMiddleware on send', () => {
  it('records a chat span with gen_ai attributes, nested under the caller span, and its metrics', async () => {
    const observer = createRecordingObserver();
    const parent = observer.startSpan('invoke_agent demo');
    const seen: (Span | undefined)[] = [];
    const provider = createFakeProvider().text('Hi', { usage });
    const { send } = composeMiddleware(provider, [
      observabilityMiddleware(observer, { providerName: 'fake' }),
      childSpanner(observer, seen),
    ]);
    await send(request, { span: parent });

    const [, chat, child] = observer.spans as [RecordedSpan, RecordedSpan, RecordedSpan];
    expect(chat.name).toBe('chat test-model');
    expect(chat.kind).toBe('client');
    expect(chat.parent).toBe(parent);
    // The new span travels down in options.span: the provider-level span nests under it.
    expect(seen[0]).toBe(chat);
    expect(child.parent).toBe(chat);
    expect(provider.calls[0]?.options?.span).toBe(chat);
    expect(chat.attributes).toEqual({
      [ATTR_GEN_AI_OPERATION_NAME]: 'chat',
      [ATTR_GEN_AI_PROVIDER_NAME]: 'fake',
      [ATTR_GEN_AI_REQUEST_MODEL]: 'test-model',
      [ATTR_GEN_AI_REQUEST_TEMPERATURE]: 0,
      [ATTR_GEN_AI_REQUEST_MAX_TOKENS]: 256,
      [ATTR_GEN_AI_REQUEST_TOP_P]: 0.9,
      [ATTR_GEN_AI_RESPONSE_ID]: 'fake-1',
      [ATTR_GEN_AI_RESPONSE_MODEL]: 'test-model',
      [ATTR_GEN_AI_RESPONSE_FINISH_REASONS]: ['stop'],
      [ATTR_GEN_AI_USAGE_INPUT_TOKENS]: 12,
      [ATTR_GEN_AI_USAGE_OUTPUT_TOKENS]: 5,
    });
    expect(chat.status).toEqual({ status: 'ok', message: undefined });
    expect(chat.endCount).toBe(1);

    const duration = observer.measurements.filter(
      (m) => m.instrument === METRIC_GEN_AI_CLIENT_OPERATION_DURATION,
    );
    expect(duration).toHaveLength(1);
    expect(duration[0]?.kind).toBe('histogram');
    expect(duration[0]?.value).toBeGreaterThanOrEqual(0);
    expect(duration[0]?.value).toBeLessThan(10); // seconds, not milliseconds
    expect(duration[0]?.attributes).toMatchObject({
      [ATTR_GEN_AI_OPERATION_NAME]: 'chat',
      [ATTR_GEN_AI_REQUEST_MODEL]: 'test-model',
      [ATTR_GEN_AI_RESPONSE_MODEL]: 'test-model',
    });
    const tokens = observer.measurements.filter(
      (m) => m.instrument === METRIC_GEN_AI_CLIENT_TOKEN_USAGE,
    );
    expect(tokens.map((m) => [m.attributes?.[ATTR_GEN_AI_TOKEN_TYPE], m.value])).toEqual([
      ['input', 12],
      ['output', 5],
    ]);
  });

  it('records a failure with error.type and status error', async () => {
    const observer = createRecordingObserver();
    const failure = new ProviderError({
      code: 'rate_limited',
      message: 'Too many requests',
      provider: 'fake',
      status: 429,
      retryable: true,
    });
    const provider = createFakeProvider().error(failure);
    const { send } = composeMiddleware(provider, [observabilityMiddleware(observer)]);
    await expect(send(request, {})).rejects.toBe(failure);
    const [chat] = observer.spans as [RecordedSpan];
    expect(chat.parent).toBeUndefined();
    expect(chat.errors).toEqual([failure]);
    expect(chat.attributes[ATTR_ERROR_TYPE]).toBe('rate_limited');
    expect(chat.status).toEqual({ status: 'error', message: 'Too many requests' });
    expect(chat.endCount).toBe(1);
    const duration = observer.measurements.find(
      (m) => m.instrument === METRIC_GEN_AI_CLIENT_OPERATION_DURATION,
    );
    expect(duration?.attributes?.[ATTR_ERROR_TYPE]).toBe('rate_limited');
    expect(
      observer.measurements.some((m) => m.instrument === METRIC_GEN_AI_CLIENT_TOKEN_USAGE),
    ).toBe(false);
  });
});

describe('observabilityMiddleware on streams', () => {
  it('ends the span when the stream finishes, with final usage and the first-chunk time', async () => {
    const observer = createRecordingObserver();
    const provider = createFakeProvider().text('A streamed answer in pieces', { usage });
    const { stream } = composeMiddleware(provider, [observabilityMiddleware(observer)]);
    const started = await stream(request, {});
    const [chat] = observer.spans as [RecordedSpan];
    expect(chat.endCount).toBe(0);
    const types: string[] = [];
    for await (const event of started) types.push(event.type);
    expect(types.at(-1)).toBe('finish');
    expect(types).toContain('usage');
    expect(chat.endCount).toBe(1);
    expect(chat.status?.status).toBe('ok');
    expect(chat.attributes[ATTR_GEN_AI_USAGE_INPUT_TOKENS]).toBe(12);
    expect(chat.attributes[ATTR_GEN_AI_USAGE_OUTPUT_TOKENS]).toBe(5);
    expect(chat.events.map((event) => event.name)).toEqual(['gen_ai.first_chunk']);
    expect(typeof chat.attributes['gen_ai.response.time_to_first_chunk']).toBe('number');
  });

  it('records a stream that fails midway as an error', async () => {
    const observer = createRecordingObserver();
    const failure = new ProviderError({
      code: 'stream_error',
      message: 'connection reset',
      provider: 'fake',
      retryable: false,
    });
    const provider = createFakeProvider().error(failure, { afterEvents: 2 });
    const { stream } = composeMiddleware(provider, [observabilityMiddleware(observer)]);
    const started = await stream(request, {});
    await expect(started.collect()).rejects.toThrow('connection reset');
    const [chat] = observer.spans as [RecordedSpan];
    expect(chat.attributes[ATTR_ERROR_TYPE]).toBe('stream_error');
    expect(chat.status?.status).toBe('error');
    expect(chat.endCount).toBe(1);
  });
});

describe('an observer that throws', () => {
  function brokenObserver(where: 'startSpan' | 'span' | 'metrics'): Observer {
    const base = createRecordingObserver();
    const boom = (): never => {
      throw new Error(`observer broke in ${where}`);
    };
    const brokenSpan: Span = {
      setAttributes: boom,
      addEvent: boom,
      recordError: boom,
      setStatus: boom,
      end: boom,
    };
    return {
      ...base,
      startSpan:
        where === 'startSpan' ? boom : where === 'span' ? () => brokenSpan : base.startSpan,
      histogram: where === 'metrics' ? boom : base.histogram,
      counter: where === 'metrics' ? boom : base.counter,
    };
  }

  for (const where of ['startSpan', 'span', 'metrics'] as const) {
    it(`never breaks a call (throws in ${where})`, async () => {
      const provider = createFakeProvider()
        .text('sent', { usage })
        .text('streamed', { usage })
        .error(
          new ProviderError({
            code: 'server_error',
            message: 'boom',
            provider: 'fake',
            retryable: true,
          }),
        );
      const { send, stream } = composeMiddleware(provider, [
        observabilityMiddleware(brokenObserver(where)),
      ]);
      expect((await send(request, {})).content).toBe('sent');
      expect((await (await stream(request, {})).collect()).content).toBe('streamed');
      // The call's own error still comes through, not the observer's.
      await expect(send(request, {})).rejects.toThrow('boom');
    });
  }
});

describe('observabilityMiddleware arguments', () => {
  it('validates them', () => {
    expect(() => observabilityMiddleware({} as Observer)).toThrow(ValidationError);
    expect(() =>
      observabilityMiddleware(createRecordingObserver(), { providerName: 1 as never }),
    ).toThrow(/providerName/);
  });
});

describe('observabilityMiddleware and message content', () => {
  const contentRequest: ChatRequest = {
    model: 'test-model',
    systemPrompt: 'Be brief.',
    messages: [userMessage('What is 2+2?')],
  };

  it('records prompts and answers only when the observer asks for content', async () => {
    for (const captureContent of [false, true]) {
      const observer = { ...createRecordingObserver(), captureContent };
      const provider = createFakeProvider().toolCall('add', { a: 2, b: 2 }, { id: 'call_1' });
      const { send } = composeMiddleware(provider, [observabilityMiddleware(observer)]);
      await send(contentRequest, {});
      const [span] = observer.spans;
      const attributes = span?.attributes ?? {};
      if (!captureContent) {
        expect(attributes[ATTR_GEN_AI_INPUT_MESSAGES]).toBeUndefined();
        expect(attributes[ATTR_GEN_AI_OUTPUT_MESSAGES]).toBeUndefined();
        expect(attributes[ATTR_GEN_AI_SYSTEM_INSTRUCTIONS]).toBeUndefined();
        continue;
      }
      expect(JSON.parse(String(attributes[ATTR_GEN_AI_INPUT_MESSAGES]))).toEqual([
        { role: 'user', content: 'What is 2+2?' },
      ]);
      expect(attributes[ATTR_GEN_AI_SYSTEM_INSTRUCTIONS]).toBe('Be brief.');
      expect(JSON.parse(String(attributes[ATTR_GEN_AI_OUTPUT_MESSAGES]))).toEqual([
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'call_1', name: 'add', arguments: '{"a":2,"b":2}' }],
          finishReason: 'tool_calls',
        },
      ]);
    }
  });
});
