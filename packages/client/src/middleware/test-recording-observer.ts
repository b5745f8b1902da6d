// Test helper (not built): an Observer that records spans and measurements.
import type {
  Attributes,
  Counter,
  Histogram,
  Observer,
  Span,
  SpanKind,
  StartSpanOptions,
} from '@aigo/ai';

/** A span as recorded. */
export interface RecordedSpan extends Span {
  readonly name: string;
  readonly kind: SpanKind | undefined;
  readonly parent: Span | undefined;
  readonly attributes: Record<string, unknown>;
  readonly events: { name: string; attributes: Attributes | undefined }[];
  readonly errors: unknown[];
  status: { status: 'ok' | 'error'; message: string | undefined } | undefined;
  endCount: number;
}

/** One metric measurement. */
export interface Measurement {
  readonly instrument: string;
  readonly kind: 'counter' | 'histogram';
  readonly value: number;
  readonly attributes: Attributes | undefined;
}

export interface RecordingObserver extends Observer {
  readonly spans: RecordedSpan[];
  readonly measurements: Measurement[];
  readonly logs: { level: string; message: string }[];
}

export function createRecordingObserver(): RecordingObserver {
  const spans: RecordedSpan[] = [];
  const measurements: Measurement[] = [];
  const logs: { level: string; message: string }[] = [];
  const log = (level: string) => (message: string) => {
    logs.push({ level, message });
  };
  return {
    spans,
    measurements,
    logs,
    startSpan(name: string, options: StartSpanOptions = {}): Span {
      const span: RecordedSpan = {
        name,
        kind: options.kind,
        parent: options.parent,
        attributes: { ...options.attributes },
        events: [],
        errors: [],
        status: undefined,
        endCount: 0,
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
      spans.push(span);
      return span;
    },
    counter(name: string): Counter {
      return {
        add(value, attributes) {
          measurements.push({ instrument: name, kind: 'counter', value, attributes });
        },
      };
    },
    histogram(name: string): Histogram {
      return {
        record(value, attributes) {
          measurements.push({ instrument: name, kind: 'histogram', value, attributes });
        },
      };
    },
    trace: log('trace'),
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
  };
}
