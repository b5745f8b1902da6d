import { describe, expect, it } from 'vitest';
import { mergeHeaders } from './merge-headers.js';

describe('mergeHeaders', () => {
  it('lower-cases names, later maps win, undefined values are left out', () => {
    expect(
      mergeHeaders({ 'Acme-Version': '1', 'acme-beta': undefined }, undefined, {
        'ACME-VERSION': '2',
        'X-Team': 'a',
      }),
    ).toEqual({ 'acme-version': '2', 'x-team': 'a' });
  });
});
