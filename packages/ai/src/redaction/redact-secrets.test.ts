import { describe, expect, it } from 'vitest';
import { redactSecrets, redactUrlSecrets, secretQueryValues } from './redact-secrets.js';
import { REDACTED } from './secret-patterns.js';

describe('redactSecrets', () => {
  it.each([
    ['Authorization: Bearer abcdefgh12345678', `Authorization: Bearer ${REDACTED}`],
    ['basic dXNlcjpwYXNzd29yZA==', `basic ${REDACTED}`],
    ['key sk-proj-abcdefghijklmnop1234 used', `key ${REDACTED} used`],
    ['AIzaSyA1234567890abcdefghijklmnopqrstu', REDACTED],
    ['gsk_abcdefghijklmnopqrstuv', REDACTED],
    ['xai-abcdefghijklmnopqrstuv', REDACTED],
    ['ghp_abcdefghijklmnopqrstuvwxyz0123456789', REDACTED],
    ['Credential=AKIAIOSFODNN7EXAMPLE/20150830', `Credential=${REDACTED}/20150830`],
    ['temporary ASIAIOSFODNN7EXAMPLE key', `temporary ${REDACTED} key`],
    ['token ya29.a0AfH6SMBx3Example-Token_Value here', `token ${REDACTED} here`],
    [
      'POST https://generativelanguage.googleapis.com/v1beta/models/m:generateContent?alt=sse&key=abc123',
      `POST https://generativelanguage.googleapis.com/v1beta/models/m:generateContent?alt=sse&key=${REDACTED}`,
    ],
    ['https://x.test/cb?code=xyz&state=1', `https://x.test/cb?code=${REDACTED}&state=1`],
    [
      'https://x.test/a?api_key=1&access_token=2',
      `https://x.test/a?api_key=${REDACTED}&access_token=${REDACTED}`,
    ],
    ['postgres://user:hunter2@db:5432/app', `postgres://${REDACTED}@db:5432/app`],
    ['Bearer abcdefghijk', `Bearer ${REDACTED}`],
    // Basic credentials without digits or padding (base64 of "user:pass") are still credentials.
    ['Authorization: Basic dXNlcjpwYXNz', `Authorization: Basic ${REDACTED}`],
    ['TOKEN abc_defghij', `TOKEN ${REDACTED}`],
    ['a?key=x', `a?key=${REDACTED}`],
  ])('%s', (text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it('removes bearer tokens and key shapes, keeping the scheme', () => {
    const key = 'sk-proj-FAKEKEY0123456789abcdefXYZ';
    const google = 'AIzaSyFAKE-0123456789abcdefghijklmnopq';
    expect(
      redactSecrets(
        `Authorization: Bearer abcdefghijklmnop123 key ${key} google ${google} groq gsk_0123456789abcdefghijABCD`,
      ),
    ).toBe(`Authorization: Bearer ${REDACTED} key ${REDACTED} google ${REDACTED} groq ${REDACTED}`);
  });

  it('leaves ordinary text and prose about authentication alone, without a copy', () => {
    for (const text of [
      'The capital of France is Paris.',
      'https://example.com/search?q=otel&page=2',
      'risk-assessment-document',
      'Token counts: 12 in, 5 out',
      'Basic authentication is not supported; send a Bearer token instead.',
      'token validation failed',
      '',
    ]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });
});

describe('redactUrlSecrets', () => {
  it('hides secret query parameters and user:password@ credentials, nothing else', () => {
    expect(redactUrlSecrets('https://u:p@h.test/a?token=abc&access_token=def#frag')).toBe(
      `https://${REDACTED}@h.test/a?token=${REDACTED}&access_token=${REDACTED}#frag`,
    );
    expect(redactUrlSecrets('https://x.test/a?monkey=1&keyboard=2')).toBe(
      'https://x.test/a?monkey=1&keyboard=2',
    );
  });
});

describe('secretQueryValues', () => {
  it('lists the values of secret parameters, raw and percent-decoded', () => {
    expect(secretQueryValues('https://h.test/v1?alt=sse&key=a%2Fb&sig=xyz&q=1')).toEqual([
      'a%2Fb',
      'a/b',
      'xyz',
    ]);
    expect(secretQueryValues('https://h.test/v1')).toEqual([]);
    expect(secretQueryValues('https://h.test/v1?key=%E0%A4%A')).toEqual(['%E0%A4%A']);
  });
});
