import type { ReadonlyTraceCarrier, TraceCarrier } from '@aigo/ai';
import {
  type Context,
  defaultTextMapSetter,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type TextMapGetter,
  trace,
} from '@opentelemetry/api';

/**
 * Reads incoming headers: the exact key first, then the key in any case (Node lowercases the
 * headers it receives; other carriers may not). Repeated headers arrive as arrays, which the
 * propagators read themselves.
 */
const HEADER_GETTER: TextMapGetter<ReadonlyTraceCarrier> = {
  keys: (carrier) => Object.keys(carrier),
  get(carrier, key) {
    const value = carrier[key];
    if (value !== undefined) return value as string | string[];
    const lower = key.toLowerCase();
    for (const name of Object.keys(carrier)) {
      if (name.toLowerCase() === lower) return carrier[name] as string | string[] | undefined;
    }
    return undefined;
  },
};

/**
 * Writes the trace context of `context` into `carrier` through the global propagator (W3C
 * `traceparent` / `tracestate` once an SDK registers it; nothing with the API's no-op default).
 */
export function injectContext(carrier: TraceCarrier, context: Context): void {
  propagation.inject(context, carrier, defaultTextMapSetter);
}

/**
 * The context a caller in another process sent in `carrier` (its span context set as the remote
 * parent, baggage included when a propagator reads it), or `undefined` when the carrier holds no
 * valid trace context. Read against the root context, so the remote parent is the only parent.
 */
export function extractContext(carrier: ReadonlyTraceCarrier): Context | undefined {
  const extracted = propagation.extract(ROOT_CONTEXT, carrier, HEADER_GETTER);
  const parent = trace.getSpanContext(extracted);
  return parent !== undefined && isSpanContextValid(parent) ? extracted : undefined;
}
