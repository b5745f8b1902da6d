import { setOwn } from '@aigo/ai';

/**
 * PostgreSQL cannot store two things a JavaScript string can hold: the NUL character (`\u0000`, not
 * allowed in `text` or `jsonb`) and lone UTF-16 surrogates (not valid Unicode, so not valid UTF-8).
 * Messages holding either are stored with a reversible escape and flagged (`escaped = true`), and
 * unescaped when read, so every string comes back exactly as written.
 *
 * The escape character is U+E000 (the first private-use code point). In a flagged message:
 * - U+E000 itself becomes U+E000 U+E000;
 * - NUL becomes U+E000 `0`;
 * - a lone surrogate becomes U+E000 `u` and its four lowercase hex digits.
 *
 * Unflagged messages (the usual case) are stored and read untouched.
 */
const ESCAPE = '\uE000';

/** In `JSON.stringify` output: NUL, or a lone surrogate (the only characters it writes as `\ud8…`-`\udf…`). */
const UNSTORABLE_IN_JSON = /\\u(?:0000|d[89a-f])/;

/** NUL, U+E000, or a surrogate without its partner (code-unit regex, no `u` flag on purpose). */
const TO_ESCAPE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
  /[\u0000\uE000]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ESCAPED = /\uE000(?:\uE000|0|u([0-9a-f]{4}))/g;

/** Whether a JSON text (from `JSON.stringify`) holds a string PostgreSQL cannot store as is. */
export function needsEscape(json: string): boolean {
  return UNSTORABLE_IN_JSON.test(json);
}

function escapeString(text: string): string {
  return text.replace(TO_ESCAPE, (character) => {
    if (character === '\u0000') return `${ESCAPE}0`;
    if (character === ESCAPE) return ESCAPE + ESCAPE;
    return `${ESCAPE}u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

function unescapeString(text: string): string {
  if (!text.includes(ESCAPE)) return text;
  return text.replace(ESCAPED, (match, hex: string | undefined) => {
    if (hex !== undefined) return String.fromCharCode(Number.parseInt(hex, 16));
    return match === ESCAPE + ESCAPE ? ESCAPE : '\u0000';
  });
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) setOwn(copy, map(key), mapStrings(item, map));
    return copy;
  }
  return value;
}

/** Escapes every string (values and keys) of a JSON value. See the module comment. */
export function escapeUnstorable(value: unknown): unknown {
  return mapStrings(value, escapeString);
}

/** Reverses {@link escapeUnstorable}. */
export function unescapeUnstorable(value: unknown): unknown {
  return mapStrings(value, unescapeString);
}
