import { ParseError } from '@aigo/ai';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { extractJsonCandidates } from './extract-json-candidates.js';
import { parseStringAs } from './parse-string-as.js';

describe('extractJsonCandidates', () => {
  it('puts json fences first, then other fences, then balanced values, then the text', () => {
    const text = 'See ```\n[1]\n``` and ```json\n{"a":1}\n``` or {"b":2}';
    expect(extractJsonCandidates(text)).toEqual(['{"a":1}', '[1]', '{"b":2}', text]);
  });

  it('finds the outer value first, then nested ones, ignoring brackets inside strings', () => {
    const text = 'Result: {"a": {"b": "}"}, "c": [1, 2]} done';
    expect(extractJsonCandidates(text)).toEqual([
      '{"a": {"b": "}"}, "c": [1, 2]}',
      '{"b": "}"}',
      '[1, 2]',
      text,
    ]);
  });

  it('keeps the rest of the text from the first opener that never closes (truncation)', () => {
    expect(extractJsonCandidates('Here you go: {"name": "Ada", "age": 3')).toEqual([
      '{"name": "Ada", "age": 3',
      'Here you go: {"name": "Ada", "age": 3',
    ]);
  });

  it('takes an unclosed fence to the end of the text', () => {
    expect(extractJsonCandidates('```json\n{"a": 1')[0]).toBe('{"a": 1');
  });

  it('returns the trimmed text alone when there is nothing else, and nothing for blank text', () => {
    expect(extractJsonCandidates('  42 ')).toEqual(['42']);
    expect(extractJsonCandidates('   ')).toEqual([]);
  });
});

/** A small deterministic PRNG (mulberry32), so the property tests are reproducible. */
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

const WORDS = [
  'Sure',
  'here',
  'is',
  'the',
  'answer',
  'JSON',
  ':',
  'hope',
  'this',
  'helps',
  '!',
  '\n',
];
const GARBAGE = '{}[]",:\\abc 123\n\t`';

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

function prose(next: () => number, words: number): string {
  return Array.from({ length: words }, () => pick(next, WORDS)).join(' ');
}

function garbage(next: () => number, length: number): string {
  return Array.from({ length }, () => pick(next, [...GARBAGE])).join('');
}

const Item = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  tags: Type.Array(Type.String()),
  nested: Type.Object({ ok: Type.Boolean(), score: Type.Number() }),
});

function randomItem(next: () => number) {
  return {
    id: Math.floor(next() * 1000),
    name: `item "${Math.floor(next() * 100)}" {x}`,
    tags: Array.from({ length: Math.floor(next() * 3) }, () => pick(next, ['a', 'b]', '{c'])),
    nested: { ok: next() > 0.5, score: Math.round(next() * 1000) / 10 },
  };
}

describe('parseStringAs properties (seeded)', () => {
  it('recovers JSON wrapped in random prose, fenced or not', async () => {
    const next = random(20_261_121);
    for (let round = 0; round < 200; round++) {
      const item = randomItem(next);
      const json = next() > 0.5 ? JSON.stringify(item) : JSON.stringify(item, null, 2);
      const body = next() > 0.5 ? `\`\`\`json\n${json}\n\`\`\`` : json;
      const text = `${prose(next, Math.floor(next() * 12))} ${body} ${prose(next, Math.floor(next() * 12))}`;
      await expect(parseStringAs(text, Item)).resolves.toEqual(item);
    }
  });

  it('recovers the JSON among random garbage that holds brackets and quotes', async () => {
    const next = random(7);
    for (let round = 0; round < 200; round++) {
      const item = randomItem(next);
      // Garbage before the value may open strings or brackets that swallow it; a separator line
      // with a fence keeps the value findable, as a model's answer would.
      const text = `${garbage(next, Math.floor(next() * 40))}\n\`\`\`json\n${JSON.stringify(item)}\n\`\`\`\n${garbage(next, Math.floor(next() * 40))}`;
      await expect(parseStringAs(text, Item)).resolves.toEqual(item);
    }
  });

  it('on truncated JSON either returns a value the schema accepts or throws ParseError', async () => {
    const next = random(99);
    let recovered = 0;
    for (let round = 0; round < 300; round++) {
      const json = JSON.stringify(randomItem(next));
      const cut = json.slice(0, Math.floor(next() * json.length));
      try {
        const value = await parseStringAs(`Answer: ${cut}`, Item);
        expect(Object.keys(value).sort()).toEqual(['id', 'name', 'nested', 'tags']);
        recovered++;
      } catch (error) {
        expect(ParseError.isInstance(error)).toBe(true);
        expect((error as ParseError).text).toBe(`Answer: ${cut}`);
      }
    }
    // Some truncations keep every field (a cut inside the last value); jsonrepair closes them.
    expect(recovered).toBeGreaterThan(0);
  });

  it('never throws anything but ParseError on random garbage', async () => {
    const next = random(12_345);
    for (let round = 0; round < 300; round++) {
      const text = garbage(next, Math.floor(next() * 80));
      try {
        await parseStringAs(text, Item);
      } catch (error) {
        expect(ParseError.isInstance(error)).toBe(true);
      }
      const candidates = extractJsonCandidates(text);
      expect(candidates.length).toBeLessThanOrEqual(32);
    }
  });
});
