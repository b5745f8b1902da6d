import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { inMemoryLexicalIndex } from './in-memory-lexical-index.js';

/** Okapi BM25 of one term in one field, by hand (MiniSearch counts a field's distinct words). */
function bm25(tf: number, n: number, total: number, length: number, average: number): number {
  const idf = Math.log(1 + (total - n + 0.5) / (n + 0.5));
  return (idf * (tf * (1.2 + 1))) / (tf + 1.2 * (1 - 0.75 + (0.75 * length) / average));
}

describe('inMemoryLexicalIndex', () => {
  it('scores by BM25, computed by hand, best first', async () => {
    const index = inMemoryLexicalIndex({ stemmer: false, stopWords: false });
    await index.upsert([
      { id: 'a', text: 'apple banana apple' },
      { id: 'b', text: 'banana cherry' },
      { id: 'c', text: 'cherry date fig grape' },
    ]);
    // Distinct words: a 2, b 2, c 4 — average 8/3.
    const average = 8 / 3;
    const apple = await index.search('apple');
    expect(apple.map((match) => match.id)).toEqual(['a']);
    expect(apple[0]?.score).toBeCloseTo(bm25(2, 1, 3, 2, average), 12);
    const both = await index.search('banana cherry');
    const expected = {
      a: bm25(1, 2, 3, 2, average),
      b: bm25(1, 2, 3, 2, average) + bm25(1, 2, 3, 2, average),
      c: bm25(1, 2, 3, 4, average),
    };
    expect(both.map((match) => match.id)).toEqual(['b', 'a', 'c']);
    for (const match of both)
      expect(match.score).toBeCloseTo(expected[match.id as keyof typeof expected], 12);
  });

  it('stems English and drops stop words by default', async () => {
    const index = inMemoryLexicalIndex();
    await index.upsert([
      { id: 'refunds', text: 'Refunds are paid within 14 days.' },
      { id: 'shipping', text: 'Shipping takes 3 to 5 working days.' },
    ]);
    expect((await index.search('refund')).map((match) => match.id)).toEqual(['refunds']);
    expect((await index.search('ships')).map((match) => match.id)).toEqual(['shipping']);
    // Stop words only: nothing to look for, not an error.
    expect(await index.search('the and of')).toEqual([]);
  });

  it('reads "any" (default) and "all" queries', async () => {
    const records = [
      { id: 'a', text: 'battery pack too cold' },
      { id: 'b', text: 'battery warranty' },
    ];
    const any = inMemoryLexicalIndex();
    const all = inMemoryLexicalIndex({ match: 'all' });
    await any.upsert(records);
    await all.upsert(records);
    expect((await any.search('cold battery')).map((match) => match.id)).toEqual(['a', 'b']);
    expect((await all.search('cold battery')).map((match) => match.id)).toEqual(['a']);
  });

  it('searches the context at a lower weight, returns the record fields, honours k and filter', async () => {
    const index = inMemoryLexicalIndex();
    await index.upsert([
      {
        id: 'c1',
        text: 'Open from 9 to 18.',
        context: 'Shop hours',
        metadata: { lang: 'en' },
        document: { id: 'shop', title: 'Shop' },
        position: 0,
      },
      { id: 'c2', text: 'Hours of the shop: 9 to 18.', metadata: { lang: 'it' } },
    ]);
    const found = await index.search('hours');
    expect(found.map((match) => match.id)).toEqual(['c2', 'c1']);
    expect(found[1]).toMatchObject({
      text: 'Open from 9 to 18.',
      context: 'Shop hours',
      metadata: { lang: 'en' },
      document: { id: 'shop', title: 'Shop' },
      position: 0,
    });
    expect(await index.search('hours', { k: 1 })).toHaveLength(1);
    expect(
      (await index.search('hours', { filter: { lang: 'en' } })).map((match) => match.id),
    ).toEqual(['c1']);
  });

  it('replaces by id, deletes by id and by document', async () => {
    const index = inMemoryLexicalIndex();
    await index.upsert([
      { id: 'x', text: 'alpha', document: { id: 'd1' } },
      { id: 'y', text: 'beta', document: { id: 'd1' } },
      { id: 'z', text: 'gamma', document: { id: 'd2' } },
    ]);
    await index.upsert([{ id: 'x', text: 'delta', document: { id: 'd2' } }]);
    expect(await index.search('alpha')).toEqual([]);
    expect((await index.search('delta')).map((match) => match.id)).toEqual(['x']);
    expect(await index.deleteDocument('d2')).toBe(2);
    expect(await index.delete(['y', 'missing'])).toBe(1);
    expect(index.size).toBe(0);
    expect(await index.search('gamma')).toEqual([]);
  });

  it('refuses bad options, records and searches, naming them', async () => {
    for (const [options, argument] of [
      [{ match: 'some' }, 'options.match'],
      [{ k1: -1 }, 'options.k1'],
      [{ b: 2 }, 'options.b'],
      [{ stemmer: 'porter' }, 'options.stemmer'],
      [{ stopWords: 3 }, 'options.stopWords'],
      [{ language: 'english' }, 'options.language'],
    ] as const) {
      expect(() => inMemoryLexicalIndex(options as never)).toThrow(
        expect.objectContaining({ argument }),
      );
    }
    const index = inMemoryLexicalIndex();
    await expect(index.upsert([{ id: 'a' } as never])).rejects.toMatchObject({
      argument: 'records[0].text',
    });
    await expect(index.search('')).rejects.toBeInstanceOf(ValidationError);
    await expect(index.search('x', { k: 0 })).rejects.toMatchObject({ argument: 'options.k' });
    await expect(index.deleteDocument('')).rejects.toMatchObject({ argument: 'documentId' });
  });
});
