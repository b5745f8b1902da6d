import { checkOptions, named } from './check-options.js';
import type { Scorer } from './scorer-types.js';
import { deepEqual, normalizeText } from './text.js';

/** Options of `exactMatch`. */
export interface ExactMatchOptions {
  /** Compare strings case-insensitively. Default false. */
  readonly ignoreCase?: boolean;
  /** Compare strings with whitespace runs made one space and the ends trimmed. Default true. */
  readonly normalizeWhitespace?: boolean;
}

/**
 * 1 when the output equals the case's `expected`, else 0. Strings are compared after trimming and
 * collapsing whitespace (and case-folding with `ignoreCase`); other values deeply, key order
 * ignored. A case without `expected` scores 0 with a reason.
 *
 * @example
 * scorers: { accuracy: exactMatch({ ignoreCase: true }) }
 *
 * @throws ValidationError for an unknown option.
 */
export function exactMatch(options?: ExactMatchOptions): Scorer {
  const checked = checkOptions('exactMatch', options, ['ignoreCase', 'normalizeWhitespace']);
  const ignoreCase = checked.ignoreCase === true;
  const whitespace = checked.normalizeWhitespace !== false;
  return named('exactMatch', (evalCase, output) => {
    if (evalCase.expected === undefined) {
      return { score: 0, pass: false, reason: 'the case has no expected value' };
    }
    const expected = evalCase.expected;
    let equal: boolean;
    if (typeof expected === 'string' && typeof output === 'string') {
      const prepare = (text: string) => {
        const spaced = whitespace ? normalizeText(text, false) : text;
        return ignoreCase ? spaced.toLocaleLowerCase('en-US') : spaced;
      };
      equal = prepare(expected) === prepare(output);
    } else {
      equal = deepEqual(expected, output);
    }
    return equal
      ? { score: 1, pass: true }
      : { score: 0, pass: false, reason: `expected ${preview(expected)}, got ${preview(output)}` };
  });
}

/** A short JSON preview of a value for a reason. */
export function preview(value: unknown): string {
  const text =
    typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? 'undefined');
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
