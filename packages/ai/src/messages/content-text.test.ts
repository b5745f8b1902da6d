import { describe, expect, it } from 'vitest';
import { contentText } from './content-text.js';

describe('contentText', () => {
  it('reads a string, the text parts of an array joined with newlines, else nothing', () => {
    expect(contentText('hello')).toBe('hello');
    expect(
      contentText([
        { type: 'text', text: 'a' },
        { type: 'image', data: 'AA==' },
        null,
        { type: 'text', text: 'b' },
        { type: 'text', text: 3 },
      ]),
    ).toBe('a\nb');
    expect(contentText(undefined)).toBe('');
    expect(contentText({ type: 'text', text: 'x' })).toBe('');
  });
});
