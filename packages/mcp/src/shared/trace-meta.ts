import type { ReadonlyTraceCarrier, TraceCarrier } from '@aigo/ai';

/** The trace-context keys that travel in a request's `_meta` (and, over HTTP, its headers). */
const TRACE_KEYS = ['traceparent', 'tracestate'] as const;

/**
 * The trace context of `carrier` as `_meta` entries of an MCP request, so that it reaches servers on
 * stdio too (over HTTP it also goes in the headers). `undefined` when there is none.
 */
export function traceMeta(carrier: TraceCarrier): Record<string, string> | undefined {
  let meta: Record<string, string> | undefined;
  for (const key of TRACE_KEYS) {
    const value = carrier[key];
    if (typeof value === 'string') {
      meta ??= {};
      meta[key] = value;
    }
  }
  return meta;
}

/**
 * Where a server reads a caller's trace context: the HTTP headers when there are some with a
 * `traceparent`, else the request's `_meta`.
 */
export function traceCarrierOf(
  headers: ReadonlyTraceCarrier | undefined,
  meta: Readonly<Record<string, unknown>> | undefined,
): ReadonlyTraceCarrier {
  if (headers !== undefined && headers.traceparent !== undefined) return headers;
  const carrier: Record<string, string> = {};
  for (const key of TRACE_KEYS) {
    const value = meta?.[key];
    if (typeof value === 'string') carrier[key] = value;
  }
  return carrier;
}
