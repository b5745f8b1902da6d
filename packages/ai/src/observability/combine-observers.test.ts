import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import { combineObservers } from './combine-observers.js';
import { noopObserver, noopSpan } from './noop-observer.js';
import type { Attributes, Observer, Span, StartSpanOptions, TraceCarrier } from './observer.js';
import { extractTraceContext, injectTraceContext } from './trace-context.js';

interface Recorded {
  name: string;
  parent: Span | undefined;
  events: string[];
  ended: boolean;
  status?: string;
}

/** A minimal observer that records what reaches it, with a fake `traceparent` per span. */
function recorder(tag: string, propagates = true) {
  const spans: Recorded[] = [];
  const logs: string[] = [];
  const counts: number[] = [];
  const byId = new Map<Span, Recorded>();
  const observer: Observer = {
    startSpan(name: string, options?: StartSpanOptions): Span {
      const record: Recorded = { name, parent: options?.parent, events: [], ended: false };
      spans.push(record);
      const span: Span = {
        setAttributes: (_a: Attributes) => {},
        addEvent: (event: string) => record.events.push(event),
        recordError: () => record.events.push('error'),
        setStatus: (status) => {
          record.status = status;
        },
        end: () => {
          record.ended = true;
        },
      };
      byId.set(span, record);
      return span;
    },
    counter: () => ({ add: (value) => counts.push(value) }),
    histogram: () => ({ record: (value) => counts.push(value) }),
    trace: (m) => logs.push(`trace ${m}`),
    debug: (m) => logs.push(`debug ${m}`),
    info: (m) => logs.push(`info ${m}`),
    warn: (m) => logs.push(`warn ${m}`),
    error: (m) => logs.push(`error ${m}`),
    ...(propagates
      ? {
          injectTraceContext(carrier: TraceCarrier, span?: Span) {
            const record = span === undefined ? undefined : byId.get(span);
            carrier[`${tag}-parent`] = record?.name ?? 'none';
          },
          extractTraceContext(carrier) {
            const value = carrier[`${tag}-parent`];
            return typeof value === 'string' ? observer.startSpan(`remote ${value}`) : undefined;
          },
        }
      : {}),
  };
  return { observer, spans, logs, counts, byId };
}

describe('combineObservers', () => {
  it('returns the observer itself for one, and noop for none', () => {
    const one = recorder('a').observer;
    expect(combineObservers(one)).toBe(one);
    expect(combineObservers()).toBe(noopObserver);
    expect(combineObservers(noopObserver, one)).toBe(one);
  });

  it('fans spans, logs and metrics out, nesting each child under its own parent', () => {
    const a = recorder('a');
    const b = recorder('b');
    const combined = combineObservers(a.observer, b.observer);
    const root = combined.startSpan('root');
    const child = combined.startSpan('child', { parent: root });
    child.addEvent('progress');
    child.setStatus('ok');
    child.end();
    root.end();
    combined.info('hello');
    combined.counter('c').add(2);
    combined.histogram('h').record(5);
    for (const r of [a, b]) {
      const [rootRecord, childRecord] = r.spans;
      expect(rootRecord?.name).toBe('root');
      expect(childRecord?.name).toBe('child');
      expect(r.byId.get(childRecord?.parent as Span)).toBe(rootRecord);
      expect(childRecord?.events).toEqual(['progress']);
      expect(childRecord?.status).toBe('ok');
      expect(rootRecord?.ended && childRecord?.ended).toBe(true);
      expect(r.logs).toEqual(['info hello']);
      expect(r.counts).toEqual([2, 5]);
    }
  });

  it('captures content when any observer asks', () => {
    const plain = recorder('a').observer;
    expect(combineObservers(plain, recorder('b').observer).captureContent).toBe(false);
    expect(
      combineObservers(plain, { ...recorder('b').observer, captureContent: true }).captureContent,
    ).toBe(true);
  });

  it('injects and extracts trace context through every observer that can', () => {
    const a = recorder('a');
    const b = recorder('b', false);
    const combined = combineObservers(a.observer, b.observer);
    const span = combined.startSpan('call');
    const headers = injectTraceContext(combined, span);
    expect(headers).toEqual({ 'a-parent': 'call' });
    const remote = extractTraceContext(combined, headers);
    expect(remote).toBeDefined();
    const served = combined.startSpan('served', { parent: remote as Span });
    served.end();
    expect(a.spans.at(-1)?.parent).toBeDefined();
    // The observer that could not read the context starts a root span.
    expect(b.spans.at(-1)?.parent).toBeUndefined();
    expect(extractTraceContext(combined, {})).toBeUndefined();
    expect(injectTraceContext(noopObserver, noopSpan)).toEqual({});
  });

  it('refuses what is not an observer', () => {
    expect(() => combineObservers({} as Observer)).toThrow(ValidationError);
  });
});
