import type { PriceMatch } from './price-table-data.js';

/**
 * Whether `name` (already lower-cased and trimmed) satisfies a price list's rule. Equality, prefix,
 * suffix and substring compare lower-cased text; a regular expression is tested as written.
 * `regexes` caches compiled expressions.
 */
export function matchesPriceRule(
  rule: PriceMatch,
  name: string,
  regexes: Map<string, RegExp>,
): boolean {
  if (typeof rule === 'string') return name === rule.toLowerCase();
  if (Array.isArray(rule))
    return rule.some((one: PriceMatch) => matchesPriceRule(one, name, regexes));
  const object = rule as Exclude<PriceMatch, string | readonly PriceMatch[]>;
  if ('starts' in object) return name.startsWith(object.starts.toLowerCase());
  if ('ends' in object) return name.endsWith(object.ends.toLowerCase());
  if ('contains' in object) return name.includes(object.contains.toLowerCase());
  if ('regex' in object) {
    let regex = regexes.get(object.regex);
    if (regex === undefined) {
      regex = new RegExp(object.regex);
      regexes.set(object.regex, regex);
    }
    return regex.test(name);
  }
  return object.all.every((one) => matchesPriceRule(one, name, regexes));
}

const COMPACT_DATE = /(-)(20\d{2})(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?=-|:|$)/g;

/**
 * A model name with its compact dates spelled out (`claude-3-5-sonnet-20241022` →
 * `claude-3-5-sonnet-2024-10-22`), the second spelling a price list is searched with. Impossible
 * dates (`-20240231`) stay as they are.
 */
export function spellOutModelDates(name: string): string {
  return name.replace(
    COMPACT_DATE,
    (whole, dash: string, year: string, month: string, day: string) => {
      const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
      const valid =
        date.getUTCFullYear() === Number(year) &&
        date.getUTCMonth() === Number(month) - 1 &&
        date.getUTCDate() === Number(day);
      return valid ? `${dash}${year}-${month}-${day}` : whole;
    },
  );
}
