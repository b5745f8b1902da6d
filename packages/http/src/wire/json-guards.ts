/**
 * Small readers for untrusted JSON from the wire (a proxy's answer, a compatible server's `null`
 * where the API omits a key, a newer API version's extra keys): they read what is there and never
 * throw. Every adapter reads response bodies and stream frames with these.
 */

/** A plain JSON object (not an array, not null). */
export type JsonRecord = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is a string, else `undefined`. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The value when it is a non-empty string, else `undefined`. */
export function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The value when it is a finite number, else `undefined`. */
export function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

const EMPTY: readonly unknown[] = Object.freeze([]);

/** The value when it is an array, else an empty (shared, frozen) array. */
export function arrayOf(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : EMPTY;
}

/** The value when it is a plain object, else `undefined`. */
export function recordOf(value: unknown): JsonRecord | undefined {
  return isRecord(value) ? value : undefined;
}
