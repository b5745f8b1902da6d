import type { Observer } from '@aigo/ai';
import type { Dataset } from '../dataset/eval-case.js';
import type { EvalEnvironment } from '../replay/eval-environment.js';
import type { Scorer } from '../scorers/scorer-types.js';
import type { Task } from '../task/task-types.js';

/** How far an experiment is, after each run. */
export interface ExperimentProgress {
  readonly experiment: string;
  /** Runs finished (cases × trials). */
  readonly runsDone: number;
  /** Runs in all, when the dataset's size is known. */
  readonly runsTotal: number | undefined;
  /** Task and scoring cost so far. */
  readonly cost: number;
  readonly elapsedMs: number;
  /** Time left at the pace so far, when the total is known. */
  readonly etaMs: number | undefined;
}

/** A task, or a function of the experiment's environment that builds one (needed to record or replay). */
export type TaskSource<I, O> =
  | Task<I, O>
  | ((environment: EvalEnvironment) => Task<I, O> | Promise<Task<I, O>>);

/** Options of `runExperiment`. */
export interface ExperimentOptions<I = unknown, E = unknown, O = unknown> {
  /** Names the experiment in results, comparisons and run ids (`<name>/<case id>/<trial>`). */
  readonly name: string;
  readonly dataset: Dataset<I, E>;
  /**
   * What runs per case: `task(target)`, or `(env) => task(target)` building the target with
   * `env.endpoint(...)` and `env.tools(...)`, which `record` and `replay` need.
   */
  readonly task: TaskSource<I, O>;
  /**
   * The scorers, by name (`{ accuracy: exactMatch() }`), or a list named by their function names.
   * The names are what reports and `--fail-if` gates use.
   */
  readonly scorers: { readonly [name: string]: Scorer<I, E, O> } | readonly Scorer<I, E, O>[];
  /** Runs per case, for nondeterministic models. Default 1. */
  readonly trials?: number;
  /** Cases running at once (a case's trials run one after another). Default 4. */
  readonly concurrency?: number;
  /**
   * Stop once the task and scoring cost reaches this much: no new case starts (the ones running
   * finish); the cases not run are listed in `stopped.notRun`.
   */
  readonly maxCost?: number;
  /** Seeds the bootstrap intervals: a replayed run gives identical numbers. Default 1. */
  readonly seed?: number;
  /**
   * A recording folder: model traffic goes through a recording proxy (recorded once, replayed
   * after), tool calls and run times are recorded. Needs `task` as a function of the environment.
   */
  readonly record?: string;
  /** A recording folder to replay: no model or tool is called, no key is needed. */
  readonly replay?: string;
  /**
   * Stream every run to this JSON file as it finishes (memory stays flat); the returned result then
   * has empty `cases`.
   */
  readonly resultsFile?: string;
  /** Aborts a run that takes longer (it fails with a timeout; the experiment goes on). */
  readonly timeoutMs?: number;
  /** Each run gets an `eval.case` span here (its trace id goes into the results). */
  readonly observer?: Observer;
  /** Aborts the experiment: running cases are cancelled and `runExperiment` rejects. */
  readonly signal?: AbortSignal;
  /** Called after each run (a terminal progress line, say). */
  readonly onProgress?: (progress: ExperimentProgress) => void;
}
