import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { fnv1a } from './fnv1a.js';
import { checkIdentifier, checkSchemaName, qualifiedName, quoteIdentifier } from './identifiers.js';

describe('identifiers', () => {
  it('accepts plain identifiers of any case and quotes them', () => {
    expect(checkIdentifier('Chat_History2', 'tableName')).toBe('Chat_History2');
    expect(checkIdentifier('_x', 'tableName')).toBe('_x');
    expect(quoteIdentifier('Chat')).toBe('"Chat"');
    expect(qualifiedName('app', 'Chat')).toBe('"app"."Chat"');
    expect(checkSchemaName('public')).toBe('public');
  });

  const bad: ReadonlyArray<[string, unknown]> = [
    ['empty', ''],
    ['starting with a digit', '1x'],
    ['with a dash', 'a-b'],
    ['with a quote', 'a"b'],
    ['with SQL', 'x; DROP TABLE users; --'],
    ['qualified', 'a.b'],
    ['non-ASCII', 'tâble'],
    ['not a string', 42],
    ['too long', 'x'.repeat(64)],
  ];
  it.each(bad)('rejects a name %s, naming the argument', (_label, value) => {
    expect(() => checkIdentifier(value, 'tableName')).toThrow(
      expect.objectContaining({ name: 'ValidationError', argument: 'tableName' }),
    );
  });

  it('applies a shorter limit with its reason', () => {
    expect(() =>
      checkIdentifier('x'.repeat(11), 'table', { maxLength: 10, maxLengthReason: 'derived names' }),
    ).toThrow(/must be at most 10 characters \(got 11\): derived names$/);
  });

  it('rejects pg_ schemas, in any case', () => {
    for (const schema of ['pg_catalog', 'PG_temp']) {
      expect(() => checkSchemaName(schema)).toThrow(ValidationError);
    }
    expect(() => checkSchemaName('a b', 'where')).toThrow(
      expect.objectContaining({ argument: 'where' }),
    );
  });

  it('fnv1a is the 32-bit FNV-1a hash', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});
