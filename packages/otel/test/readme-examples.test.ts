// The README's examples, run as they are written there (imports adjusted to the source tree; the
// console exporters swapped for in-memory ones so what they would print can be asserted).
import { defineTool, extractTraceContext, injectTraceContext } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { propagation, SpanKind } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createOtelObserver } from '../src/index.js';
import { histogramOf } from './support/test-otel-sdk.js';

describe('README examples', () => {
  it('the opening example: one chat span with the gen_ai attributes', async () => {
    const exporter = new InMemorySpanExporter(); // README: new ConsoleSpanExporter()
    const tracerProvider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    const observer = createOtelObserver({ tracer: tracerProvider.getTracer('my-app') });
    const client = createClient(createFakeProvider().text('Paris.'), {
      defaultModel: 'test-model',
      observer,
      env: {},
    });
    await client.sendMessage('What is the capital of France?');

    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe('chat test-model');
    expect(span?.kind).toBe(SpanKind.CLIENT);
    expect(Object.keys(span?.attributes ?? {}).sort()).toEqual([
      'gen_ai.operation.name',
      'gen_ai.provider.name',
      'gen_ai.request.model',
      'gen_ai.response.finish_reasons',
      'gen_ai.response.id',
      'gen_ai.response.model',
      'gen_ai.usage.input_tokens',
      'gen_ai.usage.output_tokens',
    ]);
  });

  it('the span tree of a ReAct run', async () => {
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    const observer = createOtelObserver({ tracer: tracerProvider.getTracer('my-app') });

    const calculator = defineTool({
      name: 'calculator',
      description: 'Adds two numbers',
      input: Type.Object({ a: Type.Number(), b: Type.Number() }),
      execute: ({ a, b }) => ({ result: a + b }),
    });
    const provider = createFakeProvider().toolCall('calculator', { a: 2, b: 2 }).text('2 + 2 = 4');
    const client = createClient(provider, {
      defaultModel: 'test-model',
      tools: [calculator],
      observer,
      env: {},
    });

    await createReAct(client, { name: 'math' }).execute('What is 2 + 2?');
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual([
      'chat test-model',
      'execute_tool calculator',
      'chat test-model',
      'invoke_agent math',
    ]);
  });

  it('metrics', async () => {
    const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE); // README: new ConsoleMetricExporter()
    const reader = new PeriodicExportingMetricReader({ exporter });
    const meterProvider = new MeterProvider({ readers: [reader] });
    const observer = createOtelObserver({ meter: meterProvider.getMeter('my-app') });

    const provider = createFakeProvider().text('Paris.', {
      usage: { promptTokens: 12, completionTokens: 3, totalTokens: 15 },
    });
    const client = createClient(provider, { defaultModel: 'test-model', observer, env: {} });
    await client.sendMessage('What is the capital of France?');
    await meterProvider.forceFlush();

    const metrics = exporter
      .getMetrics()
      .flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics));
    const usage = metrics.find((metric) => metric.descriptor.name === 'gen_ai.client.token.usage');
    expect(
      usage?.dataPoints.map((point) => [
        point.attributes['gen_ai.token.type'],
        histogramOf({ attributes: point.attributes, value: point.value as never }).sum,
      ]),
    ).toEqual([
      ['input', 12],
      ['output', 3],
    ]);
    const duration = metrics.find(
      (metric) => metric.descriptor.name === 'gen_ai.client.operation.duration',
    );
    expect(duration?.descriptor.unit).toBe('s');
    expect(duration?.dataPoints).toHaveLength(1);
    await meterProvider.shutdown();
  });

  it('trace context across processes', async () => {
    propagation.setGlobalPropagator(new W3CTraceContextPropagator()); // NodeSDK does this for you
    try {
      const tracerInto = (exporter: InMemorySpanExporter) =>
        new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer(
          'app',
        );
      const callerSpans = new InMemorySpanExporter();
      const serverSpans = new InMemorySpanExporter();
      const callerObserver = createOtelObserver({ tracer: tracerInto(callerSpans) });
      const serverObserver = createOtelObserver({ tracer: tracerInto(serverSpans) });

      const outgoing = callerObserver.startSpan('call remote agent', { kind: 'client' });
      const headers = injectTraceContext(callerObserver, outgoing);
      outgoing.end();
      expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);

      const parent = extractTraceContext(serverObserver, headers);
      const client = createClient(createFakeProvider().text('Hi.'), {
        defaultModel: 'test-model',
        observer: serverObserver,
        env: {},
      });
      await client.sendMessage('Hello', parent === undefined ? {} : { span: parent });

      const [callerSpan] = callerSpans.getFinishedSpans();
      const [chatSpan] = serverSpans.getFinishedSpans();
      expect(chatSpan?.spanContext().traceId === callerSpan?.spanContext().traceId).toBe(true);
      expect(chatSpan?.parentSpanContext?.spanId === callerSpan?.spanContext().spanId).toBe(true);
    } finally {
      propagation.disable();
    }
  });
});
