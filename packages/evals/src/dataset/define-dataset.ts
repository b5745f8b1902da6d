import { ValidationError } from '@aigo/ai';
import { checkCase, checkDatasetIdentity } from './check-case.js';
import type { Dataset, EvalCase } from './eval-case.js';

/** Where a dataset's cases come from: an array, or a function giving them (sync or async). */
export type CaseSource<I, E> =
  | readonly EvalCase<I, E>[]
  | (() => Iterable<EvalCase<I, E>> | AsyncIterable<EvalCase<I, E>>);

/** Options of `defineDataset`. */
export interface DefineDatasetOptions<I, E> {
  readonly name: string;
  /** Bump it when the cases change, so results on the old cases are not compared as if equal. */
  readonly version: string | number;
  readonly cases: CaseSource<I, E>;
}

const OPTIONS = new Set(['name', 'version', 'cases']);

/**
 * A dataset from an array of cases (checked now: ids unique, inputs present) or from a function
 * that yields them (checked as they come, for datasets generated or too large to hold).
 *
 * @example
 * const tickets = defineDataset({
 *   name: 'support-tickets',
 *   version: '2',
 *   cases: [{ id: 'refund-1', input: 'I was charged twice', expected: 'billing' }],
 * });
 *
 * @throws ValidationError naming the first bad option or case.
 */
export function defineDataset<I, E = unknown>(options: DefineDatasetOptions<I, E>): Dataset<I, E> {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object { name, version, cases }');
  }
  for (const key of Object.keys(options)) {
    if (!OPTIONS.has(key))
      throw new ValidationError(`options.${key}`, 'is not an option of defineDataset');
  }
  const { name, version } = checkDatasetIdentity(options.name, options.version, 'options.');
  const source = options.cases;
  if (Array.isArray(source)) {
    const seen = new Set<string>();
    const cases = Object.freeze(
      (source as readonly unknown[]).map((value, index) =>
        checkCase<I, E>(value, `options.cases[${index}]`, seen),
      ),
    );
    return Object.freeze({
      name,
      version,
      size: cases.length,
      cases: () => arrayCases(cases),
    });
  }
  if (typeof source !== 'function') {
    throw new ValidationError(
      'options.cases',
      'must be an array of cases or a function yielding them',
    );
  }
  const generate = source as () => Iterable<EvalCase<I, E>> | AsyncIterable<EvalCase<I, E>>;
  return Object.freeze({
    name,
    version,
    size: undefined,
    cases: () => generatedCases(generate),
  });
}

async function* arrayCases<I, E>(cases: readonly EvalCase<I, E>[]): AsyncGenerator<EvalCase<I, E>> {
  yield* cases;
}

async function* generatedCases<I, E>(
  generate: () => Iterable<EvalCase<I, E>> | AsyncIterable<EvalCase<I, E>>,
): AsyncGenerator<EvalCase<I, E>> {
  const produced = generate();
  if (produced === null || typeof produced !== 'object') {
    throw new ValidationError('options.cases', 'must return an iterable of cases');
  }
  const seen = new Set<string>();
  let index = 0;
  for await (const value of produced as AsyncIterable<unknown>) {
    yield checkCase<I, E>(value, `options.cases()[${index}]`, seen);
    index++;
  }
}
