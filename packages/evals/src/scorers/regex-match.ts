import { ValidationError } from '@aigo/ai';
import { named } from './check-options.js';
import type { Scorer } from './scorer-types.js';
import { asText } from './text.js';

/**
 * 1 when the output (as text) matches `pattern`, else 0. Without a pattern, each case's `expected`
 * is the pattern (a string: a regular expression's source).
 *
 * @example
 * scorers: { cites: regexMatch(/\[ev_\d+\]/) }
 *
 * @throws ValidationError when `pattern` is neither a RegExp nor a valid pattern string.
 */
export function regexMatch(pattern?: RegExp | string): Scorer {
  const fixed = pattern === undefined ? undefined : toRegExp(pattern, 'pattern');
  return named('regexMatch', (evalCase, output) => {
    let regex = fixed;
    if (regex === undefined) {
      if (typeof evalCase.expected !== 'string') {
        return {
          score: 0,
          pass: false,
          reason: 'no pattern: give regexMatch one, or a string expected',
        };
      }
      try {
        regex = new RegExp(evalCase.expected);
      } catch {
        return {
          score: 0,
          pass: false,
          reason: `expected is not a regular expression: ${evalCase.expected}`,
        };
      }
    }
    regex.lastIndex = 0;
    const matched = regex.test(asText(output));
    return matched
      ? { score: 1, pass: true }
      : { score: 0, pass: false, reason: `does not match ${regex}` };
  });
}

function toRegExp(pattern: unknown, name: string): RegExp {
  if (pattern instanceof RegExp) return pattern;
  if (typeof pattern !== 'string' || pattern === '') {
    throw new ValidationError(name, 'must be a RegExp or a non-empty pattern string');
  }
  try {
    return new RegExp(pattern);
  } catch (error) {
    throw new ValidationError(name, `is not a valid regular expression: ${pattern}`, {
      cause: error,
    });
  }
}
