import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { chunkId } from './build-chunks.js';
import { chunkText } from './chunk-text.js';

const words = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => `w${from + index}`).join(' ');
/** One token per word, to make sizes easy to read. */
const countWords = (text: string) => (text.match(/\S+/g) ?? []).length;

describe('chunkText', () => {
  it('packs whole paragraphs while they fit, and numbers the chunks with stable ids', () => {
    const text = `${words(4)}\n\n${words(4, 4)}\n\n\n${words(4, 8)}`;
    const chunks = chunkText({ id: 'doc', text }, { maxTokens: 8, countTokens: countWords });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      `${words(4)}\n\n${words(4, 4)}`,
      words(4, 8),
    ]);
    expect(chunks.map((chunk) => [chunk.position, chunk.tokens, chunk.headings])).toEqual([
      [0, 8, []],
      [1, 4, []],
    ]);
    expect(chunks[0]?.id).toBe(chunkId('doc', 0, chunks[0]?.text as string));
    expect(chunks[0]?.id).toMatch(/^[0-9a-f]{32}$/);
    expect(chunkText({ id: 'doc', text }, { maxTokens: 8, countTokens: countWords })).toEqual(
      chunks,
    );
    expect(
      chunkText({ id: 'other', text }, { maxTokens: 8, countTokens: countWords })[0]?.id,
    ).not.toBe(chunks[0]?.id);
  });

  it('cuts a long paragraph between sentences, then words, with an overlap of whole pieces', () => {
    const sentences = Array.from({ length: 6 }, (_, index) => `S${index} ${words(3, index * 10)}.`);
    const chunks = chunkText(
      { id: 'doc', text: sentences.join(' ') },
      { maxTokens: 8, overlapTokens: 4, countTokens: countWords },
    );
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      `${sentences[0]} ${sentences[1]}`,
      `${sentences[1]} ${sentences[2]}`,
      `${sentences[2]} ${sentences[3]}`,
      `${sentences[3]} ${sentences[4]}`,
      `${sentences[4]} ${sentences[5]}`,
    ]);
    expect(chunks.every((chunk) => chunk.tokens <= 8)).toBe(true);
  });

  it('cuts a word longer than a chunk by characters, never inside a surrogate pair', () => {
    const text = `${'🚀'.repeat(10)}`;
    const chunks = chunkText({ id: 'doc', text }, { maxTokens: 3 });
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(text);
    for (const chunk of chunks) {
      expect(chunk.tokens).toBeLessThanOrEqual(3);
      expect(chunk.text).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
  });

  it('gives no chunk for an empty text', () => {
    expect(chunkText({ id: 'doc', text: ' \n\n\t ' })).toEqual([]);
  });

  it.each<[string, unknown, unknown, string]>([
    ['a document without id', { text: 'x' }, undefined, 'document.id'],
    ['a document with a number text', { id: 'a', text: 1 }, undefined, 'document.text'],
    ['an unknown document field', { id: 'a', text: 'x', body: 'y' }, undefined, 'document.body'],
    ['maxTokens 0', { id: 'a', text: 'x' }, { maxTokens: 0 }, 'options.maxTokens'],
    [
      'overlapTokens equal to maxTokens',
      { id: 'a', text: 'x' },
      { maxTokens: 10, overlapTokens: 10 },
      'options.overlapTokens',
    ],
    [
      'a countTokens that is no function',
      { id: 'a', text: 'x' },
      { countTokens: 4 },
      'options.countTokens',
    ],
    ['an unknown option', { id: 'a', text: 'x' }, { size: 4 }, 'options.size'],
    [
      'a countTokens returning NaN',
      { id: 'a', text: 'x' },
      { countTokens: () => Number.NaN },
      'options.countTokens',
    ],
  ])('rejects %s', (_label, document, options, argument) => {
    try {
      chunkText(document as never, options as never);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).argument).toBe(argument);
    }
  });
});
