import type { Usage } from '@aigo/ai';
import type { CaseCost } from '../cost/case-cost.js';
import type { EvalCase } from '../dataset/eval-case.js';
import type { ToolCallRecord } from '../task/task-types.js';

/**
 * A scorer's verdict on one run: `score` from 0 (wrong) to 1 (right); `pass` whether it counts as
 * passing (default: `score >= 1`); `reason`, for a person reading the report; `cost`, what scoring
 * itself cost (a judge's model call), reported apart from the task's cost.
 */
export interface Score {
  readonly score: number;
  readonly pass?: boolean;
  readonly reason?: string;
  readonly cost?: number;
}

/** What a scorer returns: a `Score`, a bare number (the score) or a boolean (1 and pass, or 0). */
export type ScorerResult = Score | number | boolean;

/** What a scorer knows of the run besides the case and the output. */
export interface ScorerRun {
  readonly runId: string;
  /** 1-based. */
  readonly trial: number;
  /** The target's own result: an agent's `AgentResult` (with `evidence`, `citations`, … when it has them). */
  readonly result: unknown;
  /** The tool calls the run made, in order. */
  readonly toolCalls: readonly ToolCallRecord[];
  readonly usage: Usage | undefined;
  /** What the run cost; `undefined` when the task reported no cost. */
  readonly cost: CaseCost | undefined;
  /** Wall time of the run, in milliseconds (the recorded time when replaying). */
  readonly latencyMs: number;
  /** The experiment's signal: a scorer that calls a model passes it on. */
  readonly signal: AbortSignal;
}

/**
 * A scorer: a plain function of the case, the task's output and the run. Sync or async. An
 * experiment names its scorers (`scorers: { accuracy: exactMatch() }`); those names are what
 * reports, comparisons and `--fail-if` gates use.
 */
export type Scorer<I = unknown, E = unknown, O = unknown> = (
  evalCase: EvalCase<I, E>,
  output: O,
  run: ScorerRun,
) => ScorerResult | Promise<ScorerResult>;
