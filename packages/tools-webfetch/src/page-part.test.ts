import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { type PagePart, pagePart } from './page-part.js';

/** Every part from offset 0 on, following `end` until the last. */
function allParts(content: string, maxCharacters: number): PagePart[] {
  const parts = [pagePart(content, 0, maxCharacters)];
  for (let last = parts[0]; last?.truncated; last = parts.at(-1)) {
    parts.push(pagePart(content, last.end, maxCharacters));
  }
  return parts;
}

const paragraphs = Array.from(
  { length: 12 },
  (_, index) => `Paragraph ${index + 1}: ${'lorem ipsum dolor sit amet '.repeat(3).trim()}.`,
).join('\n\n');

describe('pagePart', () => {
  it('returns content that fits whole, from 0 to the end', () => {
    expect(pagePart('A short page.', 0, 100)).toEqual({
      text: 'A short page.',
      offset: 0,
      end: 13,
      total: 13,
      truncated: false,
    });
    expect(pagePart('', 0, 100)).toEqual({
      text: '',
      offset: 0,
      end: 0,
      total: 0,
      truncated: false,
    });
    expect(pagePart('exactly', 0, 7).truncated).toBe(false);
  });

  it('cuts after a paragraph break in the last fifth, and the parts put together are the content', () => {
    const parts = allParts(paragraphs, 300);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.map((part) => part.text).join('')).toBe(paragraphs);
    for (const [index, part] of parts.entries()) {
      expect(part.text.length).toBeLessThanOrEqual(300);
      expect(part.total).toBe(paragraphs.length);
      expect(part.offset).toBe(index === 0 ? 0 : parts[index - 1]?.end);
      expect(part.truncated).toBe(index < parts.length - 1);
      // Each part but the last ends with a paragraph break; each starts a paragraph.
      if (part.truncated) expect(part.text.endsWith('\n\n')).toBe(true);
      expect(part.text.startsWith('Paragraph ')).toBe(true);
    }
    expect(parts.at(-1)?.end).toBe(paragraphs.length);
  });

  it('falls back to a line break, then a space, then a hard cut', () => {
    const lines = 'line one\nline two\nline three\nline four';
    // 20 characters: the last fifth is 16–20, and the line break at 17 is in it.
    expect(pagePart(lines, 0, 20)).toMatchObject({ text: 'line one\nline two\n', end: 18 });
    // 24: the last fifth is 20–24, the line break is not in it, the space at 22 is.
    expect(pagePart(lines, 0, 24)).toMatchObject({ text: 'line one\nline two\nline ', end: 23 });
    const words = 'alpha beta gamma delta epsilon';
    expect(pagePart(words, 0, 20)).toMatchObject({ text: 'alpha beta gamma ', end: 17 });
    // A break too early (before the last fifth) is not taken: the part would be too short.
    expect(pagePart(`a ${'x'.repeat(40)}`, 0, 20)).toMatchObject({
      text: `a ${'x'.repeat(18)}`,
      end: 20,
    });
    const solid = 'y'.repeat(45);
    expect(allParts(solid, 20).map((part) => part.text.length)).toEqual([20, 20, 5]);
  });

  it('never splits a surrogate pair, and an offset inside one starts at the pair', () => {
    const emoji = '😀'.repeat(30); // 60 UTF-16 code units, no boundaries
    const parts = allParts(emoji, 7);
    expect(parts.map((part) => part.text).join('')).toBe(emoji);
    for (const part of parts) {
      expect(part.text.length % 2).toBe(0);
      expect(part.text.length).toBeLessThanOrEqual(7);
    }
    // One character a part: the pair comes whole, one over, and the paging still moves on.
    expect(allParts('😀😀', 1).map((part) => part.text)).toEqual(['😀', '😀']);
    expect(pagePart(emoji, 3, 4)).toMatchObject({ offset: 2, text: '😀😀', end: 6 });
  });

  it('refuses an offset past the end, saying how long the content is', () => {
    for (const offset of [13, 14, 1_000_000]) {
      let caught: unknown;
      try {
        pagePart('A short page.', offset, 100);
      } catch (error) {
        caught = error;
      }
      expect(ValidationError.isInstance(caught), String(offset)).toBe(true);
      expect((caught as ValidationError).argument).toBe('offset');
      expect((caught as ValidationError).message).toBe(
        `Invalid offset: ${offset} is past the end of the content, which has 13 characters: ask for an offset below 13 (0 is the start)`,
      );
    }
    expect(pagePart('A short page.', 12, 100)).toMatchObject({ text: '.', truncated: false });
  });
});
