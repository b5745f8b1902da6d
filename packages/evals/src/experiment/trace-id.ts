import type { Observer, Span } from '@aigo/ai';

const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;

/** The trace id of `span`, read from the `traceparent` the observer writes for it (when it has traces). */
export function traceIdOf(observer: Observer, span: Span): string | undefined {
  if (typeof observer.injectTraceContext !== 'function') return undefined;
  const carrier: Record<string, string> = {};
  observer.injectTraceContext(carrier, span);
  return TRACEPARENT.exec(carrier.traceparent ?? '')?.[1];
}
