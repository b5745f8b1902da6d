import { ValidationError } from '@aigo/ai';

/**
 * Checks that `options` is an object (or undefined) with only `allowed` keys.
 *
 * @throws ValidationError naming the scorer's option.
 */
export function checkOptions(
  scorer: string,
  options: unknown,
  allowed: readonly string[],
): Record<string, unknown> {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError(`${scorer}.options`, 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!allowed.includes(key)) {
      throw new ValidationError(`${scorer}.options.${key}`, `is not an option of ${scorer}`);
    }
  }
  return options as Record<string, unknown>;
}

/**
 * Checks a number option within `[min, max]`.
 *
 * @throws ValidationError naming it.
 */
export function checkNumber(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw new ValidationError(name, `must be a number from ${min} to ${max}`);
  }
  return value;
}

/** Names a scorer function (what reports show when an experiment is given an array of scorers). */
export function named<F extends (...args: never[]) => unknown>(name: string, scorer: F): F {
  Object.defineProperty(scorer, 'name', { value: name });
  return scorer;
}
