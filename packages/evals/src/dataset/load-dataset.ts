import { readFile } from 'node:fs/promises';
import { AigoError, ValidationError } from '@aigo/ai';
import { checkCase, checkDatasetIdentity } from './check-case.js';
import type { Dataset, EvalCase } from './eval-case.js';

/** The `aigoDataset` value of the header line of the JSONL datasets this version reads and writes. */
export const DATASET_FORMAT_VERSION = 1;

/** Options of `loadDataset`. */
export interface LoadDatasetOptions {
  readonly signal?: AbortSignal;
}

/**
 * Reads a JSONL dataset file: a header line `{ "aigoDataset": 1, "name": …, "version": …,
 * "description"?: … }`, then one case per line (`{ "id", "input", "expected"?, "metadata"? }`).
 * Blank lines are skipped. Every case is checked at load, so a bad file fails before anything runs.
 *
 * @example
 * const tickets = await loadDataset('evals/support-tickets.jsonl');
 *
 * @throws ValidationError naming the file and line of the first problem.
 * @throws AigoError `not_found` when the file does not exist.
 */
export async function loadDataset<I = unknown, E = unknown>(
  path: string,
  options: LoadDatasetOptions = {},
): Promise<Dataset<I, E>> {
  if (typeof path !== 'string' || path === '') {
    throw new ValidationError('path', 'must be the path of a JSONL dataset file');
  }
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (key !== 'signal')
      throw new ValidationError(`options.${key}`, 'is not an option of loadDataset');
  }
  let text: string;
  try {
    text = await readFile(path, {
      encoding: 'utf8',
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new AigoError('not_found', `No dataset file at ${path}`, { cause: error });
    }
    throw error;
  }
  return parseDataset<I, E>(text, path);
}

/**
 * Parses the text of a JSONL dataset (see `loadDataset`); `source` names it in errors.
 *
 * @throws ValidationError naming `source` and the line.
 */
export function parseDataset<I, E>(text: string, source: string): Dataset<I, E> {
  const lines = text.split('\n');
  let header: { name: string; version: string } | undefined;
  const cases: EvalCase<I, E>[] = [];
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const where = `${source}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new ValidationError(where, 'is not a line of JSON', { cause: error });
    }
    if (header === undefined) {
      header = readHeader(value, where);
      continue;
    }
    cases.push(checkCase<I, E>(value, where, seen));
  }
  if (header === undefined) {
    throw new ValidationError(
      source,
      'is empty: a dataset starts with { "aigoDataset": 1, "name", "version" }',
    );
  }
  const frozen = Object.freeze(cases);
  const { name, version } = header;
  return Object.freeze({ name, version, size: frozen.length, cases: () => listed(frozen) });
}

function readHeader(value: unknown, where: string): { name: string; version: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(where, 'must be the header { "aigoDataset": 1, "name", "version" }');
  }
  const header = value as Record<string, unknown>;
  if (header.aigoDataset !== DATASET_FORMAT_VERSION) {
    throw new ValidationError(
      `${where}.aigoDataset`,
      header.aigoDataset === undefined
        ? 'is missing: the first line of a dataset is { "aigoDataset": 1, "name", "version" }'
        : `is ${JSON.stringify(header.aigoDataset)}; this version reads format ${DATASET_FORMAT_VERSION}`,
    );
  }
  if (header.description !== undefined && typeof header.description !== 'string') {
    throw new ValidationError(`${where}.description`, 'must be a string');
  }
  return checkDatasetIdentity(header.name, header.version, `${where}.`);
}

async function* listed<I, E>(cases: readonly EvalCase<I, E>[]): AsyncGenerator<EvalCase<I, E>> {
  yield* cases;
}
