import { ValidationError } from '../errors/validation-error.js';
import { noopObserver } from './noop-observer.js';
import type {
  Attributes,
  Counter,
  Histogram,
  Observer,
  ReadonlyTraceCarrier,
  Span,
  StartSpanOptions,
  TraceCarrier,
} from './observer.js';

/**
 * One observer that hands everything to several: logs to the log observer, spans to OpenTelemetry
 * and to the devtools, say. A span started on it is one span per observer; nested under it, each
 * observer's child nests under that observer's own parent. Content is captured when any observer
 * asks for it. Trace context is written and read by every observer that can.
 *
 * @example
 * const observer = combineObservers(createLogObserver(), createOtelObserver());
 * const client = createClient(openai(), { observer });
 */
export function combineObservers(...observers: readonly Observer[]): Observer {
  observers.forEach((observer, index) => {
    if (
      observer === null ||
      typeof observer !== 'object' ||
      typeof observer.startSpan !== 'function'
    ) {
      throw new ValidationError(`observers[${index}]`, 'must be an Observer');
    }
  });
  const parts = observers.filter((observer) => observer !== noopObserver);
  if (parts.length === 0) return noopObserver;
  if (parts.length === 1) return parts[0] as Observer;
  return new CombinedObserver(parts);
}

class CombinedSpan implements Span {
  readonly spans: readonly Span[];

  constructor(spans: readonly Span[]) {
    this.spans = spans;
  }

  setAttributes(attributes: Attributes): void {
    for (const span of this.spans) span.setAttributes(attributes);
  }

  addEvent(name: string, attributes?: Attributes): void {
    for (const span of this.spans) span.addEvent(name, attributes);
  }

  recordError(error: unknown): void {
    for (const span of this.spans) span.recordError(error);
  }

  setStatus(status: 'ok' | 'error', message?: string): void {
    for (const span of this.spans) span.setStatus(status, message);
  }

  end(): void {
    for (const span of this.spans) span.end();
  }
}

class CombinedObserver implements Observer {
  readonly captureContent: boolean;
  readonly #observers: readonly Observer[];

  constructor(observers: readonly Observer[]) {
    this.#observers = observers;
    this.captureContent = observers.some((observer) => observer.captureContent === true);
  }

  startSpan(name: string, options?: StartSpanOptions): Span {
    const parent = options?.parent;
    const spans = this.#observers.map((observer, index) => {
      const own = partOf(parent, index);
      if (own === parent || options === undefined) return observer.startSpan(name, options);
      const { parent: _combined, ...rest } = options;
      return observer.startSpan(name, own === undefined ? rest : { ...rest, parent: own });
    });
    return new CombinedSpan(spans);
  }

  counter(name: string, options?: { description?: string; unit?: string }): Counter {
    const counters = this.#observers.map((observer) => observer.counter(name, options));
    return {
      add: (value, attributes) => {
        for (const counter of counters) counter.add(value, attributes);
      },
    };
  }

  histogram(name: string, options?: { description?: string; unit?: string }): Histogram {
    const histograms = this.#observers.map((observer) => observer.histogram(name, options));
    return {
      record: (value, attributes) => {
        for (const histogram of histograms) histogram.record(value, attributes);
      },
    };
  }

  trace(message: string, attributes?: Attributes): void {
    for (const observer of this.#observers) observer.trace(message, attributes);
  }

  debug(message: string, attributes?: Attributes): void {
    for (const observer of this.#observers) observer.debug(message, attributes);
  }

  info(message: string, attributes?: Attributes): void {
    for (const observer of this.#observers) observer.info(message, attributes);
  }

  warn(message: string, attributes?: Attributes): void {
    for (const observer of this.#observers) observer.warn(message, attributes);
  }

  error(message: string, attributes?: Attributes): void {
    for (const observer of this.#observers) observer.error(message, attributes);
  }

  injectTraceContext(carrier: TraceCarrier, span?: Span): void {
    this.#observers.forEach((observer, index) => {
      observer.injectTraceContext?.(carrier, partOf(span, index));
    });
  }

  extractTraceContext(carrier: ReadonlyTraceCarrier): Span | undefined {
    let found = false;
    const spans = this.#observers.map((observer) => {
      const span = observer.extractTraceContext?.(carrier);
      if (span !== undefined) found = true;
      return span ?? NO_PARENT;
    });
    return found ? new CombinedSpan(spans) : undefined;
  }
}

/** Stands for "no parent" inside a combined remote parent (an observer that could not read it). */
const NO_PARENT: Span = Object.freeze({
  setAttributes() {},
  addEvent() {},
  recordError() {},
  setStatus() {},
  end() {},
});

/** The observer's own span of a combined one, or the span itself when it is not combined. */
function partOf(span: Span | undefined, index: number): Span | undefined {
  if (!(span instanceof CombinedSpan)) return span;
  const own = span.spans[index];
  return own === NO_PARENT ? undefined : own;
}
