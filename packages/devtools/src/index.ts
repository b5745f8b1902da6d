/**
 * `@aigo/devtools` — watch aigo agent runs, graph runs and model calls live in the browser.
 *
 * @packageDocumentation
 */

export { type DevtoolsObserver, devtools } from './devtools.js';
export type { DevtoolsOptions } from './devtools-options.js';
export type {
  CostPoint,
  DevtoolsEvent,
  GraphNodeStatus,
  GraphView,
  ModelCostRow,
  PendingApproval,
  RunCost,
  RunDetail,
  RunKind,
  RunStatus,
  RunSummary,
  SpanEventRecord,
  SpanKindLabel,
  SpanRecord,
  TokenCounts,
  ToolCostRow,
} from './model/run-model.js';
