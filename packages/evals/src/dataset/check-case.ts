import { ValidationError } from '@aigo/ai';
import type { EvalCase } from './eval-case.js';

/**
 * Checks one case (an object with a non-empty string `id`, an `input`, and `metadata` an object
 * when given) and that its id was not seen before; `where` names it in errors (`cases[3]`,
 * `support.jsonl:5`).
 *
 * @throws ValidationError naming `where` and the field.
 */
export function checkCase<I, E>(value: unknown, where: string, seen: Set<string>): EvalCase<I, E> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(where, 'must be a case object { id, input, expected?, metadata? }');
  }
  const candidate = value as Record<string, unknown>;
  for (const key of Object.keys(candidate)) {
    if (key !== 'id' && key !== 'input' && key !== 'expected' && key !== 'metadata') {
      throw new ValidationError(
        `${where}.${key}`,
        'is not a field of a case (id, input, expected, metadata)',
      );
    }
  }
  const { id } = candidate;
  if (typeof id !== 'string' || id === '') {
    throw new ValidationError(`${where}.id`, 'must be a non-empty string');
  }
  if (!('input' in candidate) || candidate.input === undefined) {
    throw new ValidationError(`${where}.input`, `is required (case "${id}")`);
  }
  const { metadata } = candidate;
  if (
    metadata !== undefined &&
    (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata))
  ) {
    throw new ValidationError(`${where}.metadata`, `must be an object (case "${id}")`);
  }
  if (seen.has(id)) {
    throw new ValidationError(`${where}.id`, `"${id}" is used by an earlier case; ids are unique`);
  }
  seen.add(id);
  return candidate as unknown as EvalCase<I, E>;
}

/**
 * Checks a dataset's name and version (`version` may be a number; it is kept as a string).
 *
 * @throws ValidationError naming the field.
 */
export function checkDatasetIdentity(
  name: unknown,
  version: unknown,
  where: string,
): { readonly name: string; readonly version: string } {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new ValidationError(`${where}name`, 'must be a non-empty string');
  }
  if (typeof version === 'number' && Number.isFinite(version))
    return { name, version: String(version) };
  if (typeof version !== 'string' || version.trim() === '') {
    throw new ValidationError(`${where}version`, 'must be a non-empty string (or a number)');
  }
  return { name, version };
}
