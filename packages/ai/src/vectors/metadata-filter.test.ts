import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import type { JsonObject } from '../json.js';
import { jsonEqual, matchesMetadataFilter } from './match-metadata-filter.js';
import type { MetadataFilter } from './metadata-filter.js';
import { parseMetadataFilter } from './parse-metadata-filter.js';

const record: JsonObject = {
  topic: 'billing',
  year: 2023,
  tags: ['a', 'b'],
  author: { name: 'Ada', langs: ['en'] },
  pinned: false,
  note: null,
};

function matches(filter: MetadataFilter): boolean {
  return matchesMetadataFilter(record, parseMetadataFilter(filter));
}

describe('metadata filters', () => {
  it.each<[string, MetadataFilter, boolean]>([
    ['empty filter', {}, true],
    ['equal string', { topic: 'billing' }, true],
    ['unequal string', { topic: 'sales' }, false],
    ['dotted path', { 'author.name': 'Ada' }, true],
    ['nested object equality, any key order', { author: { langs: ['en'], name: 'Ada' } }, true],
    ['array equality is ordered', { tags: ['b', 'a'] }, false],
    ['missing field never equals', { missing: null }, false],
    ['null equals null', { note: null }, true],
    ['$ne on a missing field matches', { missing: { $ne: 1 } }, true],
    ['$ne on an equal field', { topic: { $ne: 'billing' } }, false],
    ['$in', { topic: { $in: ['sales', 'billing'] } }, true],
    ['$nin', { topic: { $nin: ['sales', 'billing'] } }, false],
    ['$nin on a missing field matches', { missing: { $nin: [1] } }, true],
    ['range', { year: { $gte: 2020, $lt: 2024 } }, true],
    ['range excludes', { year: { $gt: 2023 } }, false],
    ['range on a non-number never matches', { topic: { $gt: 0 } }, false],
    ['$exists true', { pinned: { $exists: true } }, true],
    ['$exists false', { pinned: { $exists: false } }, false],
    ['$exists on null', { note: { $exists: true } }, true],
    ['$or', { $or: [{ topic: 'sales' }, { pinned: false }] }, true],
    ['$and', { $and: [{ topic: 'billing' }, { year: 2024 }] }, false],
    ['AND of keys', { topic: 'billing', year: 2023 }, true],
    ['numbers equal by value', { year: 2023.0 }, true],
    ['booleans are not numbers', { pinned: 0 }, false],
  ])('%s', (_label, filter, expected) => {
    expect(matches(filter)).toBe(expected);
  });

  it.each<[string, unknown, string]>([
    ['not an object', 'topic', 'options.filter'],
    ['unknown operator', { year: { $near: 1 } }, 'options.filter.year.$near'],
    ['range with a string', { year: { $gt: '2020' } }, 'options.filter.year.$gt'],
    ['$in not an array', { topic: { $in: 'a' } }, 'options.filter.topic.$in'],
    ['$exists not a boolean', { topic: { $exists: 1 } }, 'options.filter.topic.$exists'],
    ['empty $or', { $or: [] }, 'options.filter.$or'],
    ['top-level operator', { $gt: 1 }, 'options.filter.$gt'],
    ['mixed operators and fields', { a: { $eq: 1, b: 2 } }, 'options.filter.a'],
    ['empty path segment', { 'a..b': 1 }, 'options.filter.a..b'],
    ['NaN value', { a: Number.NaN }, 'options.filter.a'],
    ['function value', { a: () => 1 }, 'options.filter.a'],
  ])('rejects %s, naming the part', (_label, filter, argument) => {
    try {
      parseMetadataFilter(filter);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).argument).toBe(argument);
    }
  });

  it('compares JSON values deeply', () => {
    expect(jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
  });
});
