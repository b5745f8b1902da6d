/**
 * `@aigo/evals` — know whether a change made an agent better, cheaper or slower: datasets, tasks,
 * experiments with confidence intervals and exact cost, comparisons, reports, record-and-replay for
 * offline runs, and a vitest helper. The scorers are in `@aigo/evals/scorers`; the CLI is
 * `aigo-eval`.
 *
 * @packageDocumentation
 */

export { type CompareOptions, compareExperiments } from './compare/compare-experiments.js';
export {
  COMPARISON_FORMAT,
  type Comparison,
  type RatioFigure,
  type ScorerDifference,
  type WorseCase,
} from './compare/comparison.js';
export type { CaseCost } from './cost/case-cost.js';
export {
  type CaseSource,
  type DefineDatasetOptions,
  defineDataset,
} from './dataset/define-dataset.js';
export type { Dataset, EvalCase } from './dataset/eval-case.js';
export {
  DATASET_FORMAT_VERSION,
  type LoadDatasetOptions,
  loadDataset,
  parseDataset,
} from './dataset/load-dataset.js';
export { RESERVED_METRICS } from './experiment/check-experiment-options.js';
export type {
  ExperimentOptions,
  ExperimentProgress,
  TaskSource,
} from './experiment/experiment-options.js';
export {
  type CaseResult,
  type CostAggregate,
  EXPERIMENT_RESULT_FORMAT,
  EXPERIMENT_RESULT_VERSION,
  type ExperimentAggregates,
  type ExperimentResult,
  type ExperimentStop,
  type LatencyAggregate,
  type RunError,
  type ScoreRecord,
  type ScorerAggregate,
} from './experiment/experiment-result.js';
export { readExperimentResult } from './experiment/read-experiment.js';
export { runExperiment } from './experiment/run-experiment.js';
export { evaluateFailIf, type GateCheck, type GateVerdict } from './gate/evaluate-gate.js';
export {
  type GateExpression,
  type GateMetric,
  type GateOperator,
  parseFailIf,
} from './gate/fail-if.js';
export {
  type EndpointOptions,
  type EvalEnvironment,
  type EvalMode,
  type ProviderEndpoint,
  REPLAY_API_KEY,
} from './replay/eval-environment.js';
export type { RecordedToolCall, TimingsFile, ToolRecordingFile } from './replay/recording-files.js';
export { formatComparison } from './report/format-comparison.js';
export { formatExperiment } from './report/format-experiment.js';
export { type HtmlReportOptions, renderHtmlReport, writeHtmlReport } from './report/html-report.js';
export { type ProgressTarget, progressReporter } from './report/progress-reporter.js';
export type { Score, Scorer, ScorerResult, ScorerRun } from './scorers/scorer-types.js';
export type { TaskFunction } from './task/function-task.js';
export type { GraphTarget } from './task/graph-task.js';
export { type TaskOptions, task } from './task/task.js';
export type {
  Task,
  TaskContext,
  TaskKind,
  TaskReport,
  TaskRun,
  ToolCallRecord,
} from './task/task-types.js';
export { type DescribeEvalOptions, describeEval } from './vitest/describe-eval.js';
