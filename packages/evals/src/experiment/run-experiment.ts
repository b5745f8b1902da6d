import { AbortError, ValidationError } from '@aigo/ai';
import type { EvalCase } from '../dataset/eval-case.js';
import {
  type EvalEnvironment,
  type OpenedEnvironment,
  openEnvironment,
} from '../replay/eval-environment.js';
import type { Task } from '../task/task-types.js';
import { checkExperimentOptions, type ExperimentSettings } from './check-experiment-options.js';
import type { ExperimentOptions, TaskSource } from './experiment-options.js';
import {
  type CaseResult,
  EXPERIMENT_RESULT_FORMAT,
  EXPERIMENT_RESULT_VERSION,
  type ExperimentResult,
  type ExperimentStop,
} from './experiment-result.js';
import { ResultsWriter } from './results-writer.js';
import { runOnce } from './run-once.js';
import { ExperimentTally } from './tally.js';

const NEVER_ABORTED = new AbortController().signal;

/**
 * Runs a task on every case of a dataset (`trials` times each, `concurrency` cases at once), scores
 * each run, and resolves to the result: per run its output, scores, usage, cost by model, tool and
 * compute, latency, trace id and error; aggregated, each scorer's mean and pass rate with a seeded
 * 95 % bootstrap confidence interval, total and per-case cost, p50/p95 latency.
 *
 * A task that fails scores 0 on every scorer (the error is kept). `maxCost` stops the experiment
 * once reached; `record` / `replay` run it through a recording, so a replay needs no key and gives
 * the same numbers (latencies included: the recorded ones).
 *
 * @example
 * const result = await runExperiment({
 *   name: 'triage-gpt-4o-mini',
 *   dataset: await loadDataset('evals/tickets.jsonl'),
 *   task: task(agent),
 *   scorers: { accuracy: exactMatch() },
 * });
 * console.log(formatExperiment(result));
 *
 * @throws ValidationError for bad options or a bad case; AbortError when `signal` aborts.
 */
export async function runExperiment<I, E, O>(
  options: ExperimentOptions<I, E, O>,
): Promise<ExperimentResult> {
  const settings = checkExperimentOptions(options);
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const opened = await openEnvironment(settings.mode, settings.directory);
  let writer: ResultsWriter | undefined;
  try {
    const task = await resolveTask(settings.task, opened.environment);
    const header = {
      format: EXPERIMENT_RESULT_FORMAT,
      version: EXPERIMENT_RESULT_VERSION,
      name: settings.name,
      dataset: { name: settings.dataset.name, version: settings.dataset.version },
      task: { kind: task.kind, name: task.name },
      mode: settings.mode,
      seed: settings.seed,
      trials: settings.trials,
      concurrency: settings.concurrency,
      ...(settings.maxCost === undefined ? {} : { maxCost: settings.maxCost }),
      scorers: settings.scorerNames,
      startedAt,
    } as const;
    if (settings.resultsFile !== undefined)
      writer = await ResultsWriter.open(settings.resultsFile, header);
    const { kept, stopped, tally } = await runCases(settings, task, opened, writer, started);
    const misses = opened.misses();
    const tail = {
      durationMs: performance.now() - started,
      ...(stopped === undefined ? {} : { stopped }),
      ...(settings.mode === 'replay' ? { replayMisses: misses } : {}),
      aggregates: tally.aggregates(settings.seed),
    };
    await writer?.finish(tail);
    writer = undefined;
    return { ...header, ...tail, cases: kept } as ExperimentResult;
  } finally {
    await writer?.abort();
    await opened.close();
  }
}

async function resolveTask(
  source: TaskSource<unknown, unknown>,
  environment: EvalEnvironment,
): Promise<Task<unknown, unknown>> {
  if (typeof source !== 'function') return source;
  const made = await source(environment);
  if (made === null || typeof made !== 'object' || typeof made.run !== 'function') {
    throw new ValidationError(
      'options.task',
      'must return a task: wrap the target with task(target)',
    );
  }
  return made;
}

interface CasesOutcome {
  readonly kept: CaseResult[];
  readonly stopped: ExperimentStop | undefined;
  readonly tally: ExperimentTally;
}

async function runCases(
  settings: ExperimentSettings,
  task: Task<unknown, unknown>,
  environment: OpenedEnvironment,
  writer: ResultsWriter | undefined,
  started: number,
): Promise<CasesOutcome> {
  const signal = settings.signal ?? NEVER_ABORTED;
  const tally = new ExperimentTally(settings.scorerNames);
  const keep = writer === undefined;
  const kept: Array<{ position: number; result: CaseResult }> = [];
  const notRun: Array<{ position: number; id: string }> = [];
  const size = settings.dataset.size;
  const runsTotal = size === undefined ? undefined : size * settings.trials;
  const { maxCost, onProgress, trials } = settings;
  const iterator = settings.dataset.cases()[Symbol.asyncIterator]();
  let nextPosition = 0;
  let budgetReached = false;
  let failure: { error: unknown } | undefined;

  const runCase = async (evalCase: EvalCase, position: number): Promise<void> => {
    const index = tally.addCase(position);
    for (let trial = 1; trial <= trials && !signal.aborted; trial++) {
      const outcome = await runOnce(settings, task, environment, evalCase, trial, signal, true);
      if (signal.aborted) return;
      tally.addRun(
        index,
        outcome.records,
        outcome.cost,
        outcome.scorerCost,
        outcome.latencyMs,
        outcome.failed,
      );
      if (onProgress !== undefined) {
        const elapsedMs = performance.now() - started;
        const runsDone = tally.runs;
        onProgress({
          experiment: settings.name,
          runsDone,
          runsTotal,
          cost: tally.spent,
          elapsedMs,
          etaMs:
            runsTotal === undefined
              ? undefined
              : (elapsedMs / runsDone) * Math.max(0, runsTotal - runsDone),
        });
      }
      const result = outcome.result as CaseResult;
      if (keep) kept.push({ position, result });
      else await writer?.write(result);
      if (maxCost !== undefined && tally.spent >= maxCost) budgetReached = true;
    }
  };

  const worker = async (): Promise<void> => {
    while (failure === undefined && !signal.aborted) {
      const position = nextPosition++;
      const next = await iterator.next();
      if (next.done === true) return;
      if (budgetReached) {
        notRun.push({ position, id: next.value.id });
        continue;
      }
      await runCase(next.value, position);
    }
  };

  const workers: Promise<void>[] = [];
  for (let count = 0; count < settings.concurrency; count++) {
    workers.push(
      worker().catch((error: unknown) => {
        failure ??= { error };
      }),
    );
  }
  await Promise.all(workers);
  if (failure !== undefined) throw failure.error;
  if (signal.aborted) throw AbortError.fromSignal(signal);
  kept.sort((a, b) => a.position - b.position || a.result.trial - b.result.trial);
  notRun.sort((a, b) => a.position - b.position);
  return {
    kept: kept.map((entry) => entry.result),
    stopped: budgetReached
      ? { reason: 'max_cost', notRun: notRun.map((entry) => entry.id) }
      : undefined,
    tally,
  };
}
