import { ValidationError } from '../errors/validation-error.js';

/**
 * Checks a list of guardrails (`{ name, check, ...extra }`): an array of objects with a non-empty,
 * unique `name`, a `check` function and no key but those and `extraKeys`. Returns it frozen.
 *
 * @param argument - Where the list is (`guardrails.input`): errors name `guardrails.input[0].check`.
 * @throws ValidationError naming the first bad part.
 */
export function checkGuardrailList<G>(
  value: unknown,
  argument: string,
  extraKeys: readonly string[] = [],
): readonly G[] {
  if (value === undefined) return Object.freeze([]);
  if (!Array.isArray(value)) throw new ValidationError(argument, 'must be an array of guardrails');
  const names = new Set<string>();
  return Object.freeze(
    value.map((guardrail: unknown, index) => {
      const at = `${argument}[${index}]`;
      if (guardrail === null || typeof guardrail !== 'object') {
        throw new ValidationError(at, 'must be a guardrail { name, check }');
      }
      const { name, check } = guardrail as { name?: unknown; check?: unknown };
      if (typeof name !== 'string' || name.trim() === '') {
        throw new ValidationError(`${at}.name`, 'must be a non-empty string');
      }
      if (names.has(name)) throw new ValidationError(`${at}.name`, `repeats "${name}"`);
      names.add(name);
      if (typeof check !== 'function')
        throw new ValidationError(`${at}.check`, 'must be a function');
      for (const key of Object.keys(guardrail)) {
        if (key !== 'name' && key !== 'check' && !extraKeys.includes(key)) {
          throw new ValidationError(`${at}.${key}`, 'is not part of a guardrail');
        }
      }
      return guardrail as G;
    }),
  );
}
