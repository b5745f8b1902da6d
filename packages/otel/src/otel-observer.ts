import {
  type Attributes,
  type Counter,
  type Histogram,
  type LogLevel,
  leveledLogs,
  noopSpan,
  type Observer,
  type ReadonlyTraceCarrier,
  redactSecrets,
  type Span,
  type SpanKind,
  type StartSpanOptions,
  type TraceCarrier,
} from '@aigo/ai';
import {
  type Context,
  createNoopMeter,
  type Meter,
  type MeterProvider,
  metrics,
  SpanKind as OtelSpanKind,
  context as otelContext,
  type SpanOptions,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { HISTOGRAM_BUCKETS } from './metric-advice.js';
import { type OtelObserverOptions, resolveOtelOptions } from './otel-observer-options.js';
import { OtelSpanAdapter } from './otel-span.js';
import { toOtelAttributes } from './to-otel-attributes.js';
import { extractContext, injectContext } from './trace-propagation.js';

/** The instrumentation scope name of the default tracer and meter. */
export const INSTRUMENTATION_SCOPE = '@aigo/otel';

/** An `Observer` that records into OpenTelemetry. */
export interface OtelObserver extends Observer {
  /** True when message content (prompts, answers, tool arguments and results) is recorded. */
  readonly captureContent: boolean;
  /**
   * The OpenTelemetry context of a span this observer started (the span set as the current one), for
   * running your own instrumented code under it: `context.with(observer.contextOf(ctx.span), fn)`.
   * `undefined` for any other span.
   */
  contextOf(span: Span | undefined): Context | undefined;
  /**
   * Writes the trace context of `span` (one this observer started or extracted; the active span
   * when omitted) into `carrier` through the global propagator: W3C `traceparent` / `tracestate`
   * once an SDK has registered one. A span of another observer writes nothing.
   */
  injectTraceContext(carrier: TraceCarrier, span?: Span): void;
  /**
   * The remote parent that `carrier` (incoming headers) holds, as a span to pass as `parent` or as
   * a run's `span`: what starts under it continues the caller's trace. `undefined` when the
   * carrier holds no valid trace context.
   */
  extractTraceContext(carrier: ReadonlyTraceCarrier): Span | undefined;
}

const KINDS: Readonly<Record<SpanKind, OtelSpanKind>> = {
  internal: OtelSpanKind.INTERNAL,
  client: OtelSpanKind.CLIENT,
  server: OtelSpanKind.SERVER,
  producer: OtelSpanKind.PRODUCER,
  consumer: OtelSpanKind.CONSUMER,
};

const SEVERITY: Readonly<Record<LogLevel, string>> = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
};

/**
 * The API's no-op meter (what the global meter provider hands out until an SDK is registered): its
 * instruments record nothing, so the observer skips them and the attribute work for them.
 */
const NOOP_METER: Meter = createNoopMeter();

/**
 * Creates an observer that records aigo's spans and metrics in OpenTelemetry, following the
 * GenAI semantic conventions that aigo's producers use:
 *
 * - each aigo span becomes an OpenTelemetry span with its kind and attributes; a span started with
 *   `parent` (the `span` of `CallOptions`, of a tool context, an agent run or a graph node) nests
 *   under that span's OpenTelemetry span, and a span without one nests under the active context —
 *   so a model call made while serving an HTTP request nests under the server span;
 * - `recordError` records the exception (name, message and stack, secrets removed) and sets
 *   `error.type` (the aigo error code, else the error's class name);
 * - counters and histograms become OpenTelemetry counters and histograms on the meter; the
 *   `gen_ai.client.operation.duration` and `gen_ai.client.token.usage` histograms get the bucket
 *   boundaries the conventions recommend;
 * - message content (`gen_ai.input.messages`, `gen_ai.output.messages`,
 *   `gen_ai.system_instructions`, tool call arguments and results) is recorded only when
 *   `captureContent` is true;
 * - secrets never reach OpenTelemetry: attributes named like secrets (authorization, API keys,
 *   tokens, passwords, cookies) are replaced by `[REDACTED]`, and bearer tokens, well-known key
 *   shapes and key-bearing URL parameters are removed from every string;
 * - logs at `warn` and `error` become events on the active span (OpenTelemetry's logs are not part
 *   of `@opentelemetry/api`); the other levels are dropped;
 * - trace context crosses process boundaries through the global propagator (`propagation`):
 *   `injectTraceContext` writes a span's context into outgoing headers, `extractTraceContext` reads
 *   a caller's into a remote parent span to start spans under.
 *
 * Without `tracer` and `meter`, the global ones are used (`trace.getTracer('@aigo/otel')`): no-ops
 * until an SDK is registered. No call ever throws into the model call.
 *
 * @example
 * const observer = createOtelObserver({ tracer: provider.getTracer('my-app') });
 * const client = createClient(openai(), { observer });
 *
 * @throws ValidationError naming the option that is wrong.
 */
export function createOtelObserver(options: OtelObserverOptions = {}): OtelObserver {
  const resolved = resolveOtelOptions(options);
  const captureContent = resolved.captureContent;
  const tracer: Tracer = resolved.tracer ?? trace.getTracer(INSTRUMENTATION_SCOPE);
  const counters = new Map<string, Counter>();
  const histograms = new Map<string, Histogram>();
  /** Marks the spans this observer started: `contextOf` answers only for them. */
  const owner = {};

  const contextOf = (span: Span | undefined): Context | undefined =>
    OtelSpanAdapter.contextOf(span, owner);

  const log =
    (level: LogLevel) =>
    (message: string, attributes?: Attributes): void => {
      if (level !== 'warn' && level !== 'error') return;
      try {
        const active = trace.getSpan(otelContext.active());
        if (active === undefined || !active.isRecording()) return;
        // Object.assign, not a spread: object spreads are slow on Node 20.
        const eventAttributes = Object.assign({}, toOtelAttributes(attributes, captureContent));
        eventAttributes['log.severity'] = SEVERITY[level];
        active.addEvent(redactSecrets(String(message)), eventAttributes);
      } catch {
        // Guarded.
      }
    };

  const observer: OtelObserver = {
    captureContent,
    contextOf,
    startSpan(name: string, spanOptions?: StartSpanOptions): Span {
      try {
        const parent = contextOf(spanOptions?.parent) ?? otelContext.active();
        const otelOptions: SpanOptions = {
          kind: KINDS[spanOptions?.kind ?? 'internal'] ?? OtelSpanKind.INTERNAL,
        };
        const attributes = toOtelAttributes(spanOptions?.attributes, captureContent);
        if (attributes !== undefined) otelOptions.attributes = attributes;
        const span = tracer.startSpan(redactSecrets(String(name)), otelOptions, parent);
        return new OtelSpanAdapter(span, captureContent, owner, parent);
      } catch {
        return noopSpan;
      }
    },
    counter(name: string, instrumentOptions?: { description?: string; unit?: string }): Counter {
      const existing = counters.get(name);
      if (existing !== undefined) return existing;
      const instrument = instrumentOf(resolved.meter, (meter) =>
        meter.createCounter(name, instrumentOptions),
      );
      const counter: Counter = {
        add(value: number, attributes?: Attributes): void {
          try {
            instrument()?.add(value, toOtelAttributes(attributes, false));
          } catch {
            // Guarded.
          }
        },
      };
      counters.set(name, counter);
      return counter;
    },
    histogram(
      name: string,
      instrumentOptions?: { description?: string; unit?: string },
    ): Histogram {
      const existing = histograms.get(name);
      if (existing !== undefined) return existing;
      const buckets = HISTOGRAM_BUCKETS[name];
      const instrument = instrumentOf(resolved.meter, (meter) =>
        meter.createHistogram(name, {
          ...instrumentOptions,
          ...(buckets === undefined ? {} : { advice: { explicitBucketBoundaries: [...buckets] } }),
        }),
      );
      const histogram: Histogram = {
        record(value: number, attributes?: Attributes): void {
          try {
            instrument()?.record(value, toOtelAttributes(attributes, false));
          } catch {
            // Guarded.
          }
        },
      };
      histograms.set(name, histogram);
      return histogram;
    },
    ...leveledLogs(log),
    injectTraceContext(carrier: TraceCarrier, span?: Span): void {
      try {
        if (carrier === null || typeof carrier !== 'object') return;
        const context = span === undefined ? otelContext.active() : contextOf(span);
        if (context !== undefined) injectContext(carrier, context);
      } catch {
        // Guarded: a request goes out without trace context rather than not at all.
      }
    },
    extractTraceContext(carrier: ReadonlyTraceCarrier): Span | undefined {
      try {
        if (carrier === null || typeof carrier !== 'object') return undefined;
        const remote = extractContext(carrier);
        const parent = remote === undefined ? undefined : trace.getSpan(remote);
        if (remote === undefined || parent === undefined) return undefined;
        // A non-recording span: everything but nesting under it is a no-op.
        return new OtelSpanAdapter(parent, captureContent, owner, remote);
      } catch {
        return undefined;
      }
    },
  };
  return Object.freeze(observer);
}

/**
 * An instrument, created on first use. On the given meter it is created once. Without one it comes
 * from the global meter provider and is created again whenever that provider changes: unlike
 * tracers, the metrics API hands out no proxy, so an observer made before the SDK was registered
 * would otherwise record into the no-op meter for ever. `undefined` when creating it failed, and on
 * the API's no-op meter (nothing to record: callers then skip the attribute work too).
 */
function instrumentOf<T>(
  fixed: Meter | undefined,
  create: (meter: Meter) => T,
): () => T | undefined {
  let provider: MeterProvider | undefined;
  let instrument: T | undefined;
  const make = (meter: Meter): T | undefined => {
    // The no-op meter's instruments drop everything: none at all spares the attribute work.
    if (meter === NOOP_METER) return undefined;
    try {
      return create(meter);
    } catch {
      return undefined;
    }
  };
  if (fixed !== undefined) {
    instrument = make(fixed);
    return () => instrument;
  }
  return () => {
    const current = metrics.getMeterProvider();
    if (current !== provider) {
      provider = current;
      instrument = make(current.getMeter(INSTRUMENTATION_SCOPE));
    }
    return instrument;
  };
}
