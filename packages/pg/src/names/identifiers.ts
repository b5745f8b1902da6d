import { ValidationError } from '@aigo/ai';

/** PostgreSQL's identifier limit, in bytes (`NAMEDATALEN - 1`): a longer name is silently truncated. */
export const MAX_IDENTIFIER_LENGTH = 63;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Options of {@link checkIdentifier}. */
export interface CheckIdentifierOptions {
  /** The longest name accepted. Default {@link MAX_IDENTIFIER_LENGTH}. */
  readonly maxLength?: number;
  /** Why `maxLength` is what it is, added to the error (`names derived from it must fit …`). */
  readonly maxLengthReason?: string;
}

/**
 * Checks a name to be pasted into SQL as an identifier: letters, digits and underscores, not
 * starting with a digit, at most `maxLength` characters. Such a name is safe to quote with
 * {@link quoteIdentifier} and keeps its case.
 *
 * @param value - The name.
 * @param argument - The option it came from, for the error (`tableName`).
 * @returns the name.
 * @throws ValidationError naming `argument`.
 */
export function checkIdentifier(
  value: unknown,
  argument: string,
  options: CheckIdentifierOptions = {},
): string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) {
    throw new ValidationError(
      argument,
      `must be letters, digits and underscores, not starting with a digit (got ${JSON.stringify(value)})`,
    );
  }
  const maxLength = options.maxLength ?? MAX_IDENTIFIER_LENGTH;
  if (value.length > maxLength) {
    const reason = options.maxLengthReason === undefined ? '' : `: ${options.maxLengthReason}`;
    throw new ValidationError(
      argument,
      `must be at most ${maxLength} characters (got ${value.length})${reason}`,
    );
  }
  return value;
}

/**
 * Checks a schema name: an identifier (see {@link checkIdentifier}) of at most 63 characters that
 * does not start with `pg_` (reserved by PostgreSQL).
 *
 * @param argument - The option it came from. Default `schema`.
 * @throws ValidationError naming `argument`.
 */
export function checkSchemaName(value: unknown, argument = 'schema'): string {
  const schema = checkIdentifier(value, argument);
  if (schema.toLowerCase().startsWith('pg_')) {
    throw new ValidationError(argument, 'must not start with "pg_" (reserved by PostgreSQL)');
  }
  return schema;
}

/**
 * Double-quotes an identifier. Only for names that passed {@link checkIdentifier}: they hold no
 * quote to escape. Build derived names from the unquoted name, then quote the result — never paste a
 * quoted name into another.
 */
export function quoteIdentifier(name: string): string {
  return `"${name}"`;
}

/** `"schema"."name"`, both quoted. Only for names that passed {@link checkIdentifier}. */
export function qualifiedName(schema: string, name: string): string {
  return `${quoteIdentifier(schema)}.${quoteIdentifier(name)}`;
}
