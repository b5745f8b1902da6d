import { checkNumber, checkOptions, named } from './check-options.js';
import type { Scorer } from './scorer-types.js';
import { asText, normalizeText } from './text.js';

/** Options of `fuzzyMatch`. */
export interface FuzzyMatchOptions {
  /** The similarity a passing output reaches. Default 0.8. */
  readonly threshold?: number;
}

/**
 * How close the output is to `expected`: 1 − (edit distance ÷ the longer length), on texts
 * case-folded with whitespace collapsed. Passes at `threshold` (0.8) or more.
 *
 * @throws ValidationError for a bad option.
 */
export function fuzzyMatch(options?: FuzzyMatchOptions): Scorer {
  const checked = checkOptions('fuzzyMatch', options, ['threshold']);
  const threshold =
    checked.threshold === undefined
      ? 0.8
      : checkNumber('fuzzyMatch.options.threshold', checked.threshold, 0, 1);
  return named('fuzzyMatch', (evalCase, output) => {
    if (evalCase.expected === undefined) {
      return { score: 0, pass: false, reason: 'the case has no expected value' };
    }
    const score = similarity(
      normalizeText(asText(output)),
      normalizeText(asText(evalCase.expected)),
    );
    const pass = score >= threshold;
    return pass
      ? { score, pass }
      : { score, pass, reason: `similarity ${score.toFixed(2)} < ${threshold}` };
  });
}

/** 1 − Levenshtein distance ÷ the longer length (1 for two empty texts). */
export function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - levenshtein(a, b) / longer;
}

/** The edit distance (insertions, deletions, substitutions) of two texts, by UTF-16 unit. */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (code === b.charCodeAt(j - 1) ? 0 : 1);
      const deletion = (previous[j] as number) + 1;
      const insertion = (current[j - 1] as number) + 1;
      current[j] = Math.min(substitution, deletion, insertion);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] as number;
}
