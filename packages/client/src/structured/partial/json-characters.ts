// The characters and tokens of the JSON a model writes, as the partial parser reads them.

export const QUOTE = 0x22; // "
export const APOSTROPHE = 0x27; // '
export const BACKSLASH = 0x5c; // \
export const SLASH = 0x2f; // /
export const STAR = 0x2a; // *
export const OPEN_BRACE = 0x7b; // {
export const CLOSE_BRACE = 0x7d; // }
export const OPEN_BRACKET = 0x5b; // [
export const CLOSE_BRACKET = 0x5d; // ]
export const COMMA = 0x2c; // ,
export const COLON = 0x3a; // :

/** Space, tab, line feed, carriage return: what may stand between tokens. */
export function isDelimiterSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** `-` or a digit: what a number starts with. */
export function isNumberStart(code: number): boolean {
  return code === 0x2d || (code >= 0x30 && code <= 0x39);
}

/** Digits, sign, decimal point and exponent: what a number is made of. */
export function isNumberPart(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2b ||
    code === 0x2e ||
    code === 0x65 ||
    code === 0x45
  );
}

/** An ASCII letter (literals: `true`, `false`, `null`, Python's `True`, `False`, `None`). */
export function isLetter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
}

/** What an unquoted key starts with: a letter, `_` or `$`. */
export function isIdentifierStart(code: number): boolean {
  return isLetter(code) || code === 0x5f || code === 0x24;
}

/** What an unquoted key goes on with: letters, digits, `_`, `$`. */
export function isIdentifierPart(code: number): boolean {
  return isIdentifierStart(code) || (code >= 0x30 && code <= 0x39);
}

/** Returned for a token that is not a number or a literal. */
export const NOT_LITERAL: unique symbol = Symbol('not a literal');

/**
 * The number a whole token stands for, or `NOT_LITERAL` (`1.2.3`, `1e`, `-`). Leading zeros and a
 * trailing `.` pass, as the repairing parser lets them.
 */
export function numberValue(token: string): number | typeof NOT_LITERAL {
  const value = Number(token);
  return Number.isNaN(value) ? NOT_LITERAL : value;
}

/** The value of `true`, `false`, `null` (or `True`, `False`, `None`), else `NOT_LITERAL`. */
export function literalValue(token: string): boolean | null | typeof NOT_LITERAL {
  switch (token) {
    case 'true':
    case 'True':
      return true;
    case 'false':
    case 'False':
      return false;
    case 'null':
    case 'None':
      return null;
    default:
      return NOT_LITERAL;
  }
}

/** The character an escape (`\n`, `\"`, …) stands for; an unknown one stands for itself. */
export function unescapeCharacter(character: string): string {
  switch (character) {
    case 'n':
      return '\n';
    case 't':
      return '\t';
    case 'r':
      return '\r';
    case 'b':
      return '\b';
    case 'f':
      return '\f';
    default:
      return character;
  }
}

/** Where the number at `index` of `chunk` ends (the chunk's length: not in this chunk). */
export function numberEnd(chunk: string, index: number): number {
  let end = index;
  while (end < chunk.length && isNumberPart(chunk.charCodeAt(end))) end++;
  return end;
}

/** Where the literal (`true`, `None`…) at `index` of `chunk` ends. */
export function literalEnd(chunk: string, index: number): number {
  let end = index;
  while (end < chunk.length && isLetter(chunk.charCodeAt(end))) end++;
  return end;
}

/** Where the unquoted key at `index` of `chunk` ends. */
export function identifierEnd(chunk: string, index: number): number {
  let end = index;
  while (end < chunk.length && isIdentifierPart(chunk.charCodeAt(end))) end++;
  return end;
}
