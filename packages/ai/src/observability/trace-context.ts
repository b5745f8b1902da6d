import type { Observer, ReadonlyTraceCarrier, Span, TraceCarrier } from './observer.js';

/**
 * The headers that carry `span`'s trace context (`traceparent`, `tracestate`) for a request to
 * another process, added to `carrier` (a new object when omitted). Observers without trace
 * propagation add nothing.
 */
export function injectTraceContext(
  observer: Observer | undefined,
  span: Span | undefined,
  carrier: TraceCarrier = {},
): TraceCarrier {
  observer?.injectTraceContext?.(carrier, span);
  return carrier;
}

/**
 * The remote parent a caller in another process sent in `headers`, as a span to nest under, or
 * `undefined` when there is none (or the observer cannot read trace context).
 */
export function extractTraceContext(
  observer: Observer | undefined,
  headers: ReadonlyTraceCarrier,
): Span | undefined {
  return observer?.extractTraceContext?.(headers);
}
