// The cheap paths: spans that are not recording and the API's no-op meter get no work, and skipping
// that work loses nothing that is recorded — metrics stay exact when no span records, and
// `contextOf` still carries a sampled-out span's trace to the code run under it.
import { type Attributes, noopSpan } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import {
  context,
  createNoopMeter,
  metrics,
  type Span as OtelSpan,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { AlwaysOffSampler, ParentBasedSampler } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { histogramOf, otelSdk } from '../test/support/test-otel-sdk.js';
import { createOtelObserver } from './index.js';

const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
});
afterAll(() => {
  context.disable();
});

const USAGE = { promptTokens: 12, completionTokens: 8, totalTokens: 20 };

/** Attributes that count how often they are read (every value read goes through a getter). */
function countedAttributes(values: Record<string, string>): {
  attributes: Attributes;
  reads(): number;
} {
  let reads = 0;
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    Object.defineProperty(attributes, name, {
      enumerable: true,
      get: () => {
        reads++;
        return value;
      },
    });
  }
  return { attributes, reads: () => reads };
}

describe('a tracer whose spans do not record', () => {
  it('leaves the metrics of sent and streamed calls exact', async () => {
    const sdk = otelSdk({ sampler: new AlwaysOffSampler() });
    const observer = createOtelObserver({ tracer: sdk.tracer, meter: sdk.meter });
    const provider = createFakeProvider({ id: 'fake' }).default({ content: 'Fine.', usage: USAGE });
    const client = createClient(provider, { env: {}, defaultModel: 'm', observer });

    expect((await client.sendMessage('a')).content).toBe('Fine.');
    const stream = await client.streamMessage('b');
    let events = 0;
    for await (const _event of stream) events++;
    expect(events).toBeGreaterThan(1);
    expect((await stream.collect()).content).toBe('Fine.');

    expect(sdk.spans()).toEqual([]);
    const common = {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'm',
      'gen_ai.provider.name': 'fake',
      'gen_ai.response.model': 'm',
    };
    const [duration, ...otherDurations] = await sdk.points('gen_ai.client.operation.duration');
    expect(otherDurations).toEqual([]);
    expect(duration?.attributes).toEqual(common);
    expect(histogramOf(duration).count).toBe(2);
    const usage = await sdk.points('gen_ai.client.token.usage');
    expect(usage.map((point) => [point.attributes, histogramOf(point).sum])).toEqual([
      [{ ...common, 'gen_ai.token.type': 'input' }, 24],
      [{ ...common, 'gen_ai.token.type': 'output' }, 16],
    ]);
  });

  it('gets no calls but end(), and no attribute is read', () => {
    const calls: string[] = [];
    const otelSpan = new Proxy({} as OtelSpan, {
      get: (_target, name) => {
        if (name === 'isRecording') return () => false;
        return () => {
          calls.push(String(name));
        };
      },
    });
    const tracer = { startSpan: () => otelSpan } as unknown as Tracer;
    const observer = createOtelObserver({ tracer, captureContent: true });
    const span = observer.startSpan('chat m');
    const { attributes, reads } = countedAttributes({ 'gen_ai.response.model': 'm' });
    span.setAttributes(attributes);
    span.addEvent('gen_ai.first_chunk', attributes);
    span.recordError(new Error('x'));
    span.setStatus('ok');
    span.setStatus('error', 'x');
    span.end();
    span.end();
    expect(calls).toEqual(['end']);
    expect(reads()).toBe(0);
  });

  it('still gives the context of a sampled-out span, so work under it stays in its trace', () => {
    const sdk = otelSdk({ sampler: new ParentBasedSampler({ root: new AlwaysOffSampler() }) });
    const observer = createOtelObserver({ tracer: sdk.tracer });
    const span = observer.startSpan('execute_tool fetch');
    const spanContext = observer.contextOf(span);
    expect(spanContext).toBeDefined();
    const traceId = trace.getSpanContext(spanContext ?? context.active())?.traceId;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const child = observer.startSpan('chat m', { parent: span });
    const childContext = observer.contextOf(child);
    expect(trace.getSpanContext(childContext ?? context.active())?.traceId).toBe(traceId);
    expect(observer.contextOf(child)).toBe(childContext); // made once
    child.end();
    span.end();
    expect(sdk.spans()).toEqual([]);
  });
});

describe('contextOf', () => {
  it('answers only for the spans of its own observer', () => {
    const sdk = otelSdk();
    const one = createOtelObserver({ tracer: sdk.tracer });
    const other = createOtelObserver({ tracer: sdk.tracer });
    const span = one.startSpan('invoke_agent');
    expect(one.contextOf(span)).toBeDefined();
    expect(other.contextOf(span)).toBeUndefined();
    expect(one.contextOf(noopSpan)).toBeUndefined();
    expect(one.contextOf({ ...span } as typeof span)).toBeUndefined();
    // A parent from another observer is not its parent: the span nests under the active context.
    other.startSpan('chat m', { parent: span }).end();
    span.end();
    const [chat, agent] = sdk.spans();
    expect([chat?.name, agent?.name]).toEqual(['chat m', 'invoke_agent']);
    expect(chat?.parentSpanContext).toBeUndefined();
    expect(chat?.spanContext().traceId).not.toBe(agent?.spanContext().traceId);
  });
});

describe('the no-op meter', () => {
  it('gets no records and no attribute work, until an SDK is registered', async () => {
    const given = createOtelObserver({ meter: createNoopMeter() });
    const counted = countedAttributes({ 'gen_ai.token.type': 'input' });
    given.histogram('gen_ai.client.token.usage').record(1, counted.attributes);
    given.counter('aigo.requests').add(1, counted.attributes);
    expect(counted.reads()).toBe(0);

    const global = createOtelObserver();
    const histogram = global.histogram('gen_ai.client.token.usage');
    histogram.record(1, counted.attributes); // no SDK yet: the API's no-op meter
    expect(counted.reads()).toBe(0);
    const sdk = otelSdk();
    expect(metrics.setGlobalMeterProvider(sdk.meterProvider)).toBe(true);
    try {
      histogram.record(5, counted.attributes);
      expect(counted.reads()).toBeGreaterThan(0);
      const [point] = await sdk.points('gen_ai.client.token.usage');
      expect(point?.attributes).toEqual({ 'gen_ai.token.type': 'input' });
      expect(histogramOf(point).sum).toBe(5);
    } finally {
      metrics.disable();
    }
  });
});
