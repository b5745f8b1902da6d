/** Limits that keep extraction linear-ish on long or hostile text. */
const MAX_OPENERS = 64;
const MAX_CANDIDATES = 32;

const FENCE = /```([A-Za-z0-9_+-]*)[^\S\n]*\n?([\s\S]*?)(?:```|$)/g;
const JSON_FENCE_LANGUAGES = new Set(['json', 'jsonc', 'json5', 'javascript', 'js']);

/**
 * The pieces of a model's answer most likely to be the JSON it meant, best first:
 *
 * 1. the bodies of fenced code blocks labelled `json` (then other fenced blocks); an unclosed fence
 *    (a truncated answer) runs to the end of the text;
 * 2. every balanced `{…}` or `[…]` (strings and escapes respected), outermost and earliest first;
 * 3. from the first opener that never closes (a truncated answer), the rest of the text;
 * 4. the whole text.
 *
 * Each candidate appears once (trimmed). The caller repairs, parses and validates them in order and
 * keeps the first that fits.
 */
export function extractJsonCandidates(text: string): string[] {
  const candidates: string[] = [];
  const seen = new Set<string>();
  const add = (candidate: string): boolean => {
    const trimmed = candidate.trim();
    if (trimmed === '' || seen.has(trimmed)) return candidates.length < MAX_CANDIDATES;
    seen.add(trimmed);
    candidates.push(trimmed);
    return candidates.length < MAX_CANDIDATES;
  };

  if (text.includes('```')) {
    const labelled: string[] = [];
    const other: string[] = [];
    for (const match of text.matchAll(FENCE)) {
      const language = (match[1] ?? '').toLowerCase();
      const body = match[2] ?? '';
      (language === '' || !JSON_FENCE_LANGUAGES.has(language) ? other : labelled).push(body);
    }
    for (const body of [...labelled, ...other]) {
      if (!add(body)) return candidates;
    }
  }

  let unclosed: number | undefined;
  let openers = 0;
  for (let start = 0; start < text.length && openers < MAX_OPENERS; start++) {
    const char = text.charCodeAt(start);
    if (char !== OPEN_BRACE && char !== OPEN_BRACKET) continue;
    openers++;
    const end = balancedEnd(text, start);
    if (end === -1) {
      unclosed ??= start;
      continue;
    }
    if (!add(text.slice(start, end + 1))) return candidates;
  }
  if (unclosed !== undefined && !add(text.slice(unclosed))) return candidates;
  add(text);
  return candidates;
}

const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The index of the bracket that closes the one at `start`, or -1. Depth counts only the opening
 * bracket's own kind (so a stray `]` inside an object does not end it), and brackets inside JSON
 * strings are ignored.
 */
function balancedEnd(text: string, start: number): number {
  const open = text.charCodeAt(start);
  const close = open === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
      continue;
    }
    if (char === QUOTE) inString = true;
    else if (char === open) depth++;
    else if (char === close) {
      depth--;
      if (depth === 0) return index;
    }
  }
  return -1;
}
