import { describe, expect, it } from 'vitest';
import { PartialArgsBuilder, parseJsonPath } from './gemini-partial-args.js';

describe('parseJsonPath', () => {
  it.each([
    ['$.location', ['location']],
    ['$.a.b', ['a', 'b']],
    ['$.stops[1].city', ['stops', 1, 'city']],
    ["$['odd key']", ['odd key']],
    ['$', []],
    ['location', undefined],
    ['$..x', undefined],
    ['$.a[', undefined],
    [undefined, undefined],
  ] as const)('%s → %j', (path, expected) => {
    expect(parseJsonPath(path)).toEqual(expected);
  });
});

describe('PartialArgsBuilder', () => {
  it('appends string fragments and sets other values by path', () => {
    const builder = new PartialArgsBuilder();
    builder.apply({ jsonPath: '$.location', stringValue: 'San ', willContinue: true });
    builder.apply({ jsonPath: '$.location', stringValue: 'Francisco' });
    builder.apply({ jsonPath: '$.days', numberValue: 3 });
    builder.apply({ jsonPath: '$.metric', boolValue: true });
    builder.apply({ jsonPath: '$.stops[0].city', stringValue: 'Reno' });
    builder.apply({ jsonPath: '$.note', nullValue: null });
    builder.apply({ jsonPath: 'broken', stringValue: 'ignored' });
    expect(JSON.parse(builder.toJson())).toEqual({
      location: 'San Francisco',
      days: 3,
      metric: true,
      stops: [{ city: 'Reno' }],
      note: null,
    });
  });

  it('is an empty object before any fragment', () => {
    expect(new PartialArgsBuilder().toJson()).toBe('{}');
  });
});
