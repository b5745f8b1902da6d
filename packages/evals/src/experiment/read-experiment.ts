import { readFile } from 'node:fs/promises';
import { AigoError, ValidationError } from '@aigo/ai';
import {
  EXPERIMENT_RESULT_FORMAT,
  EXPERIMENT_RESULT_VERSION,
  type ExperimentResult,
} from './experiment-result.js';

/**
 * Reads an experiment's result file (what `runExperiment` wrote to `resultsFile`, or the CLI to
 * `--out`).
 *
 * @throws AigoError `not_found` for a missing file; ValidationError for a file that is not a result
 *   of this format and version.
 */
export async function readExperimentResult(
  path: string,
  options: { readonly signal?: AbortSignal } = {},
): Promise<ExperimentResult> {
  if (typeof path !== 'string' || path === '') {
    throw new ValidationError('path', 'must be the path of a result file');
  }
  let text: string;
  try {
    text = await readFile(path, {
      encoding: 'utf8',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AigoError('not_found', `No result file at ${path}`, { cause: error });
    }
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ValidationError(path, 'is not JSON (an experiment that did not finish writing it?)', {
      cause: error,
    });
  }
  return checkExperimentResult(value, path);
}

/**
 * Checks that a value is an experiment result this version reads.
 *
 * @throws ValidationError naming `where`.
 */
export function checkExperimentResult(value: unknown, where: string): ExperimentResult {
  const result = value as Partial<ExperimentResult> | null;
  if (result === null || typeof result !== 'object' || result.format !== EXPERIMENT_RESULT_FORMAT) {
    throw new ValidationError(
      where,
      `is not an experiment result ("format": "${EXPERIMENT_RESULT_FORMAT}")`,
    );
  }
  if (result.version !== EXPERIMENT_RESULT_VERSION) {
    throw new ValidationError(
      `${where}.version`,
      `is ${String(result.version)}; this version of @aigo/evals reads version ${EXPERIMENT_RESULT_VERSION}`,
    );
  }
  if (
    !Array.isArray(result.cases) ||
    result.aggregates === null ||
    typeof result.aggregates !== 'object'
  ) {
    throw new ValidationError(where, 'has no cases or aggregates');
  }
  return result as ExperimentResult;
}
