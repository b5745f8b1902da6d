import { seededRandom } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { PartialJsonParser, type PartialJsonParserSettings } from './partial-json-parser.js';

/** Every snapshot taken after each chunk that changed the value. */
function partialsOf(
  chunks: readonly string[],
  settings: PartialJsonParserSettings = { root: 'any' },
): unknown[] {
  const parser = new PartialJsonParser(settings);
  const partials: unknown[] = [];
  for (const chunk of chunks) {
    parser.push(chunk);
    if (parser.changed) partials.push(parser.snapshot());
  }
  return partials;
}

/** The last value after reading `text` in one piece. */
function parsed(text: string, root: 'object' | 'array' | 'any' = 'any'): unknown {
  const parser = new PartialJsonParser({ root });
  parser.push(text);
  return parser.snapshot();
}

/** `text` cut into pieces of 1 to `max` characters, seeded. */
function cut(text: string, seed: number, max = 8): string[] {
  const random = seededRandom(seed);
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(random() * max);
    pieces.push(text.slice(at, at + size));
    at += size;
  }
  return pieces;
}

/** True when `next` keeps everything `previous` showed (strings may only grow). */
function extendsValue(previous: unknown, next: unknown): boolean {
  if (typeof previous === 'string') return typeof next === 'string' && next.startsWith(previous);
  if (Array.isArray(previous)) {
    return (
      Array.isArray(next) &&
      next.length >= previous.length &&
      previous.every((item, index) => extendsValue(item, next[index]))
    );
  }
  if (previous !== null && typeof previous === 'object') {
    if (next === null || typeof next !== 'object' || Array.isArray(next)) return false;
    return Object.entries(previous).every(
      ([key, value]) => Object.hasOwn(next, key) && extendsValue(value, (next as never)[key]),
    );
  }
  return Object.is(previous, next);
}

const DOCUMENTS = [
  { name: 'Ada', age: 36, tags: ['math', 'poetry'], address: { city: 'London', zip: null } },
  [1, -2.5, 3e2, true, false, null, 'x', [], {}, [[]], { a: [{}] }],
  { text: 'quotes " and \\ backslashes \n newlines\ttabs / slashes', emoji: '😀 é ü', empty: '' },
  { nested: { deeper: { deepest: [1, { x: 'y' }, ['z']] } }, after: 'done' },
  { numbers: [0, -0.001, 123456789, 1.5e-7, -1e21], flags: [true, false, null] },
];

describe('PartialJsonParser', () => {
  it('ends at what JSON.parse reads, however the text is cut; no partial retracts anything', () => {
    for (const document of DOCUMENTS) {
      for (const text of [JSON.stringify(document), JSON.stringify(document, null, 2)]) {
        for (let seed = 1; seed <= 25; seed++) {
          const partials = partialsOf(cut(text, seed));
          expect(partials.at(-1)).toEqual(JSON.parse(text));
          for (let index = 1; index < partials.length; index++) {
            expect(partials[index]).not.toBe(partials[index - 1]);
            expect(extendsValue(partials[index - 1], partials[index])).toBe(true);
          }
        }
      }
    }
  });

  it('grows strings; shows numbers, booleans and null only once complete', () => {
    const chunks = ['{"name": "A', 'da", "age": 3', '6, "ok": tr', 'ue, "x": nu', 'll}'];
    expect(partialsOf(chunks)).toEqual([
      { name: 'A' },
      { name: 'Ada' },
      { name: 'Ada', age: 36 },
      { name: 'Ada', age: 36, ok: true },
      { name: 'Ada', age: 36, ok: true, x: null },
    ]);
  });

  it('adds a property once its key is whole and its value has begun', () => {
    expect(partialsOf(['{"na', 'me"', ': ', '"', 'A'])).toEqual([{}, { name: '' }, { name: 'A' }]);
    expect(partialsOf(['[', '{', '"a": [', '1'])).toEqual([[], [{}], [{ a: [] }]]);
  });

  it('shares what is finished with the previous partial and copies only the open path', () => {
    const parser = new PartialJsonParser({ root: 'object' });
    parser.push('{"done": {"a": [1, 2]}, "items": [{"n": 1}, {"n": 2}');
    const first = parser.snapshot() as { done: object; items: object[] };
    parser.push(', {"n": 3}');
    const second = parser.snapshot() as { done: object; items: object[] };
    expect(second).not.toBe(first);
    expect(second.done).toBe(first.done);
    expect(second.items).not.toBe(first.items);
    expect(second.items[0]).toBe(first.items[0]);
    expect(second.items[1]).toBe(first.items[1]);
    // The earlier partial did not change.
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(3);
  });

  it('reads escapes cut anywhere, \\u escapes and surrogate pairs included', () => {
    const text = JSON.stringify({ s: 'a"b\\c\nd\u00e9\ud83d\ude00e' });
    const escaped = text.replace('é', '\\u00e9').replace('😀', '\\ud83d\\ude00');
    for (let size = 1; size <= 4; size++) {
      const pieces: string[] = [];
      for (let at = 0; at < escaped.length; at += size) pieces.push(escaped.slice(at, at + size));
      const partials = partialsOf(pieces) as { s?: string }[];
      expect(partials.at(-1)).toEqual(JSON.parse(escaped));
      // Never half a character: no partial ends with a lone high surrogate.
      for (const partial of partials) {
        const code = partial.s?.charCodeAt(partial.s.length - 1) ?? 0;
        expect(code >= 0xd800 && code <= 0xdbff).toBe(false);
      }
    }
  });

  it('skips prose and code fences around the value, and ignores what follows it', () => {
    expect(parsed('Sure! Here it is:\n```json\n{"a": 1}\n```\nAnything else? {"b": 2}')).toEqual({
      a: 1,
    });
    expect(parsed('The list: [1, 2, 3] — done', 'array')).toEqual([1, 2, 3]);
    // An object answer wrapped in an array: the first element is read, as the full parser would.
    expect(parsed('[{"a": 1}, {"a": 2}]', 'object')).toEqual({ a: 1 });
  });

  it('passes over a brace in prose that does not start JSON', () => {
    expect(parsed('Use the {name} field. {"name": "Ada"}', 'object')).toEqual({ name: 'Ada' });
    expect(parsed('a {b, c} set, then {"x": 1}', 'object')).toEqual({ x: 1 });
    const chunks = ['In {', 'braces} we', ' trust: {"ok": ', 'true}'];
    expect(partialsOf(chunks, { root: 'object' }).at(-1)).toEqual({ ok: true });
  });

  it('reads the slips models make: trailing commas, comments, single quotes, bare keys, Python', () => {
    expect(parsed('{"a": [1, 2,], "b": 3,}')).toEqual({ a: [1, 2], b: 3 });
    expect(parsed('{\n  // the name\n  "name": "Ada", /* age */ "age": 36\n}')).toEqual({
      name: 'Ada',
      age: 36,
    });
    expect(parsed("{'name': 'It\\'s \"Ada\"'}")).toEqual({ name: 'It\'s "Ada"' });
    expect(parsed('{name: "Ada", _id$2: 1}')).toEqual({ name: 'Ada', _id$2: 1 });
    expect(parsed('{"a": True, "b": False, "c": None}')).toEqual({ a: true, b: false, c: null });
  });

  it('stops (failed) at text it cannot follow, keeping what it showed', () => {
    const parser = new PartialJsonParser({ root: 'object' });
    parser.push('{"name": "Ada", "age": thirty-six}');
    expect(parser.failed).toBe(true);
    expect(parser.snapshot()).toEqual({ name: 'Ada' });
    parser.push('{"more": 1}');
    expect(parser.snapshot()).toEqual({ name: 'Ada' });
    const bad = new PartialJsonParser({ root: 'object' });
    bad.push('{"a": 1, "n": 1.2.3}');
    expect(bad.failed).toBe(true);
    expect(bad.snapshot()).toEqual({ a: 1 });
  });

  it('is done once the value closes', () => {
    const parser = new PartialJsonParser({ root: 'object' });
    parser.push('{"a": {"b": []}');
    expect(parser.done).toBe(false);
    parser.push('} and more');
    expect(parser.done).toBe(true);
    expect(parser.snapshot()).toEqual({ a: { b: [] } });
  });

  it("reports each complete element of the root array, or of a root object's array property", () => {
    const seen: string[] = [];
    const sink = {
      element: (value: unknown, index: number) => seen.push(`${index}:${JSON.stringify(value)}`),
      end: () => seen.push('end'),
    };
    const root = new PartialJsonParser({
      root: 'array',
      elementsAt: { kind: 'root' },
      elements: sink,
    });
    for (const chunk of cut('[{"a": [1]}, "two", 3, null, [4]]', 7, 3)) root.push(chunk);
    expect(seen).toEqual(['0:{"a":[1]}', '1:"two"', '2:3', '3:null', '4:[4]', 'end']);

    seen.length = 0;
    const property = new PartialJsonParser({
      root: 'object',
      elementsAt: { kind: 'property', name: 'days' },
      elements: sink,
    });
    property.push('{"other": [9], "days": [{"d": 1}, {"d": 2}], "after": [7]}');
    expect(seen).toEqual(['0:{"d":1}', '1:{"d":2}', 'end']);
    expect(property.elementsDone).toBe(true);
  });

  it("tells whether a root key's value is still being read", () => {
    const parser = new PartialJsonParser({ root: 'object' });
    parser.push('{"kind": "cir');
    expect(parser.isRootKeyOpen('kind')).toBe(true);
    parser.push('cle", "r": ');
    expect(parser.isRootKeyOpen('kind')).toBe(false);
    expect(parser.rootProperty('kind')).toBe('circle');
  });

  it('keeps `__proto__` an own property, as JSON.parse does', () => {
    const value = parsed('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
