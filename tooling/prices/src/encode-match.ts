import type { PriceMatch } from '@aigo/ai';
import type { DatabaseMatch } from './database.js';

/**
 * A database model-name rule in the compact form of a price table (`{ equals }` → the string,
 * `{ or }` → an array, `{ starts_with }` → `{ starts }`, …), with one-element alternatives unwrapped.
 *
 * @throws Error for a rule the table cannot express (a database format this generator predates).
 */
export function encodeMatch(rule: DatabaseMatch): PriceMatch {
  if ('equals' in rule) return rule.equals;
  if ('starts_with' in rule) return { starts: rule.starts_with };
  if ('ends_with' in rule) return { ends: rule.ends_with };
  if ('contains' in rule) return { contains: rule.contains };
  if ('regex' in rule) return { regex: rule.regex };
  if ('or' in rule) {
    const any = rule.or.map(encodeMatch);
    return any.length === 1 ? (any[0] as PriceMatch) : any;
  }
  if ('and' in rule) return { all: rule.and.map(encodeMatch) };
  throw new Error(`unknown model-name rule ${JSON.stringify(rule)}`);
}

/** Every `equals` name of a rule: the names a model is listed under. */
export function listedNames(rule: DatabaseMatch): string[] {
  if ('equals' in rule) return [rule.equals];
  if ('or' in rule) return rule.or.flatMap(listedNames);
  if ('and' in rule) return [];
  return [];
}
