import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { escapeHtml } from './escape-html.js';

describe('canonicalJson', () => {
  it('sorts the keys of every object, keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson(undefined)).toBe('undefined');
    expect(canonicalJson('x')).toBe('"x"');
  });
});

describe('escapeHtml', () => {
  it('escapes what HTML reads as markup', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
