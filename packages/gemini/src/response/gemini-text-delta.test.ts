import { describe, expect, it } from 'vitest';
import { TextDeltaTracker } from './gemini-text-delta.js';

function deltas(chunks: readonly string[]): string[] {
  const tracker = new TextDeltaTracker();
  return chunks.map((chunk) => tracker.delta(chunk));
}

describe('TextDeltaTracker', () => {
  it.each([
    {
      name: 'incremental chunks pass through (what Gemini sends)',
      chunks: ['The', ' capital of Wyoming', ' is **Cheyenne**.\n'],
      expected: ['The', ' capital of Wyoming', ' is **Cheyenne**.\n'],
    },
    {
      name: 'cumulative chunks become deltas',
      chunks: ['Hello', 'Hello world', 'Hello world!'],
      expected: ['Hello', ' world', '!'],
    },
    {
      name: 'the v0.4.0 regression: incremental text is never sliced',
      chunks: ['Hello', ' world', '!', 'd'],
      expected: ['Hello', ' world', '!', 'd'],
    },
    {
      name: 'repeated identical increments are kept',
      chunks: ['\n', '\n', '\n'],
      expected: ['\n', '\n', '\n'],
    },
    {
      name: 'once incremental, a chunk that happens to repeat the text is still appended',
      chunks: ['ab', 'c', 'abc'],
      expected: ['ab', 'c', 'abc'],
    },
    {
      name: 'once cumulative, an unchanged chunk adds nothing',
      chunks: ['a', 'ab', 'abc', 'abc', 'abcd'],
      expected: ['a', 'b', 'c', '', 'd'],
    },
    {
      name: 'empty chunks add nothing',
      chunks: ['', 'x', ''],
      expected: ['', 'x', ''],
    },
  ])('$name', ({ chunks, expected }) => {
    expect(deltas(chunks)).toEqual(expected);
    expect(deltas(chunks).join('')).toBe(expected.join(''));
  });
});
