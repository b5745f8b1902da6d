import { ATTR_ERROR_TYPE, type Attributes, redactSecrets, type Span } from '@aigo/ai';
import {
  type Context,
  type Exception,
  type Span as OtelSpan,
  type SpanStatus,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { CONTENT_EVENTS } from './content-attributes.js';
import { errorType } from './error-type.js';
import { toOtelAttributes } from './to-otel-attributes.js';

/**
 * An aigo `Span` over an OpenTelemetry span. Every call is guarded (a failing SDK never breaks a
 * call), ends once, and does no work when the span is not recording (sampled out, or a no-op
 * tracer).
 *
 * It also keeps what its observer's `contextOf` needs — the context it was started in — on itself,
 * not in a map keyed by span: a `WeakMap` entry per span made every garbage collection slower.
 */
export class OtelSpanAdapter implements Span {
  readonly #span: OtelSpan;
  readonly #captureContent: boolean;
  /** The observer that started it: `contextOf` answers only for its own spans. */
  readonly #owner: object;
  /** The context the span was started in. */
  readonly #parent: Context;
  /** `#parent` with this span set as the current one, made on first use. */
  #context: Context | undefined;
  #ended = false;
  /** True once the producer set `error.type` itself: `recordError` then leaves it alone. */
  #errorTypeSet = false;

  constructor(span: OtelSpan, captureContent: boolean, owner: object, parent: Context) {
    this.#span = span;
    this.#captureContent = captureContent;
    this.#owner = owner;
    this.#parent = parent;
  }

  /**
   * The OpenTelemetry context of `span` (its parent context with it set as the current span) when
   * it is an adapter that `owner` started; `undefined` for any other value.
   */
  static contextOf(span: unknown, owner: object): Context | undefined {
    if (typeof span !== 'object' || span === null || !(#owner in span)) return undefined;
    const adapter = span as OtelSpanAdapter;
    if (adapter.#owner !== owner) return undefined;
    adapter.#context ??= trace.setSpan(adapter.#parent, adapter.#span);
    return adapter.#context;
  }

  setAttributes(attributes: Attributes): void {
    try {
      if (!this.#span.isRecording()) return;
      const cleaned = toOtelAttributes(attributes, this.#captureContent);
      if (cleaned === undefined) return;
      if (cleaned[ATTR_ERROR_TYPE] !== undefined) this.#errorTypeSet = true;
      this.#span.setAttributes(cleaned);
    } catch {
      // Guarded.
    }
  }

  addEvent(name: string, attributes?: Attributes): void {
    try {
      if (!this.#span.isRecording()) return;
      if (!this.#captureContent && CONTENT_EVENTS.has(name)) return;
      this.#span.addEvent(
        redactSecrets(String(name)),
        toOtelAttributes(attributes, this.#captureContent),
      );
    } catch {
      // Guarded.
    }
  }

  recordError(error: unknown): void {
    try {
      if (!this.#span.isRecording()) return;
      this.#span.recordException(toException(error));
      if (!this.#errorTypeSet) this.#span.setAttribute(ATTR_ERROR_TYPE, errorType(error));
    } catch {
      // Guarded.
    }
  }

  setStatus(status: 'ok' | 'error', message?: string): void {
    try {
      if (!this.#span.isRecording()) return;
      if (status === 'ok') {
        this.#span.setStatus({ code: SpanStatusCode.OK });
      } else {
        const error: SpanStatus = { code: SpanStatusCode.ERROR };
        if (message !== undefined) error.message = redactSecrets(String(message));
        this.#span.setStatus(error);
      }
    } catch {
      // Guarded.
    }
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    try {
      this.#span.end();
    } catch {
      // Guarded.
    }
  }
}

/** The exception to record: name, message and stack, with secrets removed. */
function toException(error: unknown): Exception {
  if (error instanceof Error) {
    const exception: { name: string; message: string; stack?: string } = {
      name: error.name,
      message: redactSecrets(error.message),
    };
    if (typeof error.stack === 'string') exception.stack = redactSecrets(error.stack);
    return exception;
  }
  return redactSecrets(typeof error === 'string' ? error : String(error));
}
