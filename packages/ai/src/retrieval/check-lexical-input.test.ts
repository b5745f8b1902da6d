import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import { checkLexicalRecords, checkLexicalSearch } from './check-lexical-input.js';

function argumentOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (ValidationError.isInstance(error)) return (error as ValidationError).argument;
    throw error;
  }
  return undefined;
}

describe('checkLexicalSearch', () => {
  it('defaults k to 10 and parses the filter', () => {
    const checked = checkLexicalSearch('refunds', { filter: { topic: 'billing' } });
    expect(checked.k).toBe(10);
    expect(checked.filter).toMatchObject({ kind: 'and' });
  });

  it.each([
    [() => checkLexicalSearch('', undefined), 'query'],
    [() => checkLexicalSearch('   ', undefined), 'query'],
    [() => checkLexicalSearch(3, undefined), 'query'],
    [() => checkLexicalSearch('a', { k: 0 }), 'options.k'],
    [() => checkLexicalSearch('a', { k: -3 }), 'options.k'],
    [() => checkLexicalSearch('a', { k: 1.5 }), 'options.k'],
    [
      () => checkLexicalSearch('a', { filter: { year: { $gt: 'x' } } } as never),
      'options.filter.year.$gt',
    ],
  ])('refuses bad input (%#), naming %s', (run, argument) => {
    expect(argumentOf(run)).toBe(argument);
  });
});

describe('checkLexicalRecords', () => {
  it('accepts records with text and the optional fields', () => {
    expect(() =>
      checkLexicalRecords([
        { id: 'a', text: 'hello', metadata: { x: 1 }, document: { id: 'd' }, position: 0 },
        { id: 'b', text: '', context: 'Title' },
      ]),
    ).not.toThrow();
  });

  it.each([
    [{ id: '', text: 'x' }, 'records[0].id'],
    [{ id: 'a' }, 'records[0].text'],
    [{ id: 'a', text: 'x', metadata: [] }, 'records[0].metadata'],
    [{ id: 'a', text: 'x', document: { id: '' } }, 'records[0].document.id'],
    [{ id: 'a', text: 'x', position: -1 }, 'records[0].position'],
    [{ id: 'a', text: 'x', context: 3 }, 'records[0].context'],
  ])('refuses %j, naming %s', (record, argument) => {
    expect(argumentOf(() => checkLexicalRecords([record]))).toBe(argument);
  });

  it('refuses an id twice', () => {
    expect(
      argumentOf(() =>
        checkLexicalRecords([
          { id: 'a', text: 'x' },
          { id: 'a', text: 'y' },
        ]),
      ),
    ).toBe('records[1].id');
  });
});
