import { ValidationError } from '@aigo/ai';
import type { ExperimentOptions } from '../experiment/experiment-options.js';

/**
 * The experiments an eval file defines: its default export — an experiment's options, an array of
 * them, or a (possibly async) function returning either.
 *
 * @throws ValidationError when the file exports none.
 */
export async function evalDefinitions(
  module: Record<string, unknown>,
  file: string,
): Promise<ExperimentOptions[]> {
  let exported = module.default;
  if (typeof exported === 'function') exported = await (exported as () => unknown)();
  const list = Array.isArray(exported) ? exported : [exported];
  if (list.length === 0 || list.some((entry) => entry === null || typeof entry !== 'object')) {
    throw new ValidationError(
      file,
      'must export default an experiment ({ name, dataset, task, scorers }), an array of them, or a function returning them',
    );
  }
  return list as ExperimentOptions[];
}

/** An experiment name as a file name: characters other than letters, digits, `.`, `_`, `-` become `-`. */
export function fileNameOf(name: string): string {
  return name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'experiment';
}
