import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { clipText } from './clip-text.js';

describe('clipText', () => {
  it('returns text up to max characters as it is', () => {
    expect(clipText('short', 5)).toBe('short');
    expect(clipText('', 0)).toBe('');
  });

  it('cuts longer text at max characters, drops the trailing space of the cut and adds ...', () => {
    expect(clipText('abcdefgh', 4)).toBe('abcd...');
    expect(clipText('one two three', 8)).toBe('one two...');
    expect(clipText('x'.repeat(250), 200)).toBe(`${'x'.repeat(200)}...`);
  });

  it('names the bad argument', () => {
    expect(() => clipText(undefined as never, 3)).toThrow(ValidationError);
    expect(() => clipText(undefined as never, 3)).toThrow(/text/);
    expect(() => clipText('abc', -1)).toThrow(/max/);
    expect(() => clipText('abc', 1.5)).toThrow(/max/);
  });
});
