// Test helpers (not built): deferred promises, gates that hold nodes until the test releases them,
// and an observer that records spans.
import type { Attributes, Counter, Histogram, Observer, Span, StartSpanOptions } from '@aigo/ai';

export interface Deferred<T = void> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Nodes call `enter(id)` and wait there until the test calls `release(id)`; `reached(count)`
 * resolves once `count` nodes have entered in total. `inside` counts nodes entered and not
 * released; `maxInside` is the most ever at once.
 */
export class Gates {
  readonly entered: string[] = [];
  inside = 0;
  maxInside = 0;
  readonly #held = new Map<string, Deferred<void>>();
  #watchers: { count: number; done: Deferred<void> }[] = [];

  enter(id: string): Promise<void> {
    const gate = deferred();
    this.#held.set(id, gate);
    this.entered.push(id);
    this.inside++;
    this.maxInside = Math.max(this.maxInside, this.inside);
    this.#watchers = this.#watchers.filter((watcher) => {
      if (this.entered.length < watcher.count) return true;
      watcher.done.resolve();
      return false;
    });
    return gate.promise;
  }

  reached(count: number): Promise<void> {
    if (this.entered.length >= count) return Promise.resolve();
    const done = deferred();
    this.#watchers.push({ count, done });
    return done.promise;
  }

  release(id: string): void {
    const gate = this.#held.get(id);
    if (gate === undefined) throw new Error(`no node ${id} is waiting`);
    this.#held.delete(id);
    this.inside--;
    gate.resolve();
  }

  /** Ids waiting now, in the order they entered. */
  get waiting(): string[] {
    return [...this.#held.keys()];
  }
}

/** Resolves when `signal` aborts, rejecting with its reason (a node that honours its signal). */
export function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

export interface RecordedSpan extends Span {
  readonly name: string;
  readonly parent: Span | undefined;
  readonly attributes: Record<string, unknown>;
  readonly errors: unknown[];
  status: 'ok' | 'error' | undefined;
  ended: number;
}

export interface RecordingObserver extends Observer {
  readonly spans: RecordedSpan[];
  readonly measurements: { name: string; value: number; attributes: Attributes | undefined }[];
}

export function recordingObserver(): RecordingObserver {
  const spans: RecordedSpan[] = [];
  const measurements: RecordingObserver['measurements'] = [];
  const noop = (): void => {};
  const instrument = (name: string): Counter & Histogram => ({
    add: (value, attributes) => measurements.push({ name, value, attributes }),
    record: (value, attributes) => measurements.push({ name, value, attributes }),
  });
  return {
    spans,
    measurements,
    startSpan(name: string, options: StartSpanOptions = {}): Span {
      const span: RecordedSpan = {
        name,
        parent: options.parent,
        attributes: { ...options.attributes },
        errors: [],
        status: undefined,
        ended: 0,
        setAttributes(attributes) {
          Object.assign(span.attributes, attributes);
        },
        addEvent: noop,
        recordError(error) {
          span.errors.push(error);
        },
        setStatus(status) {
          span.status = status;
        },
        end() {
          span.ended++;
        },
      };
      spans.push(span);
      return span;
    },
    counter: instrument,
    histogram: instrument,
    trace: noop,
    debug: noop,
    info: noop,
    warn: noop,
    error: noop,
  };
}
