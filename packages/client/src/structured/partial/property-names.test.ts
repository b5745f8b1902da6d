import { describe, expect, it } from 'vitest';
import { propertyName } from './property-names.js';

describe('propertyName', () => {
  it('gives the same characters, and the same string for a key seen again', () => {
    const text = '"description":1,"description":2';
    const first = text.slice(1, 12);
    const second = text.slice(17, 28);
    expect(first).toBe('description');
    expect(propertyName(first)).toBe('description');
    expect(propertyName(second)).toBe(propertyName(first));
  });

  it('keeps keys that mean something to objects as plain names', () => {
    expect(propertyName('__proto__')).toBe('__proto__');
    expect(propertyName('constructor')).toBe('constructor');
    expect(propertyName('0')).toBe('0');
    expect(propertyName('')).toBe('');
  });

  it('stays correct past the most names it keeps', () => {
    for (let index = 0; index < 3000; index++) {
      expect(propertyName(`key-${index}`)).toBe(`key-${index}`);
    }
    expect(propertyName('key-7')).toBe('key-7');
  });
});
