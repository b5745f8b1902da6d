import { ProviderError, ValidationError } from '@aigo/ai';
import { loadFixture, loadFixtureBytes } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import {
  createRandom,
  offsetsInsideCharacters,
  randomSplit,
} from '../../test/support/test-random.js';
import { createJsonArrayDecoder } from './json-array-decoder.js';
import type { StreamFrame } from './stream-frame.js';

const encoder = new TextEncoder();

function decode(chunks: readonly Uint8Array[]): StreamFrame[] {
  const frames: StreamFrame[] = [];
  const decoder = createJsonArrayDecoder((frame) => frames.push(frame), { provider: 'gemini' });
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return frames;
}

describe('createJsonArrayDecoder', () => {
  it('splits the recorded Gemini array stream (no alt=sse) into its elements, at any chunking', () => {
    const bytes = loadFixtureBytes('gemini/stream-json-array-no-alt-sse.json');
    const expected = (
      JSON.parse(loadFixture('gemini/stream-json-array-no-alt-sse.json')) as unknown[]
    ).map((element) => JSON.stringify(element));
    expect(expected.length).toBeGreaterThan(1);
    const random = createRandom(42);
    for (let round = 0; round < 200; round++) {
      const frames = decode(randomSplit(bytes, random, offsetsInsideCharacters(bytes)));
      expect(frames.map((frame) => JSON.stringify(JSON.parse(frame.data)))).toEqual(expected);
    }
  });

  it('respects strings containing brackets, braces, commas and escaped quotes', () => {
    const elements = [
      { text: 'a ] } , [ { "quoted" \\ back' },
      { nested: [[1, { x: '}' }], 'é🚀'] },
    ];
    const bytes = encoder.encode(JSON.stringify(elements));
    const random = createRandom(7);
    for (let round = 0; round < 200; round++) {
      const frames = decode(randomSplit(bytes, random, offsetsInsideCharacters(bytes)));
      expect(frames.map((frame) => JSON.parse(frame.data))).toEqual(elements);
    }
  });

  it('accepts an empty array and surrounding whitespace', () => {
    expect(decode([encoder.encode(' [ ] \r\n')])).toEqual([]);
    expect(decode([encoder.encode('\n[\n{"a":1}\n,\n{"b":2}\n]\n')]).map((f) => f.data)).toEqual([
      '{"a":1}',
      '{"b":2}',
    ]);
  });

  it('delivers the complete elements of a body that ends before the closing bracket', () => {
    expect(decode([encoder.encode('[{"a":1},{"b":2}')]).map((f) => f.data)).toEqual([
      '{"a":1}',
      '{"b":2}',
    ]);
  });

  it('fails with stream_error when the body ends inside an element', () => {
    const frames: StreamFrame[] = [];
    const decoder = createJsonArrayDecoder((frame) => frames.push(frame), { provider: 'gemini' });
    decoder.push(encoder.encode('[{"a":1},{"b":'));
    expect(() => decoder.end()).toThrow(ProviderError);
    expect(frames.map((f) => f.data)).toEqual(['{"a":1}']);
  });

  it('fails with stream_error for a body that is not a JSON array', () => {
    expect(() => decode([encoder.encode('data: {"a":1}\n\n')])).toThrow(/not a JSON array/);
    expect(() => decode([encoder.encode('[{"a":1} x]')])).toThrow(/between elements/);
    expect(() => decode([encoder.encode('[{"a":1}] trailing')])).toThrow(
      /after the closing bracket/,
    );
  });

  it('validates onFrame', () => {
    expect(() => createJsonArrayDecoder(42 as never)).toThrow(ValidationError);
  });
});
