import { extractTraceContext, injectTraceContext } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { createRecordingObserver } from './recording-observer.js';

const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/;

describe('createRecordingObserver', () => {
  it('records what is done to each span', () => {
    const observer = createRecordingObserver();
    const parent = observer.startSpan('agent');
    const failure = new Error('boom');
    const options = { kind: 'client', parent, attributes: { a: 1 } } as const;
    const span = observer.startSpan('chat', options);
    span.setAttributes({ b: 'two' });
    span.addEvent('first_chunk', { at: 3 });
    span.recordError(failure);
    span.setStatus('error', 'it broke');
    span.end();
    span.end();

    const [recordedParent, chat] = observer.spans;
    expect(observer.spans).toHaveLength(2);
    expect(recordedParent).toBe(parent);
    expect(chat).toBe(span);
    expect(chat).toMatchObject({
      name: 'chat',
      kind: 'client',
      attributes: { a: 1, b: 'two' },
      events: [{ name: 'first_chunk', attributes: { at: 3 } }],
      errors: [failure],
      status: { status: 'error', message: 'it broke' },
      endCount: 2,
      ended: true,
      remote: false,
    });
    expect(chat?.options).toBe(options);
    expect(chat?.parent).toBe(parent);
    expect(recordedParent).toMatchObject({
      options: undefined,
      kind: undefined,
      parent: undefined,
      attributes: {},
      status: undefined,
      endCount: 0,
      ended: false,
    });
    expect(options.attributes).toEqual({ a: 1 });
  });

  it('records measurements and logs', () => {
    const observer = createRecordingObserver();
    observer.counter('requests').add(1, { model: 'm' });
    observer.histogram('duration', { unit: 's' }).record(0.5);
    observer.trace('t');
    observer.debug('d');
    observer.info('i', { answer: 4 });
    observer.warn('w');
    observer.error('e');
    expect(observer.measurements).toEqual([
      { instrument: 'requests', kind: 'counter', value: 1, attributes: { model: 'm' } },
      { instrument: 'duration', kind: 'histogram', value: 0.5, attributes: undefined },
    ]);
    expect(observer.logs).toEqual([
      { level: 'trace', message: 't', attributes: undefined },
      { level: 'debug', message: 'd', attributes: undefined },
      { level: 'info', message: 'i', attributes: { answer: 4 } },
      { level: 'warn', message: 'w', attributes: undefined },
      { level: 'error', message: 'e', attributes: undefined },
    ]);
  });

  it('has captureContent only when asked, and still records when spread', () => {
    expect(createRecordingObserver()).not.toHaveProperty('captureContent');
    expect(createRecordingObserver({ captureContent: true }).captureContent).toBe(true);
    const spread = { ...createRecordingObserver(), captureContent: true };
    spread.startSpan('s').end();
    expect(spread.spans.map((span) => [span.name, span.ended])).toEqual([['s', true]]);
  });

  it('injects a valid traceparent per span; children share their parent trace', () => {
    const observer = createRecordingObserver();
    const root = observer.startSpan('root');
    const child = observer.startSpan('child', { parent: root });
    const other = observer.startSpan('other');

    const headers = [root, child, other].map((span) => injectTraceContext(observer, span));
    const parsed = headers.map((carrier) => carrier.traceparent?.split('-') ?? []);
    for (const carrier of headers) expect(carrier.traceparent).toMatch(TRACEPARENT);
    expect(parsed[1]?.[1]).toBe(parsed[0]?.[1]);
    expect(parsed[2]?.[1]).not.toBe(parsed[0]?.[1]);
    expect(new Set(parsed.map((parts) => parts[2])).size).toBe(3);
    expect(injectTraceContext(observer, undefined)).toEqual({});
    expect(injectTraceContext(observer, createRecordingObserver().startSpan('foreign'))).toEqual(
      {},
    );
  });

  it('extracts a remote parent that a new span continues', () => {
    const caller = createRecordingObserver();
    const carrier = injectTraceContext(caller, caller.startSpan('call tool'));
    const callee = createRecordingObserver();

    const remote = extractTraceContext(callee, { Traceparent: carrier.traceparent });
    if (remote === undefined) throw new Error('no remote parent extracted');
    expect(callee.remoteSpans).toEqual([remote]);
    const [call] = caller.spans;
    expect(remote).toMatchObject({ remote: true, traceId: call?.traceId, spanId: call?.spanId });
    const local = callee.startSpan('execute_tool', { parent: remote });
    expect(callee.spans).toEqual([local]);
    expect(callee.spans[0]?.parent).toBe(remote);
    expect(injectTraceContext(callee, remote).traceparent).toBe(carrier.traceparent);
    expect(injectTraceContext(callee, local).traceparent?.split('-')[1]).toBe(call?.traceId);
  });

  it.each([
    {},
    { traceparent: 'garbage' },
    { traceparent: `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01` },
    { traceparent: `00-${'1'.repeat(32)}-${'0'.repeat(16)}-01` },
    { traceparent: `00-${'A'.repeat(32)}-${'1'.repeat(16)}-01` },
  ])('extracts nothing from %j', (carrier) => {
    const observer = createRecordingObserver();
    expect(observer.extractTraceContext(carrier)).toBeUndefined();
    expect(observer.remoteSpans).toEqual([]);
  });

  it('reads the first of repeated traceparent headers', () => {
    const value = `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01`;
    const remote = createRecordingObserver().extractTraceContext({ traceparent: [value, 'x'] });
    expect(remote).toMatchObject({ traceId: 'a'.repeat(32), spanId: 'b'.repeat(16) });
  });
});
