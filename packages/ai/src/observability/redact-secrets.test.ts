import { describe, expect, it } from 'vitest';
import {
  isSecretName,
  REDACTED,
  redactAttribute,
  redactSecrets as redactText,
} from './redact-secrets.js';

describe('isSecretName', () => {
  it.each([
    'authorization',
    'http.request.header.authorization',
    'Proxy-Authorization',
    'api_key',
    'apiKey',
    'x-api-key',
    'http.request.header.x-goog-api-key',
    'client_secret',
    'password',
    'db.passwd',
    'cookie',
    'set-cookie',
    'credentials',
    'auth.token',
    'access_token',
    'oauth.refresh-token',
    'token',
    'key',
  ])('%s is secret', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    'gen_ai.usage.input_tokens',
    'gen_ai.usage.output_tokens',
    'gen_ai.token.type',
    'gen_ai.client.token.usage',
    'llm.tokens.total',
    'gen_ai.request.max_tokens',
    'gen_ai.tool.call.id',
    'gen_ai.request.model',
    'monkey',
    'http.url',
  ])('%s is not secret', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

describe('redactText', () => {
  it.each([
    ['Authorization: Bearer abcdefgh12345678', `Authorization: Bearer ${REDACTED}`],
    ['basic dXNlcjpwYXNzd29yZA==', `basic ${REDACTED}`],
    ['key sk-proj-abcdefghijklmnop1234 used', `key ${REDACTED} used`],
    ['AIzaSyA1234567890abcdefghijklmnopqrstu', REDACTED],
    ['gsk_abcdefghijklmnopqrstuv', REDACTED],
    ['xai-abcdefghijklmnopqrstuv', REDACTED],
    ['ghp_abcdefghijklmnopqrstuvwxyz0123456789', REDACTED],
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
  ])('%s', (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      'The capital of France is Paris.',
      'https://example.com/search?q=otel&page=2',
      'risk-assessment-document',
      'Token counts: 12 in, 5 out',
      '',
    ]) {
      expect(redactText(text)).toBe(text);
    }
  });
});

describe('redactAttribute', () => {
  it('hides values of secret names, redacts strings and string arrays, keeps other values', () => {
    expect(redactAttribute('authorization', 'Bearer x')).toBe(REDACTED);
    expect(redactAttribute('api_key', ['a', 'b'])).toEqual([REDACTED, REDACTED]);
    expect(redactAttribute('http.url', 'https://h.test/?key=abc')).toBe(
      `https://h.test/?key=${REDACTED}`,
    );
    expect(redactAttribute('stop', ['Bearer abcdefghijk', 'END'])).toEqual([
      `Bearer ${REDACTED}`,
      'END',
    ]);
    expect(redactAttribute('gen_ai.usage.input_tokens', 12)).toBe(12);
    expect(redactAttribute('token', 7)).toBe(7);
    expect(redactAttribute('flags', [true, false])).toEqual([true, false]);
  });
});
