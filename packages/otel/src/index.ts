/**
 * `@aigo/otel` — OpenTelemetry for aigo: model calls, tool executions, agent runs and graph nodes as
 * nested spans following the GenAI semantic conventions, and the `gen_ai.client.*` metrics.
 *
 * @packageDocumentation
 */

export {
  createOtelObserver,
  INSTRUMENTATION_SCOPE,
  type OtelObserver,
} from './otel-observer.js';
export type { OtelObserverOptions } from './otel-observer-options.js';
