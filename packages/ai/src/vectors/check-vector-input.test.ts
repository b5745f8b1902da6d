import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import {
  checkQueryOptions,
  checkVectorIds,
  checkVectorRecords,
  DEFAULT_TOP_K,
} from './check-vector-input.js';
import { vectorScore } from './vector-math.js';

function argumentOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).argument;
  }
  throw new Error('did not throw');
}

describe('vector input checks', () => {
  it.each<[string, unknown, boolean, string]>([
    ['not an array', {}, false, 'records'],
    ['a record that is null', [null], false, 'records[0]'],
    ['an empty id', [{ id: '', vector: [1, 2] }], false, 'records[0].id'],
    [
      'a repeated id',
      [
        { id: 'a', vector: [1, 2] },
        { id: 'a', vector: [1, 2] },
      ],
      false,
      'records[1].id',
    ],
    ['a vector of the wrong length', [{ id: 'a', vector: [1] }], false, 'records[0].vector'],
    ['a NaN in the vector', [{ id: 'a', vector: [1, Number.NaN] }], false, 'records[0].vector[1]'],
    ['no vector and no embedder', [{ id: 'a', text: 'x' }], false, 'records[0].vector'],
    ['no vector and no text', [{ id: 'a' }], true, 'records[0].vector'],
    ['text not a string', [{ id: 'a', vector: [1, 2], text: 1 }], false, 'records[0].text'],
    [
      'metadata an array',
      [{ id: 'a', vector: [1, 2], metadata: [] }],
      false,
      'records[0].metadata',
    ],
    [
      'metadata with Infinity',
      [{ id: 'a', vector: [1, 2], metadata: { x: Infinity } }],
      false,
      'records[0].metadata',
    ],
  ])('rejects records: %s', (_label, records, canEmbed, argument) => {
    expect(argumentOf(() => checkVectorRecords(records, 2, canEmbed))).toBe(argument);
  });

  it('accepts a record to embed when the store can embed', () => {
    expect(() => checkVectorRecords([{ id: 'a', text: 'x' }], 2, true)).not.toThrow();
  });

  it.each<[string, unknown, string]>([
    ['topK 0', { topK: 0 }, 'options.topK'],
    ['topK fractional', { topK: 1.5 }, 'options.topK'],
    ['topK too large', { topK: 5000 }, 'options.topK'],
    ['minScore NaN', { minScore: Number.NaN }, 'options.minScore'],
    ['signal not a signal', { signal: {} }, 'options.signal'],
    ['filter bad', { filter: { a: { $bad: 1 } } }, 'options.filter.a.$bad'],
  ])('rejects query options: %s', (_label, options, argument) => {
    expect(argumentOf(() => checkQueryOptions(options as never))).toBe(argument);
  });

  it('defaults topK to 10', () => {
    expect(checkQueryOptions(undefined).topK).toBe(DEFAULT_TOP_K);
  });

  it('rejects bad ids', () => {
    expect(argumentOf(() => checkVectorIds(['a', 3]))).toBe('ids[1]');
    expect(argumentOf(() => checkVectorIds('a'))).toBe('ids');
  });

  it('scores by metric, higher is closer', () => {
    expect(vectorScore('cosine', [1, 0], [2, 0])).toBeCloseTo(1);
    expect(vectorScore('cosine', [1, 0], [0, 3])).toBeCloseTo(0);
    expect(vectorScore('cosine', [0, 0], [1, 1])).toBe(0);
    expect(vectorScore('inner_product', [1, 2], [3, 4])).toBe(11);
    expect(vectorScore('l2', [0, 0], [3, 4])).toBeCloseTo(1 / 6);
  });
});
