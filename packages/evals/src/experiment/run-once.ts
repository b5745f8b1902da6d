import { AigoError, type Span, type Usage } from '@aigo/ai';
import { type CaseCost, caseCost } from '../cost/case-cost.js';
import type { EvalCase } from '../dataset/eval-case.js';
import type { OpenedEnvironment } from '../replay/eval-environment.js';
import { failedRunOf } from '../task/failed-runs.js';
import { RunContext } from '../task/run-context.js';
import type { Task, TaskRun, ToolCallRecord } from '../task/task-types.js';
import type { ExperimentSettings } from './check-experiment-options.js';
import type { CaseResult, RunError, ScoreRecord } from './experiment-result.js';
import { failedScores, scoreRun } from './score-run.js';
import { traceIdOf } from './trace-id.js';

/** What one run gave: its scores and numbers, and the stored result when someone keeps it. */
export interface RunOutcome {
  readonly records: ScoreRecord[];
  readonly cost: CaseCost | undefined;
  readonly scorerCost: number;
  readonly latencyMs: number;
  readonly failed: boolean;
  readonly result: CaseResult | undefined;
}

/**
 * Runs one case once: the task with a fresh context, timed; then every scorer (or 0s with the
 * failure); `keep` asks for the `CaseResult` to store.
 */
export async function runOnce(
  settings: ExperimentSettings,
  task: Task<unknown, unknown>,
  environment: OpenedEnvironment,
  evalCase: EvalCase,
  trial: number,
  signal: AbortSignal,
  keep: boolean,
): Promise<RunOutcome> {
  const runId = `${settings.name}/${evalCase.id}/${trial}`;
  const observer = settings.observer;
  let span: Span | undefined;
  let traceId: string | undefined;
  if (observer !== undefined) {
    span = observer.startSpan('eval.case', {
      attributes: {
        'aigo.eval.experiment': settings.name,
        'aigo.eval.case': evalCase.id,
        'aigo.eval.trial': trial,
      },
    });
    traceId = traceIdOf(observer, span);
  }
  const runSignal =
    settings.timeoutMs === undefined
      ? signal
      : AbortSignal.any([signal, AbortSignal.timeout(settings.timeoutMs)]);
  const context = new RunContext(runSignal, runId, evalCase.id, trial, span);
  const start = performance.now();
  let run: TaskRun<unknown> | undefined;
  let error: unknown;
  try {
    run = await task.run(evalCase.input, context);
  } catch (caught) {
    error = caught;
  }
  const latencyMs = environment.latency(runId, performance.now() - start);

  let records: ScoreRecord[];
  let usage: Usage | undefined;
  let toolCalls: readonly ToolCallRecord[];
  let cost: CaseCost | undefined;
  let runError: RunError | undefined;
  if (run !== undefined) {
    usage = run.usage;
    toolCalls = run.toolCalls;
    cost = run.cost === undefined ? undefined : caseCost(run.cost);
    records = await scoreRun(settings.scorers, evalCase, run.output, {
      runId,
      trial,
      result: run.result,
      toolCalls,
      usage,
      cost,
      latencyMs,
      signal,
    });
  } else {
    const failed = failedRunOf(error);
    usage = failed?.usage;
    toolCalls = failed?.toolCalls ?? [];
    cost = failed?.cost === undefined ? undefined : caseCost(failed.cost);
    runError = describeError(error);
    records = failedScores(settings.scorers.length, runError.message);
  }
  let scorerCost = 0;
  for (const record of records) if (record.cost !== undefined) scorerCost += record.cost;
  if (span !== undefined) {
    if (runError === undefined) span.setStatus('ok');
    else {
      span.recordError(error);
      span.setStatus('error', runError.message);
    }
    span.end();
  }
  const failed = run === undefined;
  if (!keep) return { records, cost, scorerCost, latencyMs, failed, result: undefined };
  const scores: Record<string, ScoreRecord> = {};
  settings.scorerNames.forEach((name, index) => {
    scores[name] = records[index] as ScoreRecord;
  });
  const result: CaseResult = {
    caseId: evalCase.id,
    trial,
    runId,
    input: evalCase.input,
    ...(evalCase.expected === undefined ? {} : { expected: evalCase.expected }),
    ...(evalCase.metadata === undefined ? {} : { metadata: evalCase.metadata }),
    ...(run === undefined ? {} : { output: run.output }),
    scores,
    toolCalls,
    ...(usage === undefined ? {} : { usage }),
    ...(cost === undefined ? {} : { cost }),
    scorerCost,
    latencyMs,
    ...(traceId === undefined ? {} : { traceId }),
    ...(runError === undefined ? {} : { error: runError }),
  };
  return { records, cost, scorerCost, latencyMs, failed, result };
}

/** An error as stored: name, code (an aigo error's, else `error`), message, and its cause's. */
export function describeError(error: unknown): RunError {
  const described = describeOne(error);
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error ? { ...described, cause: describeOne(cause) } : described;
}

function describeOne(error: unknown): { name: string; code: string; message: string } {
  if (AigoError.isInstance(error)) {
    return { name: error.name, code: error.code, message: error.message };
  }
  if (error instanceof Error) return { name: error.name, code: 'error', message: error.message };
  return { name: 'Error', code: 'error', message: String(error) };
}
