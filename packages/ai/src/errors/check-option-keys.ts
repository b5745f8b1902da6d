import { ValidationError } from './validation-error.js';

/** Where an option check names its object and its function in errors. */
export interface OptionKeysContext {
  /** The function whose options these are, named in the error (`openai()`, `serveMcp`). */
  readonly owner: string;
  /** The path of the options object in errors. Default `options`. */
  readonly where?: string;
}

/**
 * Rejects a key of `options` that is not in `known`, so a typo never silently does nothing (an
 * ignored `baseUrl` would send the calls, with the key, somewhere else). The error names the option
 * and, when a known name is close to it, suggests that one: `Invalid options.baseUrl: is not an
 * option of openai() — did you mean baseURL?`. Only own enumerable keys are looked at; values are
 * checked elsewhere.
 *
 * @throws ValidationError naming the first unknown option.
 */
export function checkOptionKeys(
  options: object,
  known: Iterable<string>,
  context: OptionKeysContext,
): void {
  const names = known instanceof Set ? (known as ReadonlySet<string>) : new Set(known);
  for (const key of Object.keys(options)) {
    if (names.has(key)) continue;
    const where = context.where ?? 'options';
    const suggestion = closestName(key, names);
    throw new ValidationError(
      `${where}.${key}`,
      `is not an option of ${context.owner}${suggestion === undefined ? '' : ` — did you mean ${suggestion}?`}`,
    );
  }
}

/**
 * The known name closest to `name`, when one is close enough to be a likely typo: the same name in
 * another case (`baseUrl` → `baseURL`), or one at most a third of its length away in edits
 * (insertions, deletions, substitutions, swaps of two neighbours). `undefined` when none is.
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3)) + 1;
  for (const candidate of known) {
    if (candidate.toLowerCase() === lower) return candidate;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: Levenshtein plus swaps of two neighbouring characters. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const previous = rows[i - 1] as number[];
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, (rows[i - 2]?.[j - 2] as number) + 1);
      }
      row.push(distance);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] as number;
}
