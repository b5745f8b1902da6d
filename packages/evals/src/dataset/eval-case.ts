import type { JsonObject } from '@aigo/ai';

/**
 * One case of a dataset: what the task gets (`input`), what a scorer compares its output with
 * (`expected`, optional) and anything else worth keeping beside it (`metadata`: tags, difficulty).
 * `id` names the case in results and comparisons: unique within its dataset, stable across versions.
 */
export interface EvalCase<I = unknown, E = unknown> {
  readonly id: string;
  readonly input: I;
  readonly expected?: E;
  readonly metadata?: JsonObject;
}

/**
 * A named, versioned set of cases. Results name the dataset and version they ran on, so two results
 * can be told apart when the cases changed.
 */
export interface Dataset<I = unknown, E = unknown> {
  readonly name: string;
  readonly version: string;
  /** How many cases it has, when known before iterating (arrays and loaded files; not generators). */
  readonly size: number | undefined;
  /**
   * The cases in order. Each call starts again from the first. Ids are checked as the cases come: a
   * repeated id rejects with `ValidationError`.
   */
  cases(): AsyncIterable<EvalCase<I, E>>;
}
