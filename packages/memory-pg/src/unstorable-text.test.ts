import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessages } from './message-codec.js';
import { escapeUnstorable, needsEscape, unescapeUnstorable } from './unstorable-text.js';

/** A small deterministic PRNG (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The characters that matter: NUL, the escape character, lone and paired surrogates, the escape's
// own follow-up characters, ordinary text, emoji.
const ALPHABET = [
  '\u0000',
  '\uE000',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '😀',
  '0',
  'u',
  'd',
  '8',
  'a',
  ' ',
  '\\',
  '"',
  'é',
  '\n',
];

function randomString(next: () => number): string {
  const length = Math.floor(next() * 12);
  let text = '';
  for (let index = 0; index < length; index++) {
    text += ALPHABET[Math.floor(next() * ALPHABET.length)];
  }
  return text;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('escaping what PostgreSQL cannot store', () => {
  it('round-trips 5,000 random strings exactly and leaves nothing unstorable', () => {
    const next = random(42);
    for (let round = 0; round < 5000; round++) {
      const text = randomString(next);
      const escaped = escapeUnstorable(text) as string;
      expect(escaped).not.toContain('\u0000');
      expect(LONE_SURROGATE.test(escaped), JSON.stringify(escaped)).toBe(false);
      expect(unescapeUnstorable(escaped)).toBe(text);
    }
  });

  it('detects NUL and lone surrogates in JSON text, not paired surrogates', () => {
    expect(needsEscape(JSON.stringify('a\u0000b'))).toBe(true);
    expect(needsEscape(JSON.stringify('\uD83D'))).toBe(true);
    expect(needsEscape(JSON.stringify('\uDE00x'))).toBe(true);
    expect(needsEscape(JSON.stringify('😀 \u0001 \uE000'))).toBe(false);
  });

  it('escapes keys and values at any depth, keeping a "__proto__" key as data', () => {
    const value = JSON.parse('{"__proto__":{"k\\u0000":["v\\u0000",1,null,true]},"x":"\\ud800"}');
    const escaped = escapeUnstorable(value);
    expect(needsEscape(JSON.stringify(escaped))).toBe(false);
    expect(unescapeUnstorable(escaped)).toEqual(value);
    expect(Object.keys(unescapeUnstorable(escaped) as object)).toEqual(['__proto__', 'x']);
  });

  it('flags only the messages that need it, and decodes them back', () => {
    const batch = encodeMessages([
      { role: 'user', content: 'plain \uE000 text' },
      { role: 'assistant', content: 'nul \u0000 here', reasoning: '\uD800' },
    ]);
    expect(batch.escaped).toEqual([2]);
    const [plain, special] = JSON.parse(batch.json) as unknown[];
    expect(decodeMessage(plain, 1, false)).toEqual({ role: 'user', content: 'plain \uE000 text' });
    expect(decodeMessage(special, 1, true)).toEqual({
      role: 'assistant',
      content: 'nul \u0000 here',
      reasoning: '\uD800',
    });
  });

  it('refuses to read a message in a newer format', () => {
    expect(() => decodeMessage({ role: 'user', content: 'x' }, 2, false)).toThrow(
      /format 2, newer than this version of @aigo\/memory-pg reads \(1\)/,
    );
  });
});
