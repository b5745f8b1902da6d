import { checkNumber, checkOptions, named } from './check-options.js';
import type { Scorer } from './scorer-types.js';

/** Options of `numericClose`. */
export interface NumericCloseOptions {
  /** The largest absolute difference that passes. Default 0 (with `relative` 1e-9). */
  readonly tolerance?: number;
  /** The largest difference relative to `expected` that passes (0.01 = 1 %). Default 1e-9. */
  readonly relative?: number;
}

const NUMBER = /[-+]?(?:\d+(?:[.,]\d+)*(?:\.\d+)?|\.\d+)(?:e[-+]?\d+)?/i;

/**
 * 1 when the output is a number within tolerance of `expected`, else 0. An output string gives its
 * first number ("The total is 1,234.5 EUR" → 1234.5).
 *
 * @throws ValidationError for a bad option.
 */
export function numericClose(options?: NumericCloseOptions): Scorer {
  const checked = checkOptions('numericClose', options, ['tolerance', 'relative']);
  const tolerance =
    checked.tolerance === undefined
      ? 0
      : checkNumber('numericClose.options.tolerance', checked.tolerance, 0, Number.MAX_VALUE);
  const relative =
    checked.relative === undefined
      ? 1e-9
      : checkNumber('numericClose.options.relative', checked.relative, 0, Number.MAX_VALUE);
  return named('numericClose', (evalCase, output) => {
    const expected = toNumber(evalCase.expected);
    if (expected === undefined)
      return { score: 0, pass: false, reason: 'the case has no numeric expected value' };
    const actual = toNumber(output);
    if (actual === undefined)
      return { score: 0, pass: false, reason: 'the output holds no number' };
    const difference = Math.abs(actual - expected);
    const allowed = Math.max(tolerance, relative * Math.abs(expected));
    return difference <= allowed
      ? { score: 1, pass: true }
      : {
          score: 0,
          pass: false,
          reason: `${actual} is ${difference} from ${expected} (allowed ${allowed})`,
        };
  });
}

/** A number from a number or the first number in a text (thousands separators dropped). */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = NUMBER.exec(value);
  if (match === null) return undefined;
  const parsed = Number(match[0].replace(/,(?=\d{3}(\D|$))/g, '').replace(',', '.'));
  return Number.isFinite(parsed) ? parsed : undefined;
}
