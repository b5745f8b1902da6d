// OpenTelemetry in memory for tests, one per simulated process: spans through a simple processor into
// the in-memory exporter; the W3C propagator and an async context manager registered globally.
import { createOtelObserver, type OtelObserver } from '@aigo/otel';
import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** Registers the global context manager and propagator; returns the function that removes them. */
export function registerOtelGlobals(): () => void {
  const manager = new AsyncLocalStorageContextManager();
  context.setGlobalContextManager(manager.enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return () => {
    propagation.disable();
    context.disable();
  };
}

/** A process's tracing: its observer and the spans it finished. */
export interface TracedProcess {
  readonly observer: OtelObserver;
  spans(): ReadableSpan[];
  /** The one finished span whose name starts with `prefix`. */
  span(prefix: string): ReadableSpan;
}

/** A tracer provider of its own, exporting into memory, and an aigo observer on it. */
export function tracedProcess(): TracedProcess {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const spans = () => exporter.getFinishedSpans();
  return {
    observer: createOtelObserver({ tracer: provider.getTracer('aigo-a2a-test') }),
    spans,
    span(prefix) {
      const found = spans().filter((span) => span.name.startsWith(prefix));
      if (found.length !== 1) {
        throw new Error(
          `expected one span ${prefix}, got ${spans()
            .map((s) => s.name)
            .join(', ')}`,
        );
      }
      return found[0] as ReadableSpan;
    },
  };
}
