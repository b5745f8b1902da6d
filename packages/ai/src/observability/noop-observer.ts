import type { Counter, Histogram, Observer, Span } from './observer.js';

const noop = (): void => {};

/** A span that records nothing. */
export const noopSpan: Span = Object.freeze({
  setAttributes: noop,
  addEvent: noop,
  recordError: noop,
  setStatus: noop,
  end: noop,
});

const noopCounter: Counter = Object.freeze({ add: noop });
const noopHistogram: Histogram = Object.freeze({ record: noop });

/** An observer that records nothing and allocates nothing per call. */
export const noopObserver: Observer = Object.freeze({
  startSpan: () => noopSpan,
  counter: () => noopCounter,
  histogram: () => noopHistogram,
  trace: noop,
  debug: noop,
  info: noop,
  warn: noop,
  error: noop,
});
