import { ATTR_ERROR_TYPE, noopSpan, ProviderError, ValidationError } from '@aigo/ai';
import {
  context,
  type Meter,
  metrics,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { AlwaysOffSampler } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { histogramOf, otelSdk } from '../test/support/test-otel-sdk.js';
import { createOtelObserver, type OtelObserverOptions } from './index.js';

const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
});
afterAll(() => {
  context.disable();
});

describe('spans', () => {
  it('map name, kind, attributes and status, and nest under the aigo parent', () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ tracer: sdk.tracer, meter: sdk.meter });
    const agent = observer.startSpan('invoke_agent demo', {
      attributes: { 'gen_ai.operation.name': 'invoke_agent', skipped: undefined },
    });
    const chat = observer.startSpan('chat m', {
      kind: 'client',
      parent: agent,
      attributes: { 'gen_ai.request.model': 'm', 'gen_ai.request.stop_sequences': ['END'] },
    });
    chat.setAttributes({
      'gen_ai.usage.input_tokens': 3,
      'gen_ai.response.finish_reasons': ['stop'],
    });
    chat.addEvent('gen_ai.first_chunk', { n: 1 });
    chat.setStatus('ok');
    chat.end();
    chat.end(); // once
    const tool = observer.startSpan('execute_tool t', { parent: agent });
    tool.setStatus('error', 'bad input');
    tool.end();
    agent.end();

    expect(sdk.shape()).toEqual(['invoke_agent demo', ['chat m', 'execute_tool t']]);
    const [root] = sdk.tree();
    const [chatSpan, toolSpan] = root?.children ?? [];
    expect(root?.span.kind).toBe(SpanKind.INTERNAL);
    expect(root?.span.attributes).toEqual({ 'gen_ai.operation.name': 'invoke_agent' });
    expect(chatSpan?.span.kind).toBe(SpanKind.CLIENT);
    expect(chatSpan?.span.attributes).toEqual({
      'gen_ai.request.model': 'm',
      'gen_ai.request.stop_sequences': ['END'],
      'gen_ai.usage.input_tokens': 3,
      'gen_ai.response.finish_reasons': ['stop'],
    });
    expect(chatSpan?.span.events.map((event) => [event.name, event.attributes])).toEqual([
      ['gen_ai.first_chunk', { n: 1 }],
    ]);
    expect(chatSpan?.span.status).toEqual({ code: SpanStatusCode.OK });
    expect(toolSpan?.span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'bad input' });
    expect(sdk.spans()).toHaveLength(3);
    expect(new Set(sdk.spans().map((span) => span.spanContext().traceId)).size).toBe(1);
  });

  it('map every kind', () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ tracer: sdk.tracer });
    for (const kind of ['internal', 'client', 'server', 'producer', 'consumer'] as const) {
      observer.startSpan(kind, { kind }).end();
    }
    expect(sdk.spans().map((span) => span.kind)).toEqual([
      SpanKind.INTERNAL,
      SpanKind.CLIENT,
      SpanKind.SERVER,
      SpanKind.PRODUCER,
      SpanKind.CONSUMER,
    ]);
  });

  it('nest a span without an aigo parent under the active OpenTelemetry span', () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ tracer: sdk.tracer });
    const request = sdk.tracer.startSpan('GET /ask', { kind: SpanKind.SERVER });
    context.with(trace.setSpan(context.active(), request), () => {
      observer.startSpan('chat m', { kind: 'client' }).end();
    });
    request.end();
    expect(sdk.shape()).toEqual(['GET /ask', ['chat m']]);
  });

  it('give the OpenTelemetry context of its spans, to run instrumented code under them', () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ tracer: sdk.tracer });
    const tool = observer.startSpan('execute_tool fetch');
    const toolContext = observer.contextOf(tool);
    expect(toolContext).toBeDefined();
    context.with(toolContext ?? context.active(), () => {
      sdk.tracer.startSpan('GET https://example.test').end();
    });
    tool.end();
    expect(sdk.shape()).toEqual(['execute_tool fetch', ['GET https://example.test']]);
    expect(observer.contextOf(noopSpan)).toBeUndefined();
    expect(observer.contextOf(undefined)).toBeUndefined();
  });

  it('fall back to the active context for a parent it did not start', () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ tracer: sdk.tracer });
    observer.startSpan('orphan', { parent: noopSpan }).end();
    expect(sdk.spans()[0]?.parentSpanContext).toBeUndefined();
  });

  it('record an error as an exception with error.type, secrets removed', () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ tracer: sdk.tracer });
    const span = observer.startSpan('chat m');
    const failure = new ProviderError({
      code: 'rate_limited',
      message: 'Too many requests for Bearer abcdefghijklmnop',
      provider: 'openai',
      status: 429,
      retryable: true,
    });
    span.recordError(failure);
    span.setStatus('error', failure.message);
    span.end();
    const other = observer.startSpan('execute_tool t');
    other.recordError('plain text failure');
    other.recordError(new TypeError('x is not a function'));
    other.end();

    const [chat, tool] = sdk.spans();
    expect(chat?.attributes[ATTR_ERROR_TYPE]).toBe('rate_limited');
    expect(chat?.status).toEqual({
      code: SpanStatusCode.ERROR,
      message: 'Too many requests for Bearer [REDACTED]',
    });
    const exception = chat?.events[0];
    expect(exception?.name).toBe('exception');
    expect(exception?.attributes?.['exception.type']).toBe('ProviderError');
    expect(exception?.attributes?.['exception.message']).toBe(
      'Too many requests for Bearer [REDACTED]',
    );
    expect(String(exception?.attributes?.['exception.stacktrace'])).not.toContain(
      'abcdefghijklmnop',
    );
    expect(tool?.events.map((event) => event.attributes?.['exception.message'])).toEqual([
      'plain text failure',
      'x is not a function',
    ]);
    expect(tool?.attributes[ATTR_ERROR_TYPE]).toBe('TypeError');
  });

  it('keep an error.type the producer set before recording the error', () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ tracer: sdk.tracer });
    const span = observer.startSpan('invoke_agent');
    span.setAttributes({ [ATTR_ERROR_TYPE]: 'max_iterations' });
    span.recordError(new Error('stopped'));
    span.end();
    expect(sdk.spans()[0]?.attributes[ATTR_ERROR_TYPE]).toBe('max_iterations');
  });

  it('never record secrets: secret names, bearer values, key-bearing URLs, in names too', () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ tracer: sdk.tracer, captureContent: true });
    const key = 'AIzaSyQ0123456789abcdefghijklmnopqrstuv';
    const url = `https://generativelanguage.googleapis.com/v1beta/models/m:streamGenerateContent?alt=sse&key=${key}`;
    const span = observer.startSpan(`POST ${url}`, {
      attributes: { 'http.url': url, 'http.request.header.authorization': `Bearer ${key}` },
    });
    span.setAttributes({ api_key: key, 'gen_ai.input.messages': `my key: ${key}` });
    span.addEvent(`retry ${url}`, { 'x-goog-api-key': key });
    span.end();
    const written = JSON.stringify(
      sdk.spans().map((s) => [s.name, s.attributes, s.events, s.status]),
    );
    expect(written).not.toContain(key);
    expect(written).toContain('key=[REDACTED]');
    expect(sdk.spans()[0]?.attributes['http.request.header.authorization']).toBe('[REDACTED]');
  });

  it('do no work for a span that is not recording', () => {
    const sdk = otelSdk({ sampler: new AlwaysOffSampler() });
    const observer = createOtelObserver({ tracer: sdk.tracer });
    const parent = observer.startSpan('invoke_agent');
    const span = observer.startSpan('chat m', { parent });
    span.setAttributes({ a: 1 });
    span.addEvent('e');
    span.recordError(new Error('x'));
    span.setStatus('error', 'x');
    span.end();
    parent.end();
    expect(sdk.spans()).toEqual([]);
  });
});

describe('content', () => {
  const content = {
    'gen_ai.input.messages': '[{"role":"user","parts":[{"type":"text","content":"Hi"}]}]',
    'gen_ai.output.messages': '[{"role":"assistant","parts":[{"type":"text","content":"Hello"}]}]',
    'gen_ai.system_instructions': '[{"type":"text","content":"Be brief."}]',
    'gen_ai.tool.call.arguments': '{"city":"Paris"}',
    'gen_ai.tool.call.result': '{"celsius":18}',
    'gen_ai.request.model': 'm',
  };

  it('is left out by default, from spans and events', () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ tracer: sdk.tracer });
    expect(observer.captureContent).toBe(false);
    const span = observer.startSpan('chat m', { attributes: content });
    span.setAttributes(content);
    span.addEvent('gen_ai.choice', { index: 0 });
    span.addEvent('step', content);
    span.end();
    const [recorded] = sdk.spans();
    expect(recorded?.attributes).toEqual({ 'gen_ai.request.model': 'm' });
    expect(recorded?.events.map((event) => [event.name, event.attributes])).toEqual([
      ['step', { 'gen_ai.request.model': 'm' }],
    ]);
  });

  it('is recorded with captureContent', () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ tracer: sdk.tracer, captureContent: true });
    expect(observer.captureContent).toBe(true);
    const span = observer.startSpan('chat m', { attributes: content });
    span.addEvent('gen_ai.choice', { index: 0 });
    span.end();
    expect(sdk.spans()[0]?.attributes).toEqual(content);
    expect(sdk.spans()[0]?.events.map((event) => event.name)).toEqual(['gen_ai.choice']);
  });
});

describe('metrics', () => {
  it('record counters and histograms on the meter, with the GenAI buckets, never content', async () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ meter: sdk.meter, captureContent: true });
    const tokens = observer.histogram('gen_ai.client.token.usage', { unit: '{token}' });
    expect(observer.histogram('gen_ai.client.token.usage')).toBe(tokens);
    tokens.record(12, { 'gen_ai.token.type': 'input', 'gen_ai.input.messages': 'secret prompt' });
    tokens.record(30, { 'gen_ai.token.type': 'input' });
    tokens.record(5, { 'gen_ai.token.type': 'output' });
    observer.histogram('gen_ai.client.operation.duration', { unit: 's' }).record(0.25);
    observer.histogram('custom.latency').record(3);
    observer.counter('aigo.requests', { description: 'requests' }).add(2, { authorization: 'x' });
    observer.counter('aigo.requests').add(1, { authorization: 'x' });

    const usage = await sdk.points('gen_ai.client.token.usage');
    expect(usage.map((point) => [point.attributes, histogramOf(point).sum])).toEqual([
      [{ 'gen_ai.token.type': 'input' }, 42],
      [{ 'gen_ai.token.type': 'output' }, 5],
    ]);
    const [duration] = await sdk.points('gen_ai.client.operation.duration');
    expect(histogramOf(duration).count).toBe(1);
    expect(histogramOf(duration).buckets.boundaries.slice(0, 3)).toEqual([0.01, 0.02, 0.04]);
    expect(histogramOf(usage[0]).buckets.boundaries.slice(0, 3)).toEqual([1, 4, 16]);
    const [custom] = await sdk.points('custom.latency');
    // The SDK's default boundaries.
    expect(histogramOf(custom).buckets.boundaries).toContain(5000);
    const [requests] = await sdk.points('aigo.requests');
    expect(requests).toEqual({ attributes: { authorization: '[REDACTED]' }, value: 3 });
  });
});

describe('logs', () => {
  it('become events on the active span at warn and error; the rest is dropped', () => {
    const sdk = otelSdk();
    const observer = createOtelObserver({ tracer: sdk.tracer });
    observer.error('no span active: dropped');
    const request = sdk.tracer.startSpan('GET /ask');
    context.with(trace.setSpan(context.active(), request), () => {
      observer.trace('t');
      observer.debug('d');
      observer.info('i');
      observer.warn('storing a streamed turn failed', { error: 'disk full' });
      observer.error('call to https://x.test/?key=abcdef123456 failed');
    });
    request.end();
    expect(sdk.spans()[0]?.events.map((event) => [event.name, event.attributes])).toEqual([
      ['storing a streamed turn failed', { error: 'disk full', 'log.severity': 'WARN' }],
      ['call to https://x.test/?key=[REDACTED] failed', { 'log.severity': 'ERROR' }],
    ]);
  });
});

describe('a failing SDK', () => {
  it('never throws into the caller', () => {
    const boom = () => {
      throw new Error('sdk broke');
    };
    const tracer = { startSpan: boom, startActiveSpan: boom } as unknown as Tracer;
    const meter = { createHistogram: boom, createCounter: boom } as unknown as Meter;
    const observer = createOtelObserver({ tracer, meter });
    expect(observer.startSpan('x')).toBe(noopSpan);
    expect(() => observer.histogram('h').record(1)).not.toThrow();
    expect(() => observer.counter('c').add(1)).not.toThrow();

    const brokenSpan = new Proxy({}, { get: () => boom });
    const recordingTracer = {
      startSpan: () => ({ ...brokenSpan, isRecording: () => true }),
    } as unknown as Tracer;
    const spans = createOtelObserver({ tracer: recordingTracer });
    const span = spans.startSpan('y');
    expect(() => {
      span.setAttributes({ a: 1 });
      span.addEvent('e');
      span.recordError(new Error('z'));
      span.setStatus('ok');
      span.end();
    }).not.toThrow();
  });
});

describe('defaults', () => {
  it('use the global providers: no-ops until an SDK is registered', async () => {
    const idle = createOtelObserver();
    const span = idle.startSpan('chat m');
    span.setAttributes({ a: 1 });
    span.end();
    idle.histogram('h').record(1);

    const sdk = otelSdk();
    const provider = { getTracer: () => sdk.tracer };
    expect(trace.setGlobalTracerProvider(provider as never)).toBe(true);
    try {
      createOtelObserver().startSpan('chat registered').end();
      expect(sdk.spans().map((s) => s.name)).toEqual(['chat registered']);
    } finally {
      trace.disable();
    }
  });
});

describe('the default meter', () => {
  it('follows the global meter provider, even one registered after the observer was made', async () => {
    const observer = createOtelObserver();
    const histogram = observer.histogram('gen_ai.client.token.usage');
    histogram.record(1, { 'gen_ai.token.type': 'input' }); // no SDK yet: dropped
    const sdk = otelSdk();
    expect(metrics.setGlobalMeterProvider(sdk.meterProvider)).toBe(true);
    try {
      histogram.record(7, { 'gen_ai.token.type': 'input' });
      observer.counter('aigo.requests').add(2);
      const [point] = await sdk.points('gen_ai.client.token.usage');
      expect(histogramOf(point).sum).toBe(7);
      expect((await sdk.points('aigo.requests'))[0]?.value).toBe(2);
    } finally {
      metrics.disable();
    }
  });
});

describe('options', () => {
  it('are validated, naming the option', () => {
    const cases: Array<[unknown, RegExp]> = [
      [null, /options/],
      [{ tracer: {} }, /options\.tracer/],
      [{ meter: { createCounter() {} } }, /options\.meter/],
      [{ captureContent: 'yes' }, /options\.captureContent/],
      [{ capture: true }, /options\.capture/],
    ];
    for (const [options, message] of cases) {
      expect(() => createOtelObserver(options as OtelObserverOptions)).toThrow(ValidationError);
      expect(() => createOtelObserver(options as OtelObserverOptions)).toThrow(message);
    }
  });
});
