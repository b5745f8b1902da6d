import type { Attributes, Counter, Histogram, Observer, Span, StartSpanOptions } from '@aigo/ai';

/** A promise with its resolve and reject, for tests that decide when things finish. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** A new deferred promise. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A span a recording observer made. */
export interface RecordedSpan extends Span {
  readonly name: string;
  readonly options: StartSpanOptions | undefined;
  readonly attributes: Record<string, unknown>;
  status: { status: 'ok' | 'error'; message?: string | undefined } | undefined;
  ended: boolean;
}

/** An observer that keeps every span it starts, for assertions. */
export function recordingObserver(): Observer & { readonly spans: RecordedSpan[] } {
  const spans: RecordedSpan[] = [];
  const counter: Counter = { add: () => {} };
  const histogram: Histogram = { record: () => {} };
  const log = () => {};
  return {
    spans,
    startSpan(name: string, options?: StartSpanOptions): Span {
      const span: RecordedSpan = {
        name,
        options,
        attributes: { ...(options?.attributes ?? {}) },
        status: undefined,
        ended: false,
        setAttributes(attributes: Attributes) {
          Object.assign(span.attributes, attributes);
        },
        addEvent() {},
        recordError() {},
        setStatus(status, message) {
          span.status = { status, message };
        },
        end() {
          span.ended = true;
        },
      };
      spans.push(span);
      return span;
    },
    counter: () => counter,
    histogram: () => histogram,
    trace: log,
    debug: log,
    info: log,
    warn: log,
    error: log,
  };
}
