/**
 * The kind of a value, for an error message: `undefined`, `null`, `an array`, `a number`, `an
 * object`… Never the value itself: a provider's output may hold anything, secrets included.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? `an ${type}` : `a ${type}`;
}
