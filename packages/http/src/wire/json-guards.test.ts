import { describe, expect, it } from 'vitest';
import { arrayOf, isRecord, nonEmptyString, numberOf, recordOf, stringOf } from './json-guards.js';

describe('the JSON guards', () => {
  it('read what is there and never throw', () => {
    expect([{}, [], null, 'x', 1].map(isRecord)).toEqual([true, false, false, false, false]);
    expect([stringOf('a'), stringOf(''), stringOf(1)]).toEqual(['a', '', undefined]);
    expect([nonEmptyString('a'), nonEmptyString(''), nonEmptyString(null)]).toEqual([
      'a',
      undefined,
      undefined,
    ]);
    expect([numberOf(2), numberOf(Number.NaN), numberOf('2')]).toEqual([2, undefined, undefined]);
    expect(arrayOf([1])).toEqual([1]);
    expect(arrayOf(null)).toBe(arrayOf('x'));
    expect(Object.isFrozen(arrayOf(undefined))).toBe(true);
    expect(recordOf({ a: 1 })).toEqual({ a: 1 });
    expect(recordOf([1])).toBeUndefined();
  });
});
