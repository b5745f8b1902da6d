/**
 * `@aigo/observability` — a structured log observer for aigo: spans, metrics and logs written as
 * `compact`, `pretty` or `json` lines, with API keys and authorization headers redacted.
 *
 * @packageDocumentation
 */

export { createLogObserver, type LogObserver } from './log-observer.js';
export type { LogFormat, LogObserverOptions, LogOutput } from './log-observer-options.js';
