import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { normalizeBaseURL, resolveBaseURL } from './base-url.js';

function argumentOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (ValidationError.isInstance(error)) return error.argument;
    throw error;
  }
  return undefined;
}

describe('normalizeBaseURL', () => {
  it('trims the URL and drops trailing slashes, keeping path and case', () => {
    expect(normalizeBaseURL(' https://generativelanguage.googleapis.com/v1beta// ', 'b')).toBe(
      'https://generativelanguage.googleapis.com/v1beta',
    );
    expect(normalizeBaseURL('http://localhost:11434/v1/', 'b')).toBe('http://localhost:11434/v1');
    expect(normalizeBaseURL('HTTPS://API.example/V1', 'b')).toBe('HTTPS://API.example/V1');
  });

  it('rejects anything but an absolute http(s) URL, naming the argument, secrets redacted', () => {
    for (const bad of ['localhost:8080', 'ftp://x.test', 'not a url', 'http:x', '', 42]) {
      expect(argumentOf(() => normalizeBaseURL(bad, 'options.baseURL'))).toBe('options.baseURL');
    }
    expect(() => normalizeBaseURL('ftp://u:hunter22@x.test/?key=abc', 'X_URL')).toThrow(
      /X_URL.*\[REDACTED\]/s,
    );
    try {
      normalizeBaseURL('ftp://u:hunter22@x.test/?key=abc', 'X_URL');
    } catch (error) {
      expect(String(error)).not.toContain('hunter22');
    }
  });
});

describe('resolveBaseURL', () => {
  const defaults = { defaultURL: 'https://api.example/v1', envVars: ['A_URL', 'B_URL'] };

  it('prefers the option, then the first variable set, then the default', () => {
    const env = { A_URL: 'http://a.test/v1/', B_URL: 'http://b.test/v1' };
    expect(resolveBaseURL({ ...defaults, env, baseURL: 'http://opt.test/' })).toBe(
      'http://opt.test',
    );
    expect(resolveBaseURL({ ...defaults, env })).toBe('http://a.test/v1');
    expect(resolveBaseURL({ ...defaults, env: { A_URL: '  ', B_URL: 'http://b.test/v1' } })).toBe(
      'http://b.test/v1',
    );
    expect(resolveBaseURL({ ...defaults, env: {} })).toBe('https://api.example/v1');
  });

  it('reads process.env by default', () => {
    process.env.AIGO_HTTP_TEST_BASE_URL = 'http://from-process.test/';
    try {
      expect(
        resolveBaseURL({ defaultURL: 'http://d.test', envVars: ['AIGO_HTTP_TEST_BASE_URL'] }),
      ).toBe('http://from-process.test');
    } finally {
      delete process.env.AIGO_HTTP_TEST_BASE_URL;
    }
  });

  it('names where a bad URL came from', () => {
    expect(argumentOf(() => resolveBaseURL({ ...defaults, baseURL: 'x', env: {} }))).toBe(
      'options.baseURL',
    );
    expect(
      argumentOf(() =>
        resolveBaseURL({ ...defaults, baseURL: 'x', argument: 'options.endpoint', env: {} }),
      ),
    ).toBe('options.endpoint');
    expect(argumentOf(() => resolveBaseURL({ ...defaults, env: { B_URL: 'localhost:1' } }))).toBe(
      'B_URL',
    );
    expect(argumentOf(() => resolveBaseURL(undefined as never))).toBe('options');
  });
});
