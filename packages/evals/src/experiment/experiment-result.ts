import type { JsonObject, Usage } from '@aigo/ai';
import type { CaseCost } from '../cost/case-cost.js';
import type { EvalMode } from '../replay/eval-environment.js';
import type { TaskKind, ToolCallRecord } from '../task/task-types.js';

/** The `format` of an experiment's result file. */
export const EXPERIMENT_RESULT_FORMAT = 'aigo.eval-result';
/** The version of the result-file schema this package writes and reads. */
export const EXPERIMENT_RESULT_VERSION = 1;

/** One scorer's verdict on one run, as stored. */
export interface ScoreRecord {
  readonly score: number;
  readonly pass: boolean;
  readonly reason?: string;
  /** What scoring cost (a judge's call). */
  readonly cost?: number;
  /** True when the scorer threw (the score is then 0). */
  readonly error?: true;
}

/** Why a run failed: the error's name, code and message, and its cause's when it has one. */
export interface RunError {
  readonly name: string;
  readonly code: string;
  readonly message: string;
  /** What the error wraps (an agent stopped by a provider error: that error). */
  readonly cause?: { readonly name: string; readonly code: string; readonly message: string };
}

/** One run: one case, one trial. */
export interface CaseResult {
  readonly caseId: string;
  /** 1-based. */
  readonly trial: number;
  readonly runId: string;
  readonly input: unknown;
  readonly expected?: unknown;
  readonly metadata?: JsonObject;
  /** The task's output (absent when the run failed). */
  readonly output?: unknown;
  /** By scorer name. */
  readonly scores: { readonly [scorer: string]: ScoreRecord };
  readonly toolCalls: readonly ToolCallRecord[];
  readonly usage?: Usage;
  /** What the run cost (absent when the task reported none). */
  readonly cost?: CaseCost;
  /** What scoring the run cost (judges), apart from `cost`. */
  readonly scorerCost: number;
  /** Wall time of the run in milliseconds (the recorded one when replaying). */
  readonly latencyMs: number;
  /** The trace of the run's `eval.case` span, when the experiment had an observer with traces. */
  readonly traceId?: string;
  readonly error?: RunError;
}

/** Mean and pass rate of one scorer, each with its 95 % bootstrap confidence interval. */
export interface ScorerAggregate {
  /** The mean score over cases (each case's trials averaged first). */
  readonly mean: number;
  readonly meanInterval: readonly [number, number];
  /** The share of runs that passed (each case's trials averaged first). */
  readonly passRate: number;
  readonly passRateInterval: readonly [number, number];
}

/** What the runs cost, in total and by part. */
export interface CostAggregate {
  /** Every run's cost. */
  readonly total: number;
  /** `total` ÷ cases run. */
  readonly perCase: number;
  /** What scoring cost (judges), apart from `total`. */
  readonly scorers: number;
  readonly currency: string;
  /** False when some run's cost was unknown or only a lower bound. */
  readonly complete: boolean;
  readonly models: { readonly [model: string]: number };
  readonly tools: { readonly [tool: string]: number };
  readonly compute: number;
}

/** Latency percentiles over runs, in milliseconds. */
export interface LatencyAggregate {
  readonly p50: number;
  readonly p95: number;
  readonly mean: number;
  readonly max: number;
}

/** An experiment's numbers. */
export interface ExperimentAggregates {
  /** Cases that ran (at least one trial). */
  readonly cases: number;
  /** Runs (cases × trials) that ran. */
  readonly runs: number;
  /** Runs whose task failed (their scores are 0). */
  readonly errors: number;
  readonly scorers: { readonly [scorer: string]: ScorerAggregate };
  readonly cost: CostAggregate;
  readonly latency: LatencyAggregate;
}

/** Why an experiment stopped before its last case. */
export interface ExperimentStop {
  readonly reason: 'max_cost';
  /** The cases that did not run. */
  readonly notRun: readonly string[];
}

/**
 * An experiment's result: what ran, on what, and how it did. Written as JSON (`resultsFile`) in
 * this shape, `format` and `version` first; see the package README for the schema.
 */
export interface ExperimentResult {
  readonly format: typeof EXPERIMENT_RESULT_FORMAT;
  readonly version: typeof EXPERIMENT_RESULT_VERSION;
  readonly name: string;
  readonly dataset: { readonly name: string; readonly version: string };
  readonly task: { readonly kind: TaskKind; readonly name: string };
  readonly mode: EvalMode;
  readonly seed: number;
  readonly trials: number;
  readonly concurrency: number;
  readonly maxCost?: number;
  readonly scorers: readonly string[];
  /** ISO 8601. */
  readonly startedAt: string;
  readonly durationMs: number;
  readonly stopped?: ExperimentStop;
  /** Requests and tool calls a replay had no recording of (a recording that is out of date). */
  readonly replayMisses?: { readonly models: number; readonly tools: number };
  /**
   * Every run. Empty in the value `runExperiment` returns when the runs were streamed to
   * `resultsFile` instead (read them with `readExperimentResult`).
   */
  readonly cases: readonly CaseResult[];
  readonly aggregates: ExperimentAggregates;
}
