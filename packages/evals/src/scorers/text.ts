import { canonicalJson } from '@aigo/ai';

/** Text for comparing: case-folded (when `foldCase`), whitespace runs made one space, trimmed. */
export function normalizeText(text: string, foldCase = true): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return foldCase ? collapsed.toLocaleLowerCase('en-US') : collapsed;
}

/** A value as text: strings as they are, `undefined`/`null` as `''`, anything else as JSON. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/** Deep equality of JSON-like values (key order ignored). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return canonicalJson(a) === canonicalJson(b);
}
