import {
  type Attributes,
  type Counter,
  type Histogram,
  type LogLevel,
  leveledLogs,
  type Observer,
  type ReadonlyTraceCarrier,
  type Span,
  type SpanKind,
  type StartSpanOptions,
  type TraceCarrier,
} from '@aigo/ai';
import { formatTraceparent, hexId, parseTraceparent, type TraceIds } from './traceparent.js';

/** An event added to a recorded span. */
export interface RecordedSpanEvent {
  readonly name: string;
  readonly attributes: Attributes | undefined;
}

/** A span as a recording observer keeps it: everything that was done to it, for assertions. */
export interface RecordedSpan extends Span, TraceIds {
  readonly name: string;
  /** The options `startSpan` got, as given (`undefined` when none). */
  readonly options: StartSpanOptions | undefined;
  readonly kind: SpanKind | undefined;
  readonly parent: Span | undefined;
  /** The start attributes, then every `setAttributes`, merged. */
  readonly attributes: Record<string, unknown>;
  readonly events: RecordedSpanEvent[];
  /** Every `recordError`, in order. */
  readonly errors: unknown[];
  /** The last `setStatus`. */
  status: { status: 'ok' | 'error'; message: string | undefined } | undefined;
  /** How many times `end()` was called (a span should end exactly once). */
  endCount: number;
  /** Whether `end()` was called at least once. */
  readonly ended: boolean;
  /** True for the span `extractTraceContext` returns: a parent in another process. */
  readonly remote: boolean;
}

/** One counter or histogram measurement. */
export interface Measurement {
  readonly instrument: string;
  readonly kind: 'counter' | 'histogram';
  readonly value: number;
  readonly attributes: Attributes | undefined;
}

/** One log call. */
export interface RecordedLog {
  readonly level: LogLevel;
  readonly message: string;
  readonly attributes: Attributes | undefined;
}

/** An `Observer` that keeps every span, measurement and log line it is given. */
export interface RecordingObserver extends Observer {
  /** Spans in the order they started. */
  readonly spans: RecordedSpan[];
  /** The remote parents `extractTraceContext` returned, in order. */
  readonly remoteSpans: RecordedSpan[];
  readonly measurements: Measurement[];
  readonly logs: RecordedLog[];
  injectTraceContext(carrier: TraceCarrier, span?: Span): void;
  extractTraceContext(carrier: ReadonlyTraceCarrier): RecordedSpan | undefined;
}

/** Options of `createRecordingObserver`. */
export interface RecordingObserverOptions {
  /** The observer's `captureContent` (absent by default, as on most observers). */
  readonly captureContent?: boolean;
}

/**
 * An observer for tests that records spans (name, options, kind, parent, attributes, events, errors,
 * status, end count), measurements and logs. Spans carry deterministic trace ids (a child shares its
 * recorded parent's trace), so trace propagation can be tested: `injectTraceContext` writes a valid
 * W3C `traceparent` for a recorded span (nothing for another span or none: it has no active span),
 * and `extractTraceContext` returns a recorded remote span for a valid `traceparent` (any case of
 * the header name), kept in `remoteSpans`.
 *
 * The observer is a plain object, so `{ ...createRecordingObserver(), captureContent: true }` works.
 *
 * @example
 * const observer = createRecordingObserver();
 * await createClient(provider, { observer }).sendMessage('Hi');
 * expect(observer.spans.map((span) => span.name)).toEqual(['chat test-model']);
 */
export function createRecordingObserver(options: RecordingObserverOptions = {}): RecordingObserver {
  const spans: RecordedSpan[] = [];
  const remoteSpans: RecordedSpan[] = [];
  const measurements: Measurement[] = [];
  const logs: RecordedLog[] = [];
  const recorded = new WeakSet<Span>();
  let traces = 0;
  let spanIds = 0;

  const record = (
    name: string,
    spanOptions: StartSpanOptions | undefined,
    ids: TraceIds,
    remote: boolean,
  ): RecordedSpan => {
    const span: RecordedSpan = {
      name,
      options: spanOptions,
      kind: spanOptions?.kind,
      parent: spanOptions?.parent,
      attributes: { ...spanOptions?.attributes },
      events: [],
      errors: [],
      status: undefined,
      endCount: 0,
      get ended() {
        return span.endCount > 0;
      },
      remote,
      traceId: ids.traceId,
      spanId: ids.spanId,
      setAttributes(attributes) {
        Object.assign(span.attributes, attributes);
      },
      addEvent(eventName, attributes) {
        span.events.push({ name: eventName, attributes });
      },
      recordError(error) {
        span.errors.push(error);
      },
      setStatus(status, message) {
        span.status = { status, message };
      },
      end() {
        span.endCount++;
      },
    };
    recorded.add(span);
    return span;
  };
  const isRecorded = (span: Span | undefined): span is RecordedSpan =>
    span !== undefined && recorded.has(span);
  const log =
    (level: LogLevel) =>
    (message: string, attributes?: Attributes): void => {
      logs.push({ level, message, attributes });
    };
  const measure =
    (kind: Measurement['kind']) =>
    (instrument: string) =>
    (value: number, attributes?: Attributes): void => {
      measurements.push({ instrument, kind, value, attributes });
    };
  const count = measure('counter');
  const distribution = measure('histogram');

  return {
    ...(options.captureContent === undefined ? {} : { captureContent: options.captureContent }),
    spans,
    remoteSpans,
    measurements,
    logs,
    startSpan(name: string, spanOptions?: StartSpanOptions): Span {
      const parent = spanOptions?.parent;
      const traceId = isRecorded(parent) ? parent.traceId : hexId(++traces, 32);
      const span = record(name, spanOptions, { traceId, spanId: hexId(++spanIds, 16) }, false);
      spans.push(span);
      return span;
    },
    counter: (name: string): Counter => ({ add: count(name) }),
    histogram: (name: string): Histogram => ({ record: distribution(name) }),
    ...leveledLogs(log),
    injectTraceContext(carrier: TraceCarrier, span?: Span): void {
      if (isRecorded(span)) carrier.traceparent = formatTraceparent(span);
    },
    extractTraceContext(carrier: ReadonlyTraceCarrier): RecordedSpan | undefined {
      const name = Object.keys(carrier).find((key) => key.toLowerCase() === 'traceparent');
      const ids = parseTraceparent(name === undefined ? undefined : carrier[name]);
      if (ids === undefined) return undefined;
      const span = record('remote parent', undefined, ids, true);
      remoteSpans.push(span);
      return span;
    },
  };
}
