import { type Observer, ValidationError } from '@aigo/ai';
import type { Dataset } from '../dataset/eval-case.js';
import type { EvalMode } from '../replay/eval-environment.js';
import type { Scorer } from '../scorers/scorer-types.js';
import type { ExperimentOptions, ExperimentProgress, TaskSource } from './experiment-options.js';

/** Metrics of the `--fail-if` grammar: no scorer may take their names. */
export const RESERVED_METRICS: ReadonlySet<string> = new Set([
  'cost',
  'costPerCase',
  'p50',
  'p95',
  'errors',
]);

const SCORER_NAME = /^[A-Za-z_][\w-]*$/;

const OPTIONS = new Set([
  'name',
  'dataset',
  'task',
  'scorers',
  'trials',
  'concurrency',
  'maxCost',
  'seed',
  'record',
  'replay',
  'resultsFile',
  'timeoutMs',
  'observer',
  'signal',
  'onProgress',
]);

/** An experiment's options, checked and defaulted. */
export interface ExperimentSettings {
  readonly name: string;
  readonly dataset: Dataset<unknown, unknown>;
  readonly task: TaskSource<unknown, unknown>;
  readonly scorerNames: readonly string[];
  readonly scorers: readonly Scorer<unknown, unknown, unknown>[];
  readonly trials: number;
  readonly concurrency: number;
  readonly maxCost: number | undefined;
  readonly seed: number;
  readonly mode: EvalMode;
  readonly directory: string | undefined;
  readonly resultsFile: string | undefined;
  readonly timeoutMs: number | undefined;
  readonly observer: Observer | undefined;
  readonly signal: AbortSignal | undefined;
  readonly onProgress: ((progress: ExperimentProgress) => void) | undefined;
}

/**
 * Checks `runExperiment`'s options and fills in the defaults.
 *
 * @throws ValidationError naming the first bad option.
 */
export function checkExperimentOptions<I, E, O>(
  options: ExperimentOptions<I, E, O>,
): ExperimentSettings {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object { name, dataset, task, scorers, ... }');
  }
  for (const key of Object.keys(options)) {
    if (!OPTIONS.has(key))
      throw new ValidationError(`options.${key}`, 'is not an option of runExperiment');
  }
  const { name, dataset, task } = options;
  if (typeof name !== 'string' || name.trim() === '' || /[\r\n]/.test(name)) {
    throw new ValidationError('options.name', 'must be a non-empty one-line string');
  }
  if (
    dataset === null ||
    typeof dataset !== 'object' ||
    typeof dataset.cases !== 'function' ||
    typeof dataset.name !== 'string'
  ) {
    throw new ValidationError(
      'options.dataset',
      'must be a dataset (defineDataset or loadDataset)',
    );
  }
  const isTask = task !== null && typeof task === 'object' && typeof task.run === 'function';
  if (!isTask && typeof task !== 'function') {
    throw new ValidationError(
      'options.task',
      'must be task(target), or a function of the environment returning one',
    );
  }
  const { scorerNames, scorers } = checkScorers(options.scorers);
  const trials = positiveInteger(options.trials, 'options.trials', 1);
  const concurrency = positiveInteger(options.concurrency, 'options.concurrency', 4);
  const maxCost = optionalPositive(options.maxCost, 'options.maxCost');
  const timeoutMs = optionalPositive(options.timeoutMs, 'options.timeoutMs');
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw new ValidationError('options.seed', 'must be an integer');
  const record = optionalPath(options.record, 'options.record');
  const replay = optionalPath(options.replay, 'options.replay');
  if (record !== undefined && replay !== undefined) {
    throw new ValidationError(
      'options.replay',
      'cannot be given with record: record replays what it has already',
    );
  }
  const directory = record ?? replay;
  if (directory !== undefined && isTask) {
    throw new ValidationError(
      'options.task',
      'must be a function of the environment to record or replay: task: (env) => task(createReAct(createClient(openai({ ...env.endpoint(url, keyVariable) }))))',
    );
  }
  const resultsFile = optionalPath(options.resultsFile, 'options.resultsFile');
  const observer = options.observer;
  if (observer !== undefined && (observer === null || typeof observer.startSpan !== 'function')) {
    throw new ValidationError('options.observer', 'must be an Observer');
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  }
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function') {
    throw new ValidationError('options.onProgress', 'must be a function');
  }
  return {
    name,
    dataset: dataset as Dataset<unknown, unknown>,
    task: task as TaskSource<unknown, unknown>,
    scorerNames,
    scorers,
    trials,
    concurrency,
    maxCost,
    seed,
    mode: record !== undefined ? 'record' : replay !== undefined ? 'replay' : 'live',
    directory,
    resultsFile,
    timeoutMs,
    observer,
    signal: options.signal,
    onProgress: options.onProgress,
  };
}

function checkScorers(value: unknown): {
  scorerNames: string[];
  scorers: Scorer<unknown, unknown, unknown>[];
} {
  if (value === null || typeof value !== 'object') {
    throw new ValidationError(
      'options.scorers',
      'must be an object of scorers by name, or an array of scorers',
    );
  }
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((scorer: unknown) => [typeof scorer === 'function' ? scorer.name : '', scorer])
    : Object.entries(value);
  const scorerNames: string[] = [];
  const scorers: Scorer<unknown, unknown, unknown>[] = [];
  for (const [index, [name, scorer]] of entries.entries()) {
    const where = Array.isArray(value) ? `options.scorers[${index}]` : `options.scorers.${name}`;
    if (typeof scorer !== 'function') throw new ValidationError(where, 'must be a scorer function');
    if (!SCORER_NAME.test(name)) {
      throw new ValidationError(
        where,
        `needs a name of letters, digits, "_" or "-" (got ${JSON.stringify(name)}); name it with an object { name: scorer }`,
      );
    }
    if (RESERVED_METRICS.has(name)) {
      throw new ValidationError(
        where,
        `cannot be named "${name}": the gate grammar uses that name`,
      );
    }
    if (scorerNames.includes(name)) throw new ValidationError(where, `"${name}" names two scorers`);
    scorerNames.push(name);
    scorers.push(scorer as Scorer<unknown, unknown, unknown>);
  }
  if (scorers.length === 0)
    throw new ValidationError('options.scorers', 'must hold at least one scorer');
  return { scorerNames, scorers };
}

function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new ValidationError(name, 'must be a positive integer');
  }
  return value;
}

function optionalPositive(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ValidationError(name, 'must be a positive number');
  }
  return value;
}

function optionalPath(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new ValidationError(name, 'must be a path');
  return value;
}
