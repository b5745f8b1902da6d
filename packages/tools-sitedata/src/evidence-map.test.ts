import { describe, expect, it } from 'vitest';
import { confirm, EvidenceMap } from './evidence-map.js';

describe('EvidenceMap', () => {
  it('keeps the first value, the highest confidence and every source of a key', () => {
    const map = new EvidenceMap<string>();
    map.add('a', 'first', 0.5, 'home:text');
    map.add('a', 'second', 0.9, 'contact:mailto');
    map.add('a', 'third', 0.7, 'home:text');
    map.add('b', 'other', 0.4, 'about:text');
    expect(map.has('a')).toBe(true);
    expect(map.has('c')).toBe(false);
    expect(map.entries()).toEqual([
      { value: 'first', confidence: 0.9, sources: new Set(['home:text', 'contact:mailto']) },
      { value: 'other', confidence: 0.4, sources: new Set(['about:text']) },
    ]);
  });

  it('finds the first entry whose value passes a test, which confirm then strengthens', () => {
    const map = new EvidenceMap<{ street?: string }>();
    map.add('x', {}, 0.8, 'a');
    map.add('y', { street: 'Main St 1' }, 0.8, 'b');
    const found = map.find((value) => value.street !== undefined);
    expect(found?.value).toEqual({ street: 'Main St 1' });
    if (found !== undefined) confirm(found, 0.95, 'c');
    expect(map.entries()[1]).toEqual({
      value: { street: 'Main St 1' },
      confidence: 0.95,
      sources: new Set(['b', 'c']),
    });
    expect(map.find(() => false)).toBeUndefined();
  });
});
