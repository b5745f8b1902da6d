/**
 * The canonical JSON text of a JSON value: object keys sorted by UTF-16 code units, no whitespace,
 * strings and numbers as `JSON.stringify` writes them — the JSON Canonicalization Scheme
 * (RFC 8785) for the values a suspended run holds, whose number and string rules are exactly
 * ECMAScript's. Properties whose value is `undefined` are left out, as `JSON.stringify` does.
 * Hand-written: these ten lines are the whole algorithm in JavaScript, not worth a dependency.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  const entries = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map(
      (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
    );
  return `{${entries.join(',')}}`;
}
