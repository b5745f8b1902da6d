import { ValidationError } from '@aigo/ai';
import { checkOptions, named } from './check-options.js';
import type { Scorer } from './scorer-types.js';
import { asText } from './text.js';

/** Options of `contains`. */
export interface ContainsOptions {
  /** Every text must be there to pass (`true`, the default), or any one. */
  readonly all?: boolean;
  /** Match case exactly. Default false. */
  readonly caseSensitive?: boolean;
}

/**
 * The share of `texts` found in the output; without `texts`, the case's `expected` (a string or an
 * array of strings). Passes when all are found (or any, with `all: false`).
 *
 * @example
 * scorers: { mentionsRefund: contains(['refund', 'within 5 days']) }
 *
 * @throws ValidationError for bad texts or options.
 */
export function contains(texts?: string | readonly string[], options?: ContainsOptions): Scorer {
  const fixed = texts === undefined ? undefined : checkTexts(texts, 'texts');
  const checked = checkOptions('contains', options, ['all', 'caseSensitive']);
  const all = checked.all !== false;
  const caseSensitive = checked.caseSensitive === true;
  return named('contains', (evalCase, output) => {
    let needles = fixed;
    if (needles === undefined) {
      try {
        needles = checkTexts(evalCase.expected, 'expected');
      } catch {
        return {
          score: 0,
          pass: false,
          reason: 'no texts: give contains some, or a string expected',
        };
      }
    }
    const haystack = caseSensitive ? asText(output) : asText(output).toLocaleLowerCase('en-US');
    const missing: string[] = [];
    for (const needle of needles) {
      const wanted = caseSensitive ? needle : needle.toLocaleLowerCase('en-US');
      if (!haystack.includes(wanted)) missing.push(needle);
    }
    const found = needles.length - missing.length;
    const score = needles.length === 0 ? 1 : found / needles.length;
    const pass = all ? missing.length === 0 : found > 0 || needles.length === 0;
    return pass
      ? { score, pass }
      : {
          score,
          pass,
          reason: `missing ${missing.map((text) => JSON.stringify(text)).join(', ')}`,
        };
  });
}

function checkTexts(value: unknown, name: string): readonly string[] {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.some((text) => typeof text !== 'string' || text === '')) {
    throw new ValidationError(name, 'must be a non-empty string or an array of them');
  }
  return list as readonly string[];
}
