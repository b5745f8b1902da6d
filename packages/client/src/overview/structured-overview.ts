import { ValidationError } from '@aigo/ai';
import { Overview } from './overview.js';

/**
 * An {@link Overview} with the typed result of the execution: a structured client's parsed answer,
 * a ReAct run's final answer, a graph's output. Patterns may add fields of their own (`stopReason`).
 */
export type StructuredOverview<T> = Overview & { readonly data: T };

/**
 * Attaches `data` to `overview` (the same object, so records made later still show) and returns it
 * typed as a `StructuredOverview<T>`. `data` is read-only and enumerable.
 *
 * @throws ValidationError when `overview` is not an `Overview` or already has data.
 */
export function toStructuredOverview<T>(overview: Overview, data: T): StructuredOverview<T> {
  if (!(overview instanceof Overview)) {
    throw new ValidationError('overview', 'must be an Overview');
  }
  if (Object.hasOwn(overview, 'data')) {
    throw new ValidationError('overview', 'already carries data');
  }
  Object.defineProperty(overview, 'data', { value: data, enumerable: true, writable: false });
  return overview as StructuredOverview<T>;
}
