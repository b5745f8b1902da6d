import { ValidationError } from '@aigo/ai';

/** Throws a `ValidationError` naming `argument` unless `value` is a non-empty string. */
export function requireString(value: unknown, argument: string): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new ValidationError(argument, `must be a non-empty string, got ${describe(value)}`);
  }
  return value;
}

/** Throws a `ValidationError` naming `argument` unless `value` is a plain object (or undefined). */
export function optionalObject(
  value: unknown,
  argument: string,
): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(argument, `must be an object, got ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

/** Throws unless `value` is undefined or a number of milliseconds > 0 (Infinity allowed). */
export function optionalDuration(value: unknown, argument: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || Number.isNaN(value) || value <= 0) {
    throw new ValidationError(
      argument,
      `must be a positive number of milliseconds, got ${describe(value)}`,
    );
  }
  return value;
}

/** Throws unless `value` is undefined or an integer ≥ `min`. */
export function optionalInteger(value: unknown, argument: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new ValidationError(argument, `must be an integer ≥ ${min}, got ${describe(value)}`);
  }
  return value;
}

/** Throws unless `value` is undefined or an `AbortSignal`. */
export function optionalSignal(value: unknown, argument: string): AbortSignal | undefined {
  if (value === undefined) return undefined;
  if (
    value === null ||
    typeof value !== 'object' ||
    typeof (value as AbortSignal).aborted !== 'boolean' ||
    typeof (value as AbortSignal).addEventListener !== 'function'
  ) {
    throw new ValidationError(argument, `must be an AbortSignal, got ${describe(value)}`);
  }
  return value as AbortSignal;
}

/** Throws unless `value` is undefined or a function. */
export function optionalFunction<T>(value: unknown, argument: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') {
    throw new ValidationError(argument, `must be a function, got ${describe(value)}`);
  }
  return value as T;
}

/**
 * Checks a header map: an object whose values are strings (undefined values are dropped) without
 * line breaks. Returns the headers with lower-cased names. The values are never echoed in errors.
 */
export function normalizeHeaders(
  value: unknown,
  argument: string,
): Record<string, string> | undefined {
  const headers = optionalObject(value, argument);
  if (headers === undefined) return undefined;
  const normalized: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    const headerValue = headers[name];
    if (headerValue === undefined) continue;
    if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
      throw new ValidationError(argument, `has an invalid header name ${JSON.stringify(name)}`);
    }
    if (typeof headerValue !== 'string') {
      throw new ValidationError(
        `${argument}.${name}`,
        `must be a string, got ${describe(headerValue)}`,
      );
    }
    if (/[\r\n\0]/.test(headerValue)) {
      throw new ValidationError(`${argument}.${name}`, 'must not contain line breaks or NUL');
    }
    normalized[name.toLowerCase()] = headerValue;
  }
  return normalized;
}

/** A short, secret-free description of a value's type for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : `the number ${value}`;
  if (typeof value === 'string') return value.length === 0 ? 'an empty string' : 'a string';
  return typeof value;
}

/**
 * An option that is a positive safe integer (a size, a count, a number of milliseconds), or
 * `fallback` when it is unset.
 *
 * @throws ValidationError naming `argument` for anything else.
 */
export function positiveInteger(value: unknown, argument: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new ValidationError(argument, `must be a positive integer, got ${describe(value)}`);
  }
  return value;
}
