/** A span or metric attribute value. */
export type AttributeValue =
  | string
  | number
  | boolean
  | readonly string[]
  | readonly number[]
  | readonly boolean[];

/** Attributes of a span, event or measurement. */
export type Attributes = { readonly [name: string]: AttributeValue | undefined };

/** OpenTelemetry's span kinds. */
export type SpanKind = 'internal' | 'client' | 'server' | 'producer' | 'consumer';

/** Options of `Observer.startSpan`. */
export interface StartSpanOptions {
  readonly attributes?: Attributes;
  readonly kind?: SpanKind;
  /** The span this one nests under (from `CallOptions.span` or the tool context). */
  readonly parent?: Span;
}

/** A unit of work being traced. */
export interface Span {
  setAttributes(attributes: Attributes): void;
  addEvent(name: string, attributes?: Attributes): void;
  /** Records an exception on the span (does not change its status). */
  recordError(error: unknown): void;
  setStatus(status: 'ok' | 'error', message?: string): void;
  end(): void;
}

/** A monotonically increasing count. */
export interface Counter {
  add(value: number, attributes?: Attributes): void;
}

/** A distribution of measurements (durations, token counts). */
export interface Histogram {
  record(value: number, attributes?: Attributes): void;
}

/** Log levels, most verbose first. */
export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';

/**
 * Where traces, metrics and logs go. Implementations: `noopObserver` (here), the structured log
 * observer (`@aigo/observability`), OpenTelemetry (`@aigo/otel`). Implementations never record API
 * keys or authorization headers.
 */
export interface Observer {
  /**
   * Record message content (prompts, answers, tool arguments and results) on spans. Content is
   * personal data, so it is off unless an observer says otherwise (`createOtelObserver({
   * captureContent: true })`).
   */
  readonly captureContent?: boolean;
  startSpan(name: string, options?: StartSpanOptions): Span;
  counter(name: string, options?: { description?: string; unit?: string }): Counter;
  histogram(name: string, options?: { description?: string; unit?: string }): Histogram;
  trace(message: string, attributes?: Attributes): void;
  debug(message: string, attributes?: Attributes): void;
  info(message: string, attributes?: Attributes): void;
  warn(message: string, attributes?: Attributes): void;
  error(message: string, attributes?: Attributes): void;
  /**
   * Writes the trace context of `span` (the active span when omitted, where the backend has one)
   * into `carrier` as W3C `traceparent` / `tracestate` entries, for a request that crosses a process
   * boundary (an MCP or A2A call). Optional: observers without traces leave it out, and callers go
   * through `injectTraceContext`, which skips them.
   */
  injectTraceContext?(carrier: TraceCarrier, span?: Span): void;
  /**
   * Reads a trace context that a caller in another process sent (`traceparent`) and returns a span
   * standing for the remote parent: pass it as `parent` (or as a run's `span`) so the work here
   * continues the caller's trace. `undefined` when the carrier holds no valid context.
   */
  extractTraceContext?(carrier: ReadonlyTraceCarrier): Span | undefined;
}

/** Headers (or any string map) that carry a trace context across a process boundary. */
export type TraceCarrier = Record<string, string>;

/** Incoming headers a trace context is read from (Node's `IncomingHttpHeaders` fits). */
export type ReadonlyTraceCarrier = {
  readonly [name: string]: string | readonly string[] | undefined;
};
