import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE_BUDGET, formatBytes, sizeBudgetOf, sizeProblem } from './size-budget.js';

describe('sizeBudgetOf', () => {
  it('defaults to 150 KiB', () => {
    expect(DEFAULT_SIZE_BUDGET).toBe(153_600);
    expect(sizeBudgetOf({ name: 'x' })).toEqual({ ok: true, bytes: 153_600, custom: false });
    expect(sizeBudgetOf({ aigo: {} })).toEqual({ ok: true, bytes: 153_600, custom: false });
  });

  it('reads aigo.sizeBudget', () => {
    expect(sizeBudgetOf({ aigo: { sizeBudget: 1_000_000 } })).toEqual({
      ok: true,
      bytes: 1_000_000,
      custom: true,
    });
  });

  it.each([[0], [-1], [1.5], ['100'], [null], [Number.POSITIVE_INFINITY]])(
    'rejects sizeBudget %s',
    (sizeBudget) => {
      expect(sizeBudgetOf({ aigo: { sizeBudget } })).toEqual({
        ok: false,
        problem: '"aigo.sizeBudget" must be a positive whole number of bytes',
      });
    },
  );

  it('rejects an aigo field that is not an object', () => {
    expect(sizeBudgetOf({ aigo: 5 })).toMatchObject({ ok: false });
    expect(sizeBudgetOf({ aigo: [] })).toMatchObject({ ok: false });
  });
});

describe('sizeProblem', () => {
  it('accepts a tarball at or under the budget', () => {
    expect(sizeProblem(100, 100)).toBeUndefined();
    expect(sizeProblem(99, 100)).toBeUndefined();
  });

  it('names both sizes when over', () => {
    expect(sizeProblem(200 * 1024, 150 * 1024)).toBe(
      'packed size 200.0 KiB is over its budget of 150.0 KiB (raise "aigo.sizeBudget" only for a reason)',
    );
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [49_500, '48.3 KiB'],
    [1_258_291, '1.20 MiB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
