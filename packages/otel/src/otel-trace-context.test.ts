import { combineObservers, extractTraceContext, injectTraceContext } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createLogObserver } from '@aigo/observability';
import { createFakeProvider } from '@aigo/testing';
import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otelSdk } from '../test/support/test-otel-sdk.js';
import { createOtelObserver } from './index.js';

const contextManager = new AsyncLocalStorageContextManager();
beforeAll(() => {
  context.setGlobalContextManager(contextManager.enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});
afterAll(() => {
  propagation.disable();
  context.disable();
});

/** Two processes' worth of tracing: each its own SDK and observer. */
function caller() {
  const sdk = otelSdk();
  return { sdk, observer: createOtelObserver({ tracer: sdk.tracer }) };
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('trace context across a process boundary', () => {
  it('a span started under an extracted parent continues the caller’s trace', () => {
    const here = caller();
    const there = caller();
    const outgoing = here.observer.startSpan('call remote agent', { kind: 'client' });

    const headers = injectTraceContext(here.observer, outgoing);
    const parent = extractTraceContext(there.observer, headers);
    if (parent === undefined) throw new Error('no remote parent');
    const served = there.observer.startSpan('serve', { kind: 'server', parent });
    served.end();
    outgoing.end();

    const [callerSpan] = here.sdk.spans();
    const [servedSpan] = there.sdk.spans();
    const ids = callerSpan?.spanContext();
    expect(headers.traceparent).toBe(`00-${ids?.traceId}-${ids?.spanId}-01`);
    expect(servedSpan?.spanContext().traceId).toBe(ids?.traceId);
    expect(servedSpan?.parentSpanContext?.spanId).toBe(ids?.spanId);
    expect(servedSpan?.parentSpanContext?.isRemote).toBe(true);
  });

  it('a client call given the remote parent as its span nests its chat span under it', async () => {
    const here = caller();
    const there = caller();
    const outgoing = here.observer.startSpan('call remote');
    const parent = there.observer.extractTraceContext(injectTraceContext(here.observer, outgoing));
    if (parent === undefined) throw new Error('no remote parent');
    const client = createClient(createFakeProvider().text('hi'), {
      env: {},
      defaultModel: 'm',
      observer: there.observer,
    });
    await client.sendMessage('hello', { span: parent });
    outgoing.end();

    const chat = there.sdk.spans().find((span) => span.name === 'chat m');
    expect(chat?.spanContext().traceId).toBe(traceIdOf(here));
    expect(chat?.parentSpanContext?.spanId).toBe(here.sdk.spans()[0]?.spanContext().spanId);
  });

  it('without a span the active one is injected; a span of another observer writes nothing', () => {
    const here = caller();
    const other = caller();
    const active = here.observer.startSpan('active');
    const carrier: Record<string, string> = {};
    context.with(here.observer.contextOf(active) ?? context.active(), () => {
      here.observer.injectTraceContext(carrier);
    });
    expect(carrier.traceparent).toMatch(TRACEPARENT);

    const foreign: Record<string, string> = {};
    here.observer.injectTraceContext(foreign, other.observer.startSpan('not mine'));
    expect(foreign).toEqual({});
    const idle: Record<string, string> = {};
    here.observer.injectTraceContext(idle);
    expect(idle).toEqual({});
  });

  it('reads Node’s incoming headers: any case, repeated values; no valid context is undefined', () => {
    const { observer } = caller();
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    for (const headers of [
      { traceparent },
      { Traceparent: traceparent },
      { traceparent: [traceparent, 'ignored'] },
    ]) {
      expect(observer.extractTraceContext(headers)).toBeDefined();
    }
    expect(observer.extractTraceContext({})).toBeUndefined();
    expect(observer.extractTraceContext({ traceparent: 'not a trace' })).toBeUndefined();
    expect(
      observer.extractTraceContext({
        traceparent: '00-00000000000000000000000000000000-b7ad6b7169203331-01',
      }),
    ).toBeUndefined();
  });

  it('works through combineObservers with the log observer', () => {
    const here = caller();
    const there = caller();
    const lines: string[] = [];
    const log = createLogObserver({ output: (line) => lines.push(line), level: 'debug', env: {} });
    const sending = combineObservers(log, here.observer);
    const receiving = combineObservers(log, there.observer);

    const outgoing = sending.startSpan('call remote');
    const headers = injectTraceContext(sending, outgoing);
    expect(headers.traceparent).toMatch(TRACEPARENT);
    const parent = extractTraceContext(receiving, headers);
    expect(parent).toBeDefined();
    const served = receiving.startSpan('serve', parent === undefined ? {} : { parent });
    served.end();
    outgoing.end();

    const servedSpan = there.sdk.spans()[0];
    expect(servedSpan?.spanContext().traceId).toBe(traceIdOf(here));
    expect(servedSpan?.parentSpanContext?.spanId).toBe(here.sdk.spans()[0]?.spanContext().spanId);
    // The log observer logged its own span, with no parent of its own.
    const servedLines = lines.filter((line) => line.includes('"span":"serve"'));
    expect(servedLines).toHaveLength(2);
    expect(servedLines.some((line) => line.includes('"parent"'))).toBe(false);
    // Without any readable context, the combined observer finds none either.
    expect(extractTraceContext(receiving, {})).toBeUndefined();
  });
});

function traceIdOf(side: ReturnType<typeof caller>): string | undefined {
  return side.sdk.spans()[0]?.spanContext().traceId;
}
